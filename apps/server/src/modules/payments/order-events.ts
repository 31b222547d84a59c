import { FRAUD_REFUND_CODES } from '@portal/contract';
import type { ServiceContext } from '../../lib/context';
import { findOrderByProviderOrderId, findOrderByTxnid, type OrderRecord } from '../orders';
import type { Charge, XsollaNotification } from './notifications';

/* Each Xsolla notification about an order, read as the event the webhook handles: its key, its order and its effect. */

export type Payment = { paid: Charge; payerId?: string };
/** A payment refused: the player's bank declined it, or Xsolla's anti-fraud (with its fraud code). */
type Failure = { failed: 'declined' | 'canceled'; fraudCode?: FraudCode };
/** A fraud code of Xsolla's refund (4, 7, 11, 12), or null. */
type FraudCode = number | null;
type MoneyBack = { moneyBack: 'REFUNDED' | 'CHARGEBACK'; reason: string | null; fraudCode: FraudCode };
export type PartialRefund = { partlyRefunded: Charge; reason: string | null; fraudCode: FraudCode };
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
export interface OrderEvent {
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
export function orderEventOf(
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
