import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import { sanctionAppeals, sanctions } from '../../db/schema/index';
import type { ServiceContext, TxContext } from '../../lib/context';
import type { SanctionRow } from './in-force';
import type { AppealRow } from './standing';

/*
 * Sanctions and appeals as staff's side (moderation) places, lifts, lists and decides them: the rows are
 * written and read here; moderation decides who may do what and tells the player and the games.
 */

/** Places a sanction: the new row. */
export async function insertSanction(
  tx: TxContext,
  values: typeof sanctions.$inferInsert,
): Promise<SanctionRow> {
  const [placed] = await tx.db.insert(sanctions).values(values).returning();
  return placed!;
}

/** The sanction `id`, locked until the transaction ends; null when there is none. */
export async function lockSanction(tx: TxContext, id: string): Promise<SanctionRow | null> {
  const [row] = await tx.db.select().from(sanctions).where(eq(sanctions.id, id)).for('update');
  return row ?? null;
}

/** Marks the sanction `id` lifted: the row as lifted. */
export async function markSanctionLifted(
  tx: TxContext,
  id: string,
  lift: { at: Date; by: string; reason: string },
): Promise<SanctionRow> {
  const [lifted] = await tx.db
    .update(sanctions)
    .set({ liftedAt: lift.at, liftedBy: lift.by, liftReason: lift.reason })
    .where(eq(sanctions.id, id))
    .returning();
  return lifted!;
}

/** The sanctions with these ids (unknown ids are left out). */
export function sanctionsByIds(ctx: ServiceContext, ids: string[]): Promise<SanctionRow[]> {
  return ctx.db.select().from(sanctions).where(inArray(sanctions.id, ids));
}

/** The sanction `id`, or null. */
export async function findSanction(ctx: ServiceContext, id: string): Promise<SanctionRow | null> {
  const [row] = await ctx.db.select().from(sanctions).where(eq(sanctions.id, id));
  return row ?? null;
}

/** One page of sanctions, newest first, filtered by state at `now`, game, scope and player. */
export function sanctionsPage(
  ctx: ServiceContext,
  filter: {
    status?: 'active' | 'lifted' | 'expired';
    game?: SanctionRow['game'];
    scope?: SanctionRow['scope'];
    player?: string;
  },
  now: Date,
  limit: number,
  offset: number,
): Promise<SanctionRow[]> {
  const byStatus: Record<'active' | 'lifted' | 'expired', SQL | undefined> = {
    active: and(isNull(sanctions.liftedAt), or(isNull(sanctions.expiresAt), gt(sanctions.expiresAt, now))),
    lifted: isNotNull(sanctions.liftedAt),
    expired: and(isNull(sanctions.liftedAt), lte(sanctions.expiresAt, now)),
  };
  const where = and(
    filter.status ? byStatus[filter.status] : undefined,
    filter.game ? eq(sanctions.game, filter.game) : undefined,
    filter.scope ? eq(sanctions.scope, filter.scope) : undefined,
    filter.player ? eq(sanctions.userId, filter.player) : undefined,
  );
  return ctx.db
    .select()
    .from(sanctions)
    .where(where)
    .orderBy(desc(sanctions.createdAt), desc(sanctions.id))
    .limit(limit)
    .offset(offset);
}

/** One page of the appeals in `status`, oldest first. */
export function appealsPage(
  ctx: ServiceContext,
  status: AppealRow['status'],
  limit: number,
  offset: number,
): Promise<AppealRow[]> {
  return ctx.db
    .select()
    .from(sanctionAppeals)
    .where(eq(sanctionAppeals.status, status))
    .orderBy(asc(sanctionAppeals.createdAt), asc(sanctionAppeals.id))
    .limit(limit)
    .offset(offset);
}

/** The appeal `id`, locked until the transaction ends; null when there is none. */
export async function lockAppeal(tx: TxContext, id: string): Promise<AppealRow | null> {
  const [appeal] = await tx.db.select().from(sanctionAppeals).where(eq(sanctionAppeals.id, id)).for('update');
  return appeal ?? null;
}

/** Records staff's decision on the appeal `id`: the row as decided. */
export async function markAppealDecided(
  tx: TxContext,
  id: string,
  decision: { status: 'upheld' | 'lifted'; answer: string; by: string; at: Date },
): Promise<AppealRow> {
  const [row] = await tx.db
    .update(sanctionAppeals)
    .set({ status: decision.status, answer: decision.answer, decidedBy: decision.by, decidedAt: decision.at })
    .where(eq(sanctionAppeals.id, id))
    .returning();
  return row!;
}
