import { createHash } from 'node:crypto';
import { FRAUD_REFUND_CODES, formatCents, money2, toCents } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { paymentEvents } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { findUserById } from '../accounts';
import {
  findOrderByProviderOrderId,
  findOrderByTxnid,
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
import { type Charge, readNotification, type XsollaNotification } from './notifications';
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

type Payment = { paid: Charge; payerId?: string };
/** A payment refused: the player's bank declined it, or Xsolla's anti-fraud (with its fraud code). */
type Failure = { failed: 'declined' | 'canceled'; fraudCode?: FraudCode };
/** A fraud code of Xsolla's refund (4, 7, 11, 12), or null. */
type FraudCode = number | null;
type MoneyBack = { moneyBack: 'REFUNDED' | 'CHARGEBACK'; reason: string | null; fraudCode: FraudCode };
type PartialRefund = { partlyRefunded: Charge; reason: string | null; fraudCode: FraudCode };
type Dispute = {
  dispute: { status: string; type: string | null; reason: string | null; openedAt: Date | null };
};

/** Xsolla's refund code 2: the card holder's bank took the money back. */
const CHARGEBACK_CODE = 2;
/** Xsolla's refund code 4, "Potential fraud": what its anti-fraud system's rejection (afs_reject) is. */
const POTENTIAL_FRAUD_CODE = 4;
const fraudCodeOf = (code: number | undefined): FraudCode =>
  code !== undefined && code in FRAUD_REFUND_CODES ? code : null;

/** A notification about one order, as the idempotent, forward-only handling below needs it. */
interface OrderEvent {
  type: string;
  /** The event's key in payment_events: a repeat of it gets the first answer. */
  key: string;
  findOrder(): Promise<OrderRecord | null>;
  /** It names no order at all (a transaction without external_id): acknowledged, nothing to change. */
  namesNoOrder: boolean;
  providerTxnId: string | null;
  effect: Payment | Failure | MoneyBack | PartialRefund | Dispute;
}

type OrderNotification = Exclude<XsollaNotification, { notification_type: 'user_validation' }>;

/**
 * `notificationDigest` is the SHA-256 of the notification's signed body: what tells one partial refund from
 * another (Xsolla gives them no id of their own) while a resent one, byte for byte the same, counts once.
 */
function orderEventOf(
  ctx: ServiceContext,
  notification: OrderNotification,
  notificationDigest: string,
): OrderEvent {
  const type = notification.notification_type;
  const ofTransaction = ({ id, external_id }: { id: string; external_id?: string }) => ({
    type,
    key: `${type}:${id}`,
    findOrder: async () => (external_id === undefined ? null : findOrderByTxnid(ctx, external_id)),
    namesNoOrder: external_id === undefined,
    providerTxnId: id,
  });
  const ofProviderOrder = (orderId: string) => ({
    type,
    key: `${type}:${orderId}`,
    findOrder: () => findOrderByProviderOrderId(ctx, ctx.config.PAYMENT_PROVIDER, orderId),
    namesNoOrder: false,
    providerTxnId: null,
  });
  switch (notification.notification_type) {
    case 'payment': {
      const { purchase, user } = notification;
      return {
        ...ofTransaction(notification.transaction),
        effect: { paid: purchase?.total ?? purchase?.checkout ?? {}, payerId: user?.id },
      };
    }
    case 'ps_declined':
      return { ...ofTransaction(notification.transaction), effect: { failed: 'declined' } };
    case 'afs_reject':
      // Its fraud code is recorded on the order as a refund's is (4, potential fraud, when it names none).
      return {
        ...ofTransaction(notification.transaction),
        effect: {
          failed: 'declined',
          fraudCode: fraudCodeOf(notification.refund_details?.code) ?? POTENTIAL_FRAUD_CODE,
        },
      };
    case 'order_paid':
      return { ...ofProviderOrder(notification.order.id), effect: { paid: notification.order } };
    case 'order_canceled':
      return { ...ofProviderOrder(notification.order.id), effect: { failed: 'canceled' } };
    case 'refund':
    case 'chargeback': {
      const code = notification.refund_details?.code;
      return {
        ...ofTransaction(notification.transaction),
        effect: {
          moneyBack: type === 'chargeback' || code === CHARGEBACK_CODE ? 'CHARGEBACK' : 'REFUNDED',
          reason: notification.refund_details?.reason ?? null,
          fraudCode: fraudCodeOf(code),
        },
      };
    }
    case 'partial_refund': {
      const part = notification.purchase?.total ?? {};
      const event = ofTransaction(notification.transaction);
      // Two partial refunds of the same amount both count; a resent notification counts once.
      return {
        ...event,
        key: `${event.key}:${notificationDigest}`,
        effect: {
          partlyRefunded: part,
          reason: notification.refund_details?.reason ?? null,
          fraudCode: fraudCodeOf(notification.refund_details?.code),
        },
      };
    }
    case 'dispute': {
      const { action, dispute } = notification;
      const event = ofTransaction(notification.transaction);
      // Each step of a dispute counts once: opened, then each status it moves to.
      return {
        ...event,
        key: `${event.key}:${action ?? ''}:${dispute.status}`,
        effect: {
          dispute: {
            status: dispute.status,
            type: dispute.type ?? null,
            reason: dispute.reason ?? null,
            openedAt: dispute.incoming_date ? new Date(dispute.incoming_date) : null,
          },
        },
      };
    }
  }
}

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
