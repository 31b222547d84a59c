import type { OrderDelivery, OrderFulfilment } from '@portal/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { entitlements, webhookDeliveries } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { toDelivery } from './deliveries-admin';
import { toEntitlement } from './records';

/**
 * An order's entitlements (by sku) and the webhook deliveries of their events (oldest first), for the
 * sales dashboard and the player detail. Deliveries are found by entitlement (index
 * webhook_deliveries_entitlement_idx).
 */
export async function fulfilmentOfOrder(ctx: ServiceContext, orderId: string): Promise<OrderFulfilment> {
  const rows = await ctx.db
    .select()
    .from(entitlements)
    .where(eq(entitlements.orderId, orderId))
    .orderBy(asc(entitlements.sku));
  const deliveries =
    rows.length === 0
      ? []
      : await ctx.db
          .select()
          .from(webhookDeliveries)
          .where(
            inArray(
              webhookDeliveries.entitlementId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
  return { entitlements: rows.map(toEntitlement), deliveries: deliveries.map(toDelivery) };
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
