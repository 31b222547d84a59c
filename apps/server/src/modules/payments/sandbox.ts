import { randomBytes } from 'node:crypto';
import { formatCents, toCents } from '@portal/contract';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { sandboxDeliveries } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { signPayload, verifyPayload } from '../../lib/tokens';
import type { OrderRecord } from '../orders';
import type { PaymentProvider, PaymentRequest } from './provider';
import { webhookSecret, xsollaSignature } from './signature';
import { handleNotification, type NotificationLog, type WebhookAnswer } from './webhook';

/** A pending card's payment notification arrives this much later; a duplicate's second copy too. */
export const SANDBOX_LATE_DELIVERY_MS = 15_000;
export const SANDBOX_DUPLICATE_DELAY_MS = 3_000;

/**
 * The built-in provider: a hosted card page served by the portal itself at /sandbox-pay/{txnid}?token=…; the token is
 * a signed (txnid, expiry) pair, so the page needs no table of its own and dies with the reservation.
 */
export function sandboxProvider(ctx: ServiceContext): PaymentProvider {
  return {
    name: 'sandbox',
    async createPayment(request: PaymentRequest) {
      const providerOrderId = `SBX-${randomBytes(8).toString('hex').toUpperCase()}`;
      const token = signPayload(
        ctx.config.SECRET_KEY,
        { k: 'sandbox-pay', txnid: request.txnid, oid: providerOrderId },
        request.expiresAt,
      );
      return {
        redirectUri: `${ctx.config.PUBLIC_URL}/sandbox-pay/${encodeURIComponent(request.txnid)}?token=${token}`,
        providerOrderId,
      };
    },
    // The sandbox holds no money: its refund always succeeds.
    async refund() {},
  };
}

export function readSandboxToken(ctx: ServiceContext, token: string): { txnid: string; oid: string } | null {
  const payload = verifyPayload<{ k?: unknown; txnid?: unknown; oid?: unknown }>(
    ctx.config.SECRET_KEY,
    token,
    ctx.clock.now(),
  );
  if (payload?.k !== 'sandbox-pay' || typeof payload.txnid !== 'string' || typeof payload.oid !== 'string')
    return null;
  return { txnid: payload.txnid, oid: payload.oid };
}

/** Signs a notification like Xsolla does and hands it to the portal's webhook handler. */
export async function deliverSandboxNotification(
  ctx: ServiceContext,
  body: string,
  log: NotificationLog,
): Promise<WebhookAnswer> {
  const raw = Buffer.from(body, 'utf8');
  const signature = xsollaSignature(raw, webhookSecret(ctx.config));
  return handleNotification(ctx, raw, `Signature ${signature}`, log);
}

export function paymentNotification(
  order: OrderRecord,
  user: { id: string; email: string },
  transactionId: string,
) {
  return JSON.stringify({
    notification_type: 'payment',
    purchase: { total: { amount: Number(formatCents(toCents(order.amount))), currency: order.currency } },
    user: { id: user.id, email: user.email },
    transaction: {
      id: transactionId,
      external_id: order.txnid,
      payment_date: new Date().toISOString(),
      payment_method: 1380,
      dry_run: 1,
    },
  });
}

export function declineNotification(
  order: OrderRecord,
  user: { id: string; email: string },
  transactionId: string,
) {
  return JSON.stringify({
    notification_type: 'ps_declined',
    user: { id: user.id, email: user.email },
    transaction: { id: transactionId, external_id: order.txnid, dry_run: 1 },
  });
}

export function canceledNotification(order: OrderRecord, user: { id: string; email: string }) {
  return JSON.stringify({
    notification_type: 'order_canceled',
    order: { id: order.providerOrderId, status: 'canceled', amount: order.amount, currency: order.currency },
    user: { external_id: user.id, email: user.email },
  });
}

export async function scheduleSandboxDelivery(ctx: ServiceContext, body: string, delayMs: number) {
  await ctx.db
    .insert(sandboxDeliveries)
    .values({ body, dueAt: new Date(ctx.clock.now().getTime() + delayMs) });
}

/** Scheduled task: sends the sandbox's late and duplicate notifications that are due. */
export async function deliverDueSandboxNotifications(
  ctx: ServiceContext,
  log: NotificationLog,
): Promise<number> {
  const due = await ctx.db
    .select()
    .from(sandboxDeliveries)
    .where(and(isNull(sandboxDeliveries.deliveredAt), lte(sandboxDeliveries.dueAt, ctx.clock.now())))
    .orderBy(asc(sandboxDeliveries.dueAt))
    .limit(50);
  for (const delivery of due) {
    const answer = await deliverSandboxNotification(ctx, delivery.body, log);
    await ctx.db
      .update(sandboxDeliveries)
      .set({ deliveredAt: ctx.clock.now(), responseStatus: answer.status, attempts: delivery.attempts + 1 })
      .where(eq(sandboxDeliveries.id, delivery.id));
  }
  return due.length;
}
