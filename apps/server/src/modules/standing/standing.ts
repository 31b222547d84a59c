import { type Appeal, SANCTION_MESSAGES, type Sanction, sanctionKindOf } from '@portal/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { sanctionAppeals, sanctions } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { type SanctionRow, sanctionStatus } from './in-force';

export type AppealRow = typeof sanctionAppeals.$inferSelect;

export const appealView = (row: AppealRow): Appeal => ({
  id: row.id,
  status: row.status,
  message: row.message,
  created_at: row.createdAt.toISOString(),
  answer: row.answer,
  decided_at: row.decidedAt?.toISOString() ?? null,
});

/** A sanction as the player and the games read it. */
export function sanctionView(row: SanctionRow, appeal: AppealRow | null, now: Date): Sanction {
  return {
    id: row.id,
    player: row.userId,
    scope: row.scope,
    kind: sanctionKindOf(row.scope),
    game: row.game,
    category: row.category,
    note: row.note,
    starts_at: row.startsAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    lifted_at: row.liftedAt?.toISOString() ?? null,
    status: sanctionStatus(row, now),
    appeal: appeal ? appealView(appeal) : null,
  };
}

/** The appeals of `sanctionIds`, by sanction. */
export async function appealsOf(ctx: ServiceContext, sanctionIds: string[]): Promise<Map<string, AppealRow>> {
  if (sanctionIds.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(sanctionAppeals)
    .where(inArray(sanctionAppeals.sanctionId, sanctionIds));
  return new Map(rows.map((row) => [row.sanctionId, row]));
}

/** GET /api/standing: every sanction of the player, those in force first, then newest first. */
export async function readStanding(ctx: ServiceContext, userId: string): Promise<{ sanctions: Sanction[] }> {
  const rows = await ctx.db
    .select()
    .from(sanctions)
    .where(eq(sanctions.userId, userId))
    .orderBy(desc(sanctions.startsAt));
  const appeals = await appealsOf(
    ctx,
    rows.map((row) => row.id),
  );
  const now = ctx.clock.now();
  const views = rows.map((row) => sanctionView(row, appeals.get(row.id) ?? null, now));
  const inForceFirst = (sanction: Sanction) => (sanction.status === 'active' ? 0 : 1);
  return { sanctions: views.sort((a, b) => inForceFirst(a) - inForceFirst(b)) };
}

/**
 * POST /api/standing/sanctions/{id}/appeal: one appeal per sanction, by its player (another player's
 * sanction is 404, as an unknown one); a second one is 409.
 */
export async function appealSanction(
  ctx: ServiceContext,
  userId: string,
  sanctionId: string,
  message: string,
): Promise<{ appeal: Appeal; message: string }> {
  return ctx.transaction(async (tx) => {
    const [sanction] = await tx.db
      .select({ id: sanctions.id })
      .from(sanctions)
      .where(and(eq(sanctions.id, sanctionId), eq(sanctions.userId, userId)));
    if (!sanction) throw notFound(SANCTION_MESSAGES.notFound);
    const [appeal] = await tx.db
      .insert(sanctionAppeals)
      .values({ sanctionId, message, createdAt: tx.clock.now() })
      .onConflictDoNothing({ target: sanctionAppeals.sanctionId })
      .returning();
    if (!appeal) throw new AppError('CONFLICT', SANCTION_MESSAGES.appealExists);
    return { appeal: appealView(appeal), message: SANCTION_MESSAGES.appealSent };
  });
}
