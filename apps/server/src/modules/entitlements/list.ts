import {
  ENTITLEMENT_MESSAGES,
  ENTITLEMENT_PAGE_DEFAULT,
  type EntitlementListQuery,
  type EntitlementListReply,
  type ShopGame,
} from '@portal/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { entitlements } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { decodePosition, encodePosition, type Position, positionKey } from '../../lib/paging';
import { toEntitlement } from './records';

const grantedAt = sql`${entitlements.grantedAt}`;

/** The cursor a previous page handed out; anything else is a 422 on `after`, before any query. */
function cursorOf(after: string | undefined): Position | null {
  try {
    return decodePosition(after);
  } catch (error) {
    if (error instanceof AppError) throw validationError({ after: [ENTITLEMENT_MESSAGES.badCursor] });
    throw error;
  }
}

/**
 * A game's entitlements, oldest first (granted_at, then id), a page at a time: keyset paging on the indexes
 * entitlements_game_*_granted_idx, so page 1,000 costs what page 1 does. Only the given game's, ever.
 */
export async function listEntitlements(
  ctx: ServiceContext,
  game: ShopGame,
  query: EntitlementListQuery,
): Promise<EntitlementListReply> {
  const limit = query.limit ?? ENTITLEMENT_PAGE_DEFAULT;
  const after = cursorOf(query.after);
  const conditions: SQL[] = [eq(entitlements.game, game)];
  if (query.status) conditions.push(eq(entitlements.status, query.status));
  if (query.player) conditions.push(eq(entitlements.userId, query.player));
  if (after)
    conditions.push(
      sql`(${entitlements.grantedAt}, ${entitlements.id}) > ((${after.at}::timestamp at time zone 'UTC'), ${after.id}::uuid)`,
    );
  const rows = await ctx.db
    .select({ row: entitlements, positionAt: sql<string>`${positionKey(grantedAt)}` })
    .from(entitlements)
    .where(and(...conditions))
    .orderBy(asc(entitlements.grantedAt), asc(entitlements.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    entitlements: page.map(({ row }) => toEntitlement(row)),
    next: rows.length > limit && last ? encodePosition({ at: last.positionAt, id: last.row.id }) : null,
  };
}
