import type { Entitlement } from '@portal/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { entitlements } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { enqueueEntitlementEvent } from './deliveries';
import { toEntitlement } from './records';

/**
 * The money of an order went back (refund or chargeback): its entitlements are revoked. A `pending` one
 * simply becomes `revoked` (the game must never grant it); a `consumed` one becomes `revoked` with
 * `clawback: true` (the game handed it over and may take it back). Each change writes its
 * `entitlement.revoked` webhook event. Call it in the transaction that moves the order to REFUNDED or
 * CHARGEBACK, after that update locked the order's row (lock order orders → entitlements →
 * webhook_deliveries). A consume racing with it waits for the row: whichever commits first, the result is
 * one of the two states above. Idempotent: revoked ones are left alone.
 */
export async function revokeEntitlementsOf(ctx: ServiceContext, orderId: string): Promise<Entitlement[]> {
  const rows = await ctx.db
    .update(entitlements)
    .set({
      status: 'revoked',
      revokedAt: ctx.clock.now(),
      // The row's status before this update.
      clawback: sql`${entitlements.status} = 'consumed'`,
    })
    .where(and(eq(entitlements.orderId, orderId), ne(entitlements.status, 'revoked')))
    .returning();
  const revoked = rows.sort((a, b) => a.sku.localeCompare(b.sku)).map(toEntitlement);
  for (const entitlement of revoked) await enqueueEntitlementEvent(ctx, 'entitlement.revoked', entitlement);
  return revoked;
}
