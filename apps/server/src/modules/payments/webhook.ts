import { MESSAGES, money2, toCents } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { paymentEvents } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { UNSAFE_IN_TEXT, unsafeTextPaths } from '../../lib/unsafe-text';
import { findUserById } from '../accounts';
import {
  findOrderByProviderOrderId,
  findOrderByTxnid,
  markOrderFailed,
  markOrderPaid,
  type OrderRecord,
  recordLatePayment,
} from '../orders';
import { verifyXsollaSignature, webhookSecret } from './signature';

export interface WebhookAnswer {
  status: number;
  body?: { error: { code: string; message: string } };
}

type Json = Record<string, unknown>;

const ok: WebhookAnswer = { status: 204 };
const fail = (code: string, message: string): WebhookAnswer => ({
  status: 400,
  body: { error: { code, message } },
});

function obj(value: unknown): Json | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}
function str(value: unknown): string | null {
  if (typeof value === 'string' && value.length > 0 && value.length <= 200) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
}

/**
 * A money amount from a notification in centavos, without float arithmetic: JSON numbers are turned back
 * into their shortest decimal text (which for ≤15 significant digits is the text that was sent) and parsed.
 */
function centsOf(value: unknown): number | null {
  const text =
    typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : typeof value === 'string'
        ? value
        : null;
  if (!text || !/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return toCents(text);
}

/**
 * Handles one Xsolla-format notification (sandbox and xsolla alike). The signature over the raw body is
 * checked in constant time before anything is parsed. Each event is processed once: the answer is stored
 * under (provider, type:transaction) and a repeat gets that same answer without touching the order. Order
 * states only move forward (Pending → SUCCESSFUL | FAILED); late or out-of-order events are acknowledged
 * and change nothing.
 */
export async function handleNotification(
  ctx: ServiceContext,
  rawBody: Buffer,
  authorization: string | undefined,
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
): Promise<WebhookAnswer> {
  if (!verifyXsollaSignature(rawBody, authorization, webhookSecret(ctx.config))) {
    return fail('INVALID_SIGNATURE', 'Invalid signature');
  }
  let payload: Json | null;
  try {
    payload = obj(JSON.parse(rawBody.toString('utf8')));
  } catch {
    payload = null;
  }
  if (!payload) return fail('INVALID_PARAMETER', 'The notification body is not a JSON object.');
  // The app's text guard cannot read a raw body; the same rule applies to what was just parsed.
  if (unsafeTextPaths(payload, UNSAFE_IN_TEXT, 1).length > 0)
    return fail('INVALID_PARAMETER', MESSAGES.unsafeText);
  const type = str(payload.notification_type);
  if (!type) return fail('INVALID_PARAMETER', 'notification_type is missing.');
  const provider = ctx.config.PAYMENT_PROVIDER;

  if (type === 'user_validation') {
    const userId = str(obj(payload.user)?.id);
    const user = userId ? await findUserById(ctx, userId) : null;
    return user && user.accountStatus === 'active' ? ok : fail('INVALID_USER', 'Invalid user');
  }

  const transaction = obj(payload.transaction);
  const providerOrder = obj(payload.order);
  let eventKey: string;
  let find: () => Promise<OrderRecord | null>;
  let providerTxnId: string | null = null;
  if (type === 'payment' || type === 'ps_declined' || type === 'afs_reject') {
    providerTxnId = str(transaction?.id);
    const txnid = str(transaction?.external_id);
    if (!providerTxnId || !txnid)
      return fail('INVALID_PARAMETER', 'transaction.id and transaction.external_id are required.');
    eventKey = `${type}:${providerTxnId}`;
    find = () => findOrderByTxnid(ctx, txnid);
  } else if (type === 'order_paid' || type === 'order_canceled') {
    const orderId = str(providerOrder?.id);
    if (!orderId) return fail('INVALID_PARAMETER', 'order.id is required.');
    eventKey = `${type}:${orderId}`;
    find = () => findOrderByProviderOrderId(ctx, provider, orderId);
  } else {
    // refund, partial_refund, update_user... are acknowledged; the portal does not act on them.
    log.info({ notificationType: type }, 'payment notification acknowledged without action');
    return ok;
  }

  const [seen] = await ctx.db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventKey, eventKey)));
  if (seen) return storedAnswer(seen);

  const order = await find();
  let answer: WebhookAnswer;
  if (!order) {
    answer = fail('INCORRECT_INVOICE', 'Unknown order');
  } else if (type === 'payment' || type === 'order_paid') {
    answer = await applyPayment(ctx, order, payload, type, providerTxnId, log);
  } else {
    const changed = await markOrderFailed(
      ctx,
      order.id,
      type === 'order_canceled' ? 'canceled' : 'declined',
      providerTxnId,
    );
    if (!changed)
      log.info({ txnid: order.txnid, status: order.status, type }, 'late failure notification ignored');
    answer = ok;
  }

  const inserted = await ctx.db
    .insert(paymentEvents)
    .values({
      provider,
      eventKey,
      notificationType: type,
      txnid: order?.txnid ?? null,
      responseStatus: answer.status,
      responseBody: answer.body ?? null,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ eventKey: paymentEvents.eventKey });
  if (inserted.length === 0) {
    // The same event was processed concurrently; answer as that first delivery did.
    const [first] = await ctx.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventKey, eventKey)));
    if (first) return storedAnswer(first);
  }
  return answer;
}

function storedAnswer(row: typeof paymentEvents.$inferSelect): WebhookAnswer {
  return row.responseBody
    ? { status: row.responseStatus, body: row.responseBody as WebhookAnswer['body'] }
    : { status: row.responseStatus };
}

async function applyPayment(
  ctx: ServiceContext,
  order: OrderRecord,
  payload: Json,
  type: string,
  providerTxnId: string | null,
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
): Promise<WebhookAnswer> {
  let amount: unknown;
  let currency: unknown;
  if (type === 'payment') {
    const purchase = obj(payload.purchase);
    const total = obj(purchase?.total) ?? obj(purchase?.checkout);
    amount = total?.amount;
    currency = total?.currency;
    const userId = str(obj(payload.user)?.id);
    if (userId && userId !== order.userId) return fail('INVALID_USER', 'The user does not match the order');
  } else {
    const providerOrder = obj(payload.order);
    amount = providerOrder?.amount;
    currency = providerOrder?.currency;
  }
  const cents = centsOf(amount);
  if (cents === null || cents !== toCents(money2(order.amount)) || currency !== order.currency) {
    log.warn(
      { txnid: order.txnid, amount, currency },
      'payment notification amount or currency does not match the order',
    );
    return fail('INCORRECT_AMOUNT', 'Amount or currency does not match the order');
  }
  if (await markOrderPaid(ctx, order.id, providerTxnId)) return ok;
  // Not Pending any more. The order may have failed after it was read above, so the late payment is recorded
  // by a conditional update rather than decided on that read.
  if (await recordLatePayment(ctx, order.id, providerTxnId)) {
    log.warn(
      { txnid: order.txnid, failureReason: order.failureReason, type },
      'payment received for an order that already failed; it stays FAILED and is marked as owed a refund',
    );
  } else {
    log.info({ txnid: order.txnid, type }, 'payment notification for an order already settled; ignored');
  }
  return ok;
}
