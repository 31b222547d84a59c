import { type Game, SANCTION_MESSAGES, type SanctionRefusal, type SanctionStatus } from '@portal/contract';
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { sanctions } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { issueStandingToken } from './standing-token';

export type SanctionRow = typeof sanctions.$inferSelect;

/** What a request asks for, so only the sanctions that cover it refuse it. */
export interface SanctionNeed {
  /** The game the request is for (its launcher, an app of it, its shop); null: the portal itself. */
  game: Game | null;
  /** A purchase (checkout in any shop). */
  purchase?: boolean;
}

/** A sanction's state at `now`: no job ends one, the clock does (issue #37). */
export function sanctionStatus(row: Pick<SanctionRow, 'liftedAt' | 'expiresAt'>, now: Date): SanctionStatus {
  if (row.liftedAt) return 'lifted';
  return row.expiresAt && row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** The player's sanctions in force at `now` (one indexed read: those not lifted, of one player). */
export async function sanctionsInForce(
  ctx: ServiceContext,
  now: Date,
  userId: string,
): Promise<SanctionRow[]> {
  return ctx.db
    .select()
    .from(sanctions)
    .where(
      and(
        eq(sanctions.userId, userId),
        isNull(sanctions.liftedAt),
        or(isNull(sanctions.expiresAt), gt(sanctions.expiresAt, now)),
      ),
    );
}

/** The sanctions in force at `now` of several players (a page of the report queue), in one read. */
export async function sanctionsInForceOf(
  ctx: ServiceContext,
  now: Date,
  userIds: string[],
): Promise<SanctionRow[]> {
  if (userIds.length === 0) return [];
  return ctx.db
    .select()
    .from(sanctions)
    .where(
      and(
        inArray(sanctions.userId, userIds),
        isNull(sanctions.liftedAt),
        or(isNull(sanctions.expiresAt), gt(sanctions.expiresAt, now)),
      ),
    );
}

/** Whether `row` refuses what `need` asks: an account ban refuses everything, the others their own part. */
export function covers(row: Pick<SanctionRow, 'scope' | 'game'>, need: SanctionNeed): boolean {
  switch (row.scope) {
    case 'account':
      return true;
    case 'game':
      return need.game !== null && row.game === need.game;
    case 'purchases':
      return need.purchase === true;
    case 'chat':
      return false;
  }
}

/** The end that comes last (null, permanent, is the latest). */
const laterEnd = (a: SanctionRow, b: SanctionRow) =>
  a.expiresAt === null ? a : b.expiresAt === null ? b : a.expiresAt > b.expiresAt ? a : b;

/**
 * The sanction that refuses `need` for the player now, or null: an account ban before any other, then the one
 * that ends last, so the refusal names the date the player can come back.
 */
export async function refusingSanction(
  ctx: ServiceContext,
  userId: string,
  need: SanctionNeed,
): Promise<SanctionRow | null> {
  const covering = (await sanctionsInForce(ctx, ctx.clock.now(), userId)).filter((row) => covers(row, need));
  const account = covering.filter((row) => row.scope === 'account');
  const candidates = account.length > 0 ? account : covering;
  return candidates.length > 0 ? candidates.reduce(laterEnd) : null;
}

/** What a refusal tells: the scope, the reason category, the player's note and the end. */
export const refusalOf = (row: SanctionRow): SanctionRefusal => ({
  scope: row.scope,
  game: row.game,
  category: row.category,
  note: row.note,
  expires_at: row.expiresAt?.toISOString() ?? null,
});

/**
 * The 403 ACCOUNT_SANCTIONED of a refused request: the message names the reason and the end, `sanction`
 * says it for programs, and `standing_token` opens only the standing page and the appeal (for a player an
 * account ban keeps from signing in).
 */
export function sanctionedError(ctx: Pick<ServiceContext, 'clock' | 'config'>, row: SanctionRow): AppError {
  const sanction = refusalOf(row);
  return new AppError('ACCOUNT_SANCTIONED', SANCTION_MESSAGES.refused(sanction), undefined, {
    sanction,
    standing_token: issueStandingToken(ctx, row.userId),
  });
}

/** Throws the refusal when a sanction covers `need` for the player. */
export async function assertNotSanctioned(ctx: ServiceContext, userId: string, need: SanctionNeed) {
  const row = await refusingSanction(ctx, userId, need);
  if (row) throw sanctionedError(ctx, row);
}
