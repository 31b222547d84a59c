import type { Game } from '@portal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { userGames } from '../../db/schema/index';
import type { ServiceContext, TxContext } from '../../lib/context';

/*
 * What the game servers report of their players (the events module's ingestion, in its transaction): which
 * reported players are registered for the game, and user_games.level and user_games.session_start ("Last
 * Login" in the admin tables) kept current.
 */

/** The subset of `userIds` registered for `game`. */
export async function registeredPlayers(
  ctx: ServiceContext,
  game: Game,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await ctx.db
    .select({ userId: userGames.userId })
    .from(userGames)
    .where(
      and(
        eq(userGames.game, game),
        inArray(
          userGames.userId,
          sql`(select x::uuid from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb) as x)`,
        ),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/** Levels only rise (the highest reported wins); session_start is the latest session start. */
export async function applyPlayerActivity(
  tx: TxContext,
  game: Game,
  updates: { userId: string; level?: number; sessionStart?: string }[],
): Promise<void> {
  if (updates.length === 0) return;
  const input = JSON.stringify(
    updates.map((u) => ({
      user_id: u.userId,
      level: u.level ?? null,
      session_start: u.sessionStart ?? null,
    })),
  );
  const reported = sql`(
    select user_id, max(level) as level, max(session_start) as session_start
    from jsonb_to_recordset(${input}::jsonb) as r(user_id uuid, level int, session_start timestamptz)
    group by user_id
  ) as x`;
  await tx.db
    .update(userGames)
    .set({
      level: sql`greatest(${userGames.level}, coalesce(x.level, ${userGames.level}))`,
      sessionStart: sql`case when x.session_start is null then ${userGames.sessionStart}
        else greatest(coalesce(${userGames.sessionStart}, x.session_start), x.session_start) end`,
      updatedAt: sql`now()`,
    })
    .from(reported)
    .where(and(sql`${userGames.userId} = x.user_id`, eq(userGames.game, game)));
}
