import { createHash } from 'node:crypto';
import { formatCents, money2, toCents } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { paymentEvents } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { findUserById } from '../accounts';
import {
  markOrderFailed,
  markOrderPaid,
  markOrderRefunded,
  type OrderRecord,
  recordDoubleCharge,
  recordLatePayment,
  recordOrderDispute,
  recordOrderFraud,
  recordPartialRefund,
} from '../orders';
import { readNotification } from './notifications';
import { type OrderEvent, orderEventOf, type PartialRefund, type Payment } from './order-events';
import { verifyXsollaSignature, webhookSecret } from './signature';

export interface WebhookAnswer {
  status: number;
  body?: { error: { code: string; message: string } };
}

export interface NotificationLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const ok: WebhookAnswer = { status: 204 };
const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const fail = (code: string, message: string): WebhookAnswer => ({
  status: 400,
  body: { error: { code, message } },
});

function acknowledged(type: string, log: NotificationLog): WebhookAnswer {
  log.info({ notificationType: type }, 'payment notification acknowledged without action');
  return ok;
}

/**
 * Handles one Xsolla-format notification (sandbox and xsolla alike). The signature over the raw body is
 * checked in constant time before anything is parsed. Each event is processed once: the answer is stored
 * under (provider, type:transaction) and a repeat gets that same answer without touching the order. Order
 * states only move forward (Pending → SUCCESSFUL | FAILED; paid → REFUNDED | CHARGEBACK, decision 0034); late
 * or out-of-order events are acknowledged and change nothing. Paying an order grants its entitlements and
 * giving the money back revokes them, each in the transaction that moves the order (decision 0036). A refund
 * with code 2 is a chargeback; fraud codes and disputes are recorded on the order; a notification that names
 * no order (no `transaction.external_id`) is acknowledged and changes nothing.
 */
export async function handleNotification(
  ctx: ServiceContext,
  rawBody: Buffer,
  authorization: string | undefined,
  log: NotificationLog,
): Promise<WebhookAnswer> {
  if (!verifyXsollaSignature(rawBody, authorization, webhookSecret(ctx.config))) {
    return fail('INVALID_SIGNATURE', 'Invalid signature');
  }
  const reading = readNotification(rawBody);
  if ('invalid' in reading) return fail('INVALID_PARAMETER', reading.invalid);
  if ('unhandledType' in reading) return acknowledged(reading.unhandledType, log);
  const { notification } = reading;
  switch (notification.notification_type) {
    case 'user_validation': {
      const userId = notification.user?.id;
      const user = userId ? await findUserById(ctx, userId) : null;
      return user && user.accountStatus === 'active' ? ok : fail('INVALID_USER', 'Invalid user');
    }
    default:
      return handleOrderEvent(ctx, orderEventOf(ctx, notification, sha256Hex(rawBody)), log);
  }
}

async function handleOrderEvent(
  ctx: ServiceContext,
  event: OrderEvent,
  log: NotificationLog,
): Promise<WebhookAnswer> {
  const provider = ctx.config.PAYMENT_PROVIDER;
  const seen = await storedAnswer(ctx, event.key);
  if (seen) return seen;

  const order = await event.findOrder();
  let answer: WebhookAnswer;
  if (!order && event.namesNoOrder) {
    log.info({ notificationType: event.type }, 'payment notification names no order of ours; acknowledged');
    answer = ok;
  } else if (!order) {
    answer = fail('INCORRECT_INVOICE', 'Unknown order');
  } else if (concernsThePayment(event) && !sameTransaction(order, event)) {
    log.warn(
      { txnid: order.txnid, type: event.type, providerTxnId: event.providerTxnId },
      'refund or dispute notification names another transaction than the order was paid with; refused',
    );
    answer = fail('INCORRECT_INVOICE', 'The transaction does not match the order');
  } else if ('paid' in event.effect) {
    answer = await applyPayment(ctx, order, event, event.effect, log);
  } else if ('moneyBack' in event.effect) {
    const { moneyBack, reason, fraudCode } = event.effect;
    if (fraudCode !== null) await recordOrderFraud(ctx, order.id, fraudCode);
    // The order's entitlements are revoked in the same transaction (orders' markOrderRefunded).
    if (!(await markOrderRefunded(ctx, order.id, { status: moneyBack, reason, refundedBy: null })))
      log.info(
        { txnid: order.txnid, status: order.status, type: event.type },
        'refund of an unpaid or refunded order ignored',
      );
    answer = ok;
  } else if ('partlyRefunded' in event.effect) {
    answer = await applyPartialRefund(ctx, order, event.effect, log);
  } else if ('dispute' in event.effect) {
    await recordOrderDispute(ctx, order.id, event.effect.dispute);
    answer = ok;
  } else {
    if (event.effect.fraudCode) await recordOrderFraud(ctx, order.id, event.effect.fraudCode);
    const changed = await markOrderFailed(ctx, order.id, event.effect.failed, event.providerTxnId);
    if (!changed)
      log.info(
        { txnid: order.txnid, status: order.status, type: event.type },
        'late failure notification ignored',
      );
    answer = ok;
  }

  const inserted = await ctx.db
    .insert(paymentEvents)
    .values({
      provider,
      eventKey: event.key,
      notificationType: event.type,
      txnid: order?.txnid ?? null,
      responseStatus: answer.status,
      responseBody: answer.body ?? null,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ eventKey: paymentEvents.eventKey });
  if (inserted.length === 0) {
    // The same event was processed concurrently; answer as that first delivery did.
    const first = await storedAnswer(ctx, event.key);
    if (first) return first;
  }
  return answer;
}

/** Money given back (whole or in part) or disputed: about the transaction that paid the order. */
const concernsThePayment = (event: OrderEvent) =>
  'moneyBack' in event.effect || 'partlyRefunded' in event.effect || 'dispute' in event.effect;

/**
 * A refund or a dispute must be of the transaction that paid the order. An order paid through an `order_paid`
 * notification has no transaction id recorded; its refunds are matched by the order alone.
 */
const sameTransaction = (order: OrderRecord, event: OrderEvent) =>
  order.providerTransactionId === null || order.providerTransactionId === event.providerTxnId;

/** The answer given to the first delivery of an event, if it was processed. */
async function storedAnswer(ctx: ServiceContext, eventKey: string): Promise<WebhookAnswer | null> {
  const [row] = await ctx.db
    .select()
    .from(paymentEvents)
    .where(
      and(eq(paymentEvents.provider, ctx.config.PAYMENT_PROVIDER), eq(paymentEvents.eventKey, eventKey)),
    );
  if (!row) return null;
  return row.responseBody
    ? { status: row.responseStatus, body: row.responseBody as WebhookAnswer['body'] }
    : { status: row.responseStatus };
}

async function applyPartialRefund(
  ctx: ServiceContext,
  order: OrderRecord,
  { partlyRefunded, reason, fraudCode }: PartialRefund,
  log: NotificationLog,
): Promise<WebhookAnswer> {
  const { amount, currency } = partlyRefunded;
  if (!amount || amount <= 0 || currency !== order.currency || amount > toCents(money2(order.amount))) {
    log.warn(
      { txnid: order.txnid, centavos: amount, currency },
      'partial refund amount or currency does not fit the order',
    );
    return fail('INCORRECT_AMOUNT', 'Amount or currency does not match the order');
  }
  if (fraudCode !== null) await recordOrderFraud(ctx, order.id, fraudCode);
  if (!(await recordPartialRefund(ctx, order.id, formatCents(amount), reason)))
    log.info(
      { txnid: order.txnid, status: order.status },
      'partial refund of an order that is not SUCCESSFUL ignored',
    );
  return ok;
}

async function applyPayment(
  ctx: ServiceContext,
  order: OrderRecord,
  event: OrderEvent,
  { paid, payerId }: Payment,
  log: NotificationLog,
): Promise<WebhookAnswer> {
  if (payerId && payerId !== order.userId) return fail('INVALID_USER', 'The user does not match the order');
  if (paid.amount !== toCents(money2(order.amount)) || paid.currency !== order.currency) {
    log.warn(
      { txnid: order.txnid, centavos: paid.amount, currency: paid.currency },
      'payment notification amount or currency does not match the order',
    );
    return fail('INCORRECT_AMOUNT', 'Amount or currency does not match the order');
  }
  const { providerTxnId, type } = event;
  // Its entitlements are granted in the same transaction (orders' markOrderPaid and recordLatePayment).
  if (await markOrderPaid(ctx, order.id, providerTxnId)) return ok;
  // Not Pending any more. The order may have failed after it was read above, so the late payment is recorded
  // by a conditional update rather than decided on that read.
  if (await recordLatePayment(ctx, order.id, providerTxnId)) {
    log.warn(
      { txnid: order.txnid, failureReason: order.failureReason, type },
      'payment received for an order that already failed; it stays FAILED and is marked as owed a refund',
    );
  } else if (providerTxnId && (await recordDoubleCharge(ctx, order.id, providerTxnId))) {
    log.warn(
      { txnid: order.txnid, type, providerTxnId },
      'second payment with another transaction for an order already paid (a double charge); marked as owed a refund',
    );
  } else {
    log.info({ txnid: order.txnid, type }, 'payment notification for an order already settled; ignored');
  }
  return ok;
}
