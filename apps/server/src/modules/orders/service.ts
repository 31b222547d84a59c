import { randomBytes } from 'node:crypto';
import {
  FRAUD_REFUND_CODES,
  type OrderDispute,
  type OrderFailureReason,
  type OrderFraud,
  type ShopGame,
} from '@portal/contract';
import { and, asc, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { orderItems, orders } from '../../db/schema/index';
import type { ServiceContext, TxContext } from '../../lib/context';
import { grantEntitlements, revokeEntitlementsOf } from '../entitlements';
import { releaseStock, restoreCartLines } from '../shop';
import { enqueueReceipt } from './receipt';

/**
 * Orders: created Pending by checkout, then moved forward exactly once, to SUCCESSFUL (paid) or FAILED
 * (declined, canceled, expired). Other modules (payments, analytics) read and move orders only through these
 * functions.
 */
export type OrderRecord = typeof orders.$inferSelect;
export type OrderItemRecord = typeof orderItems.$inferSelect;

/** A transaction id that cannot be guessed: game prefix, time, 12 random bytes. */
export function newTxnid(game: ShopGame, now: Date): string {
  const prefix = game === 'yggdra' ? 'YG' : 'TR';
  return `${prefix}${now.getTime().toString(36).toUpperCase()}${randomBytes(12).toString('hex').toUpperCase()}`;
}

export async function createOrder(
  ctx: ServiceContext,
  input: {
    txnid: string;
    userId: string;
    game: ShopGame;
    amount: string;
    currency: string;
    provider: string;
    /** 'cart' unless Buy Now made it. */
    origin?: OrderRecord['origin'];
    reservedUntil: Date;
    items: { productId: string; sku: string; name: string; quantity: number; unitPrice: string }[];
  },
): Promise<OrderRecord> {
  const now = ctx.clock.now();
  const [order] = await ctx.db
    .insert(orders)
    .values({
      txnid: input.txnid,
      userId: input.userId,
      game: input.game,
      amount: input.amount,
      currency: input.currency,
      provider: input.provider,
      origin: input.origin ?? 'cart',
      reservedUntil: input.reservedUntil,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await ctx.db.insert(orderItems).values(input.items.map((item) => ({ ...item, orderId: order!.id })));
  return order!;
}

export async function findOrderByTxnid(ctx: ServiceContext, txnid: string): Promise<OrderRecord | null> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.txnid, txnid)).limit(1);
  return order ?? null;
}

export async function findOrderByProviderOrderId(
  ctx: ServiceContext,
  provider: string,
  providerOrderId: string,
) {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerOrderId, providerOrderId)))
    .limit(1);
  return order ?? null;
}

export async function orderItemsOf(ctx: ServiceContext, orderId: string): Promise<OrderItemRecord[]> {
  return ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.sku));
}

export async function setProviderOrderId(ctx: ServiceContext, orderId: string, providerOrderId: string) {
  await ctx.db.update(orders).set({ providerOrderId }).where(eq(orders.id, orderId));
}

/**
 * Grants the paid order's lines as entitlements and enqueues its receipt (decision 0044), in the transaction
 * `tx` that just locked the order's row. `late`: paid after the order had failed.
 */
async function grantOrder(tx: TxContext, order: OrderRecord, late = false) {
  const items = await tx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  await grantEntitlements(tx, order, items);
  await enqueueReceipt(tx, order, items, late);
}

/**
 * Pending → SUCCESSFUL; the reserved stock stays taken (committed), and each line becomes a pending
 * entitlement of its game in the same transaction (lock order: the order's row, then its entitlements, then
 * their webhook deliveries). Returns false when the order was not Pending any more (forward-only: a late or
 * repeated payment changes nothing, and grants nothing a second time).
 */
export async function markOrderPaid(
  ctx: ServiceContext,
  orderId: string,
  providerTransactionId: string | null,
): Promise<boolean> {
  return ctx.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [paid] = await tx.db
      .update(orders)
      .set({
        status: 'SUCCESSFUL',
        stockState: 'committed',
        paidAt: now,
        updatedAt: now,
        providerTransactionId,
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'Pending')))
      .returning();
    if (!paid) return false;
    await grantOrder(tx, paid);
    return true;
  });
}

/**
 * A payment for an order that has already FAILED (it expired or was declined first): the order stays FAILED
 * and its stock stays released, but it is marked as owed a refund for the sales dashboard. It was paid all the
 * same, so its lines become entitlements in the same transaction (as markOrderPaid). Only the first such
 * payment counts (a repeated notification changes nothing). True when this call marked it.
 */
export async function recordLatePayment(
  ctx: ServiceContext,
  orderId: string,
  providerTransactionId: string | null,
): Promise<boolean> {
  return ctx.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [paid] = await tx.db
      .update(orders)
      .set({
        latePaidAt: now,
        updatedAt: now,
        providerTransactionId: sql`coalesce(${orders.providerTransactionId}, ${providerTransactionId})`,
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'FAILED'), isNull(orders.latePaidAt)))
      .returning();
    if (!paid) return false;
    await grantOrder(tx, paid, true);
    return true;
  });
}

/** Failures after which a cart order's lines go back in the cart: the player may simply try again. */
const CART_KEEPING_FAILURES: ReadonlySet<string> = new Set(['declined', 'canceled', 'provider_error']);

/**
 * Pending → FAILED and the reserved stock goes back, in one transaction; a declined or canceled cart order
 * (or one no payment page could be opened for) also puts its lines back in the cart (decision 0044; lock
 * order: the order's row, then the cart's). False when not Pending any more.
 */
export async function markOrderFailed(
  ctx: ServiceContext,
  orderId: string,
  reason: OrderFailureReason,
  providerTransactionId: string | null = null,
): Promise<boolean> {
  return ctx.transaction(async (tx) => {
    const now = ctx.clock.now();
    const updated = await tx.db
      .update(orders)
      .set({
        status: 'FAILED',
        stockState: 'released',
        failureReason: reason,
        updatedAt: now,
        ...(providerTransactionId ? { providerTransactionId } : {}),
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'Pending')))
      .returning({ userId: orders.userId, game: orders.game, origin: orders.origin });
    const [failed] = updated;
    if (!failed) return false;
    const items = await tx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    await releaseStock(tx, items);
    if (failed.origin === 'cart' && CART_KEEPING_FAILURES.has(reason))
      await restoreCartLines(tx, failed.userId, failed.game, items);
    return true;
  });
}

/** Paid after it had FAILED and not refunded yet: the player is owed their money. */
export const isRefundDue = (order: Pick<OrderRecord, 'status' | 'latePaidAt'>): boolean =>
  order.status === 'FAILED' && order.latePaidAt !== null;

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

/**
 * Scheduled: every Pending order whose 30-minute reservation has passed becomes FAILED (reason 'expired')
 * and its stock is released. Returns how many expired.
 */
export async function expireReservations(ctx: ServiceContext, batch = 200): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'Pending'), lt(orders.reservedUntil, now)))
    .orderBy(asc(orders.reservedUntil))
    .limit(batch);
  let expired = 0;
  for (const order of due) if (await markOrderFailed(ctx, order.id, 'expired')) expired += 1;
  return expired;
}

/**
 * Serialises the order-creating transactions of one player (both shops) until the transaction ends, so a
 * check of the player's open orders and the insert that follows it cannot interleave with another checkout's
 * (decision 0011). An advisory lock, not a row lock on `users`: sign-in and profile writes never wait for it.
 */
export async function lockPlayerOrders(db: ServiceContext['db'], userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`orders:${userId}`}))`);
}

/**
 * Fails the player's Pending orders whose reservation has passed (the scheduled task would within a minute),
 * so their stock is back and they no longer count as open. Returns how many expired.
 */
export async function expireOverdueOrdersOf(ctx: ServiceContext, userId: string): Promise<number> {
  const due = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'Pending'),
        lte(orders.reservedUntil, ctx.clock.now()),
      ),
    );
  let expired = 0;
  for (const order of due) if (await markOrderFailed(ctx, order.id, 'expired')) expired += 1;
  return expired;
}

/**
 * The player's open orders: Pending and still reserved, in both shops. `nextExpiry` is when the first of them
 * expires (null when none is open).
 */
export async function openOrdersOf(
  ctx: ServiceContext,
  userId: string,
): Promise<{ count: number; nextExpiry: Date | null }> {
  const [row] = await ctx.db
    .select({
      count: sql<number>`count(*)::int`,
      nextExpiry: sql<Date | null>`min(${orders.reservedUntil})`.mapWith(orders.reservedUntil),
    })
    .from(orders)
    .where(
      and(eq(orders.userId, userId), eq(orders.status, 'Pending'), gt(orders.reservedUntil, ctx.clock.now())),
    );
  const count = Number(row?.count ?? 0);
  return { count, nextExpiry: count > 0 ? (row?.nextExpiry ?? null) : null };
}

/** What the return pages show, from the order's real state (the page adds '!'). */
export function confirmationMessage(order: OrderRecord): string {
  if (order.status === 'SUCCESSFUL') return 'Payment successful. Thank you for your purchase';
  if (order.status === 'Pending') return 'Your payment is being processed';
  if (order.status === 'REFUNDED') return 'Your payment was refunded';
  if (order.status === 'CHARGEBACK') return 'Your payment was reversed by your bank';
  switch (order.failureReason) {
    case 'expired':
      return 'Your payment session expired and you were not charged';
    case 'canceled':
      return 'Your payment was canceled';
    default:
      return 'Your payment failed and you were not charged';
  }
}
