import type { Entitlement, OrderDelivery } from '@portal/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { entitlements } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { toEntitlement } from './records';

/** An order's entitlements, by sku (the sales dashboard's and player detail's fulfilment). */
export async function entitlementsOfOrder(ctx: ServiceContext, orderId: string): Promise<Entitlement[]> {
  const rows = await ctx.db
    .select()
    .from(entitlements)
    .where(eq(entitlements.orderId, orderId))
    .orderBy(asc(entitlements.sku));
  return rows.map(toEntitlement);
}

/**
 * Where each order's items are, for My Orders: `revoked` when the money went back (all of an order's
 * entitlements are revoked together), `delivered` once the game acknowledged every one (its webhook answered
 * 2xx, or it consumed it), `pending` before that. An order without entitlements (never paid) is absent.
 */
export async function deliveryOfOrders(
  ctx: ServiceContext,
  orderIds: string[],
): Promise<Map<string, OrderDelivery>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      orderId: entitlements.orderId,
      revoked: sql<boolean>`bool_or(${entitlements.status} = 'revoked')`,
      acknowledged: sql<boolean>`bool_and(${entitlements.status} = 'consumed' or ${entitlements.deliveredAt} is not null)`,
    })
    .from(entitlements)
    .where(inArray(entitlements.orderId, orderIds))
    .groupBy(entitlements.orderId);
  return new Map(
    rows.map((row) => [row.orderId, row.revoked ? 'revoked' : row.acknowledged ? 'delivered' : 'pending']),
  );
}
