import { FRAUD_REFUND_CODES, type OrderDispute, type OrderFraud } from '@portal/contract';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { revokeEntitlementsOf } from '../entitlements';
import type { OrderRecord } from './service';

/* Money going back: refunds (whole, partial, claimed by staff), and the fraud and disputes they name. */

/**
 * A payment the order did not need, not refunded yet: paid after it had FAILED, or paid a second time (a
 * double charge: another transaction for an order already SUCCESSFUL). The player is owed that money.
 */
export const isRefundDue = (order: Pick<OrderRecord, 'status' | 'latePaidAt'>): boolean =>
  (order.status === 'FAILED' || order.status === 'SUCCESSFUL') && order.latePaidAt !== null;

/** The fraud a refund of the order named, as finance sees it (null when none did). */
export function fraudOf(code: number | null): OrderFraud | null {
  if (code === null) return null;
  return { code, reason: FRAUD_REFUND_CODES[code as keyof typeof FRAUD_REFUND_CODES] ?? `Code ${code}` };
}

/** The order's dispute, as the sales dashboard and player detail show it (null when there is none). */
export function disputeOf(order: {
  disputeStatus: string | null;
  disputeType: string | null;
  disputeReason: string | null;
  disputeOpenedAt: Date | string | null;
  disputeUpdatedAt: Date | string | null;
}): OrderDispute | null {
  if (order.disputeStatus === null) return null;
  const iso = (at: Date | string | null) => (at === null ? '' : new Date(at).toISOString());
  return {
    status: order.disputeStatus,
    type: order.disputeType,
    reason: order.disputeReason,
    opened_at: iso(order.disputeOpenedAt),
    updated_at: iso(order.disputeUpdatedAt),
  };
}

/** Money was taken for it and not given back yet. */
export const isRefundable = (order: Pick<OrderRecord, 'status' | 'latePaidAt'>): boolean =>
  order.status === 'SUCCESSFUL' || isRefundDue(order);

/** Money was taken for it: SUCCESSFUL, or FAILED with a late payment (refund due). */
const paidOrder = or(
  eq(orders.status, 'SUCCESSFUL'),
  and(eq(orders.status, 'FAILED'), isNotNull(orders.latePaidAt)),
);

type MoneyBack = {
  /** REFUNDED (by staff or the provider) or CHARGEBACK (the card holder's bank took it back). */
  status: 'REFUNDED' | 'CHARGEBACK';
  reason: string | null;
  /** The staff member who refunded it; null when the provider told the portal. */
  refundedBy: string | null;
};

/**
 * A paid order → REFUNDED or CHARGEBACK, the whole amount given back (decision 0034), and its entitlements
 * revoked in the same transaction (decision 0036; lock order: the order's row, then its entitlements, then
 * their webhook deliveries). Forward-only and idempotent: false when the order was not paid or has already
 * been refunded. Stock stays as it is: a paid order's items were delivered when it was paid, and a refund-due
 * order's stock went back when it failed. Called inside a unit of work, it joins it.
 */
export async function markOrderRefunded(
  ctx: ServiceContext,
  orderId: string,
  { status, reason, refundedBy }: MoneyBack,
): Promise<boolean> {
  return ctx.transaction(async (tx) => {
    const now = ctx.clock.now();
    const updated = await tx.db
      .update(orders)
      .set({
        status,
        refundedAmount: sql`${orders.amount}`,
        refundedAt: now,
        refundReason: reason,
        refundedBy,
        updatedAt: now,
      })
      .where(and(eq(orders.id, orderId), paidOrder))
      .returning({ id: orders.id });
    if (updated.length === 0) return false;
    await revokeEntitlementsOf(tx, orderId);
    return true;
  });
}

/** A claim older than this was left by a process that stopped mid-refund (provider calls time out in 10 s). */
const REFUND_CLAIM_STALE_MS = 10 * 60_000;

/**
 * Claims a paid order for a staff refund before the provider is asked (decision 0040): true for the one
 * caller that gets it, false when it is not paid or another refund holds a live claim. Two staff members
 * refunding at once thus never both reach the provider.
 */
export async function claimOrderRefund(ctx: ServiceContext, orderId: string): Promise<boolean> {
  const now = ctx.clock.now();
  const staleBefore = new Date(now.getTime() - REFUND_CLAIM_STALE_MS);
  const claimed = await ctx.db
    .update(orders)
    .set({ refundClaimedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        paidOrder,
        or(isNull(orders.refundClaimedAt), lt(orders.refundClaimedAt, staleBefore)),
      ),
    )
    .returning({ id: orders.id });
  return claimed.length > 0;
}

/** Gives a claim back when the provider refused the refund, so staff may try again. */
export async function releaseOrderRefund(ctx: ServiceContext, orderId: string): Promise<void> {
  await ctx.db.update(orders).set({ refundClaimedAt: null }).where(eq(orders.id, orderId));
}

/**
 * A part of a SUCCESSFUL order's amount was given back (the provider's partial refund): it is added to the
 * order's refunded amount and the order stays SUCCESSFUL, and its entitlements stay (decision 0036), unless
 * the parts now reach the whole amount, which makes it REFUNDED and revokes them as a full refund does.
 * False when the order is not SUCCESSFUL.
 */
export async function recordPartialRefund(
  ctx: ServiceContext,
  orderId: string,
  amount: string,
  reason: string | null,
): Promise<boolean> {
  return ctx.transaction(async (tx) => {
    const now = ctx.clock.now();
    const refunded = sql`coalesce(${orders.refundedAmount}, 0) + ${amount}::numeric`;
    const [updated] = await tx.db
      .update(orders)
      .set({
        status: sql`case when ${refunded} >= ${orders.amount} then 'REFUNDED' else ${orders.status} end`,
        refundedAmount: sql`least(${refunded}, ${orders.amount})`,
        refundedAt: now,
        refundReason: reason,
        updatedAt: now,
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'SUCCESSFUL')))
      .returning({ status: orders.status });
    if (!updated) return false;
    if (updated.status === 'REFUNDED') await revokeEntitlementsOf(tx, orderId);
    return true;
  });
}

/** A refund of the order named fraud (Xsolla's codes 4, 7, 11, 12; decision 0036): kept for finance. */
export async function recordOrderFraud(ctx: ServiceContext, orderId: string, code: number): Promise<void> {
  await ctx.db
    .update(orders)
    .set({ fraudCode: code, updatedAt: ctx.clock.now() })
    .where(eq(orders.id, orderId));
}

/**
 * The card holder disputes the payment (Xsolla's `dispute` notification: opened, then each change of status
 * up to its result): the order keeps the dispute's latest status, type and reason, when it was opened and when
 * the portal last heard of it. The order's own status is not changed: money moves only with a refund.
 */
export async function recordOrderDispute(
  ctx: ServiceContext,
  orderId: string,
  dispute: { status: string; type: string | null; reason: string | null; openedAt: Date | null },
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .update(orders)
    .set({
      disputeStatus: dispute.status,
      disputeType: sql`coalesce(${dispute.type}, ${orders.disputeType})`,
      disputeReason: sql`coalesce(${dispute.reason}, ${orders.disputeReason})`,
      disputeOpenedAt: sql`coalesce(${orders.disputeOpenedAt}, ${(dispute.openedAt ?? now).toISOString()}::timestamptz)`,
      disputeUpdatedAt: now,
      updatedAt: now,
    })
    .where(eq(orders.id, orderId));
}
