import { randomBytes } from 'node:crypto';
import type { OrderFailureReason, ShopGame } from '@portal/contract';
import { and, asc, eq, gt, isNotNull, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import { orderItems, orders } from '../../db/schema/index';
import type { ServiceContext, TxContext } from '../../lib/context';
import { grantEntitlements } from '../entitlements';
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

/**
 * A second payment, with another transaction, for an order already SUCCESSFUL (a double charge): nothing more
 * is granted, and the order is marked as owed a refund (the sales dashboard's "Refund due"). Only the first
 * such payment marks it. True when this call marked it.
 */
export async function recordDoubleCharge(
  ctx: ServiceContext,
  orderId: string,
  providerTransactionId: string,
): Promise<boolean> {
  const now = ctx.clock.now();
  const marked = await ctx.db
    .update(orders)
    .set({ latePaidAt: now, updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'SUCCESSFUL'),
        isNull(orders.latePaidAt),
        // Paid by a known transaction and this is another (an order_paid one has none to compare: not marked).
        isNotNull(orders.providerTransactionId),
        ne(orders.providerTransactionId, providerTransactionId),
      ),
    )
    .returning({ id: orders.id });
  return marked.length > 0;
}

/**
 * Cancels the player's unpaid orders (of one shop, when `game` is given) and gives their stock back: a
 * sanction that stops purchases stops the checkouts already open (issue #37). A payment that arrives later
 * is a late payment, owed a refund (recordLatePayment). Answers how many were canceled.
 */
export async function cancelOpenOrdersOf(
  ctx: ServiceContext,
  userId: string,
  game?: ShopGame,
): Promise<number> {
  const open = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.userId, userId), eq(orders.status, 'Pending'), game ? eq(orders.game, game) : undefined),
    );
  let canceled = 0;
  for (const order of open) if (await markOrderFailed(ctx, order.id, 'canceled')) canceled += 1;
  return canceled;
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
