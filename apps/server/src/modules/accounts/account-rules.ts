import type { Game, RouteGame } from '@portal/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { userGames } from '../../db/schema/index';
import { firstPortalGame } from '../../lib/account-tokens';
import type { ServiceContext } from '../../lib/context';
import type { FieldErrors } from '../../lib/errors';

// Rules several account use cases share: unique nicknames, the player's games, field errors.

/** The constraint a unique violation hit (walking Drizzle's wrapped causes), or null for other errors. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const e = current as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (e.code === '23505') return e.constraint ?? /"([^"]+)"/.exec(e.message ?? '')?.[1] ?? 'unknown';
    current = e.cause;
  }
  return null;
}

export async function nicknameTaken(
  ctx: ServiceContext,
  game: Game,
  nickname: string,
  exceptUserId?: string,
) {
  const [row] = await ctx.db
    .select({ id: userGames.id })
    .from(userGames)
    .where(
      and(
        eq(userGames.game, game),
        eq(sql`lower(${userGames.nickname})`, nickname.toLowerCase()),
        exceptUserId ? ne(userGames.userId, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function registeredGames(ctx: ServiceContext, userId: string) {
  return ctx.db
    .select()
    .from(userGames)
    .where(eq(userGames.userId, userId))
    .orderBy(asc(userGames.createdAt));
}

/** The game a link should lead back to: the asked one, else the player's first portal game, else Caliber. */
export async function linkGame(
  ctx: ServiceContext,
  userId: string,
  asked?: RouteGame | null,
): Promise<RouteGame> {
  return asked ?? firstPortalGame(ctx, userId);
}

export function add(errors: FieldErrors, field: string, message: string) {
  errors[field] = [...(errors[field] ?? []), message];
}
