import type { Entitlement, ShopGame } from '@portal/contract';
import { entitlements } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { enqueueEntitlementEvent } from './deliveries';
import { toEntitlement } from './records';

/** The order that became paid, as its entitlements name it. */
export interface PaidOrder {
  id: string;
  txnid: string;
  userId: string;
  game: ShopGame;
}

/**
 * Each line of an order that has just become paid becomes a `pending` entitlement, and its
 * `entitlement.granted` webhook event is written to the outbox (when the game has a webhook). Call it in the
 * transaction that marks the order paid (`ctx.db` is that transaction), after the order's row is locked by
 * that update: lock order orders → entitlements → webhook_deliveries. Once only: the unique (order_id, sku)
 * makes a repeated grant insert nothing, and only the rows this call inserted are announced.
 */
export async function grantEntitlements(
  ctx: ServiceContext,
  order: PaidOrder,
  lines: { sku: string; name: string; quantity: number }[],
): Promise<Entitlement[]> {
  if (lines.length === 0) return [];
  const grantedAt = ctx.clock.now();
  const rows = await ctx.db
    .insert(entitlements)
    .values(
      [...lines]
        .sort((a, b) => a.sku.localeCompare(b.sku))
        .map((line) => ({
          game: order.game,
          userId: order.userId,
          orderId: order.id,
          txnid: order.txnid,
          sku: line.sku,
          name: line.name,
          quantity: line.quantity,
          grantedAt,
        })),
    )
    .onConflictDoNothing({ target: [entitlements.orderId, entitlements.sku] })
    .returning();
  const granted = rows.sort((a, b) => a.sku.localeCompare(b.sku)).map(toEntitlement);
  for (const entitlement of granted) await enqueueEntitlementEvent(ctx, 'entitlement.granted', entitlement);
  return granted;
}
