import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../src/lib/context';
import { webhookSecret, xsollaSignature } from '../src/modules/payments/signature';

/**
 * Test helper: Xsolla's notifications shaped like the examples of Xsolla's webhook documentation
 * (developers.xsolla.com/webhooks), written for this repository: the fields the portal reads carry the order's
 * values, the rest are the documentation's sample values, so a test proves the portal reads the real shape
 * (and ignores what it does not need). Amounts are in major units, as Xsolla sends them.
 */
export interface XsollaOrderRef {
  /** The order's txnid: Xsolla's `transaction.external_id`; omitted for a transaction the portal did not start. */
  txnid?: string;
  /** Xsolla's transaction id. */
  transactionId: number;
  userId: string;
  amount: number;
  currency: string;
}

const settings = { project_id: 18404, merchant_id: 2340 };
const user = (id: string) => ({
  ip: '127.0.0.1',
  phone: '18777976552',
  email: 'email@example.com',
  id,
  name: 'John Smith',
  country: 'US',
});
const transaction = (ref: XsollaOrderRef) => ({
  id: ref.transactionId,
  ...(ref.txnid === undefined ? {} : { external_id: ref.txnid }),
  payment_date: '2023-02-08T10:00:00+03:00',
  payment_method: 1,
  payment_method_name: 'PayPal',
  payment_method_order_id: 1234567890123456,
  dry_run: 1,
  agreement: 1,
});
const money = (amount: number, currency: string) => ({ currency, amount });
const paymentDetails = (ref: XsollaOrderRef) => ({
  payment: money(ref.amount, ref.currency),
  vat: { currency: ref.currency, amount: 0, percent: 0 },
  payout_currency_rate: '1',
  payout: money(ref.amount, ref.currency),
  xsolla_fee: money(0, ref.currency),
  payment_method_fee: money(0, ref.currency),
  sales_tax: { currency: ref.currency, amount: 0, percent: 0 },
  direct_wht: { currency: ref.currency, amount: 0, percent: 0 },
  repatriation_commission: money(0, ref.currency),
});
const purchase = (ref: XsollaOrderRef) => ({
  checkout: money(ref.amount, ref.currency),
  total: money(ref.amount, ref.currency),
});
const customParameters = { parameter1: 'value1', parameter2: 'value2' };

export const xsolla = {
  payment: (ref: XsollaOrderRef) => ({
    notification_type: 'payment',
    settings,
    purchase: purchase(ref),
    user: user(ref.userId),
    transaction: transaction(ref),
    payment_details: paymentDetails(ref),
    custom_parameters: customParameters,
  }),

  /** Xsolla's Store notification of a paid order, naming it by Xsolla's order id. */
  orderPaid: (ref: XsollaOrderRef & { orderId: string; sku: string; quantity: number }) => ({
    notification_type: 'order_paid',
    items: [
      {
        sku: ref.sku,
        type: 'virtual_good',
        is_pre_order: false,
        quantity: ref.quantity,
        amount: String(ref.amount),
        promotions: [],
        custom_attributes: { purchased: 0, attr: 'value' },
      },
    ],
    order: {
      // A whole number at Xsolla; the sandbox's order ids are text.
      id: /^\d+$/.test(ref.orderId) ? Number(ref.orderId) : ref.orderId,
      mode: 'default',
      currency_type: 'real',
      currency: ref.currency,
      amount: String(ref.amount),
      status: 'paid',
      platform: 'xsolla',
      comment: null,
      invoice_id: String(ref.transactionId),
      promotions: [],
      promocodes: [],
      coupons: [],
    },
    user: { external_id: ref.userId, email: 'gc_user@xsolla.com' },
    billing: {
      notification_type: 'payment',
      settings,
      purchase: purchase(ref),
      transaction: transaction(ref),
    },
    custom_parameters: customParameters,
  }),

  /** `code` is Xsolla's refund code: 1 cancellation, 2 chargeback, 4/7/11/12 fraud, … */
  refund: (ref: XsollaOrderRef, code: number, reason: string) => ({
    notification_type: 'refund',
    settings,
    purchase: purchase(ref),
    user: user(ref.userId),
    transaction: transaction(ref),
    refund_details: { code, reason, author: 'John Smith' },
    payment_details: paymentDetails(ref),
    custom_parameters: customParameters,
  }),

  /** `refunded` is the part given back, in major units. */
  partialRefund: (ref: XsollaOrderRef, refunded: number, code = 1, reason = 'Partial refund') => ({
    notification_type: 'partial_refund',
    settings,
    purchase: { total: money(refunded, ref.currency) },
    user: user(ref.userId),
    transaction: transaction(ref),
    refund_details: { code, reason, author: 'John Smith' },
    payment_details: paymentDetails(ref),
    custom_parameters: customParameters,
  }),

  psDeclined: (ref: XsollaOrderRef) => ({
    notification_type: 'ps_declined',
    settings,
    purchase: purchase(ref),
    user: user(ref.userId),
    transaction: transaction(ref),
    payment_details: paymentDetails(ref),
    custom_parameters: customParameters,
  }),

  afsReject: (ref: XsollaOrderRef) => ({
    notification_type: 'afs_reject',
    settings,
    purchase: purchase(ref),
    user: user(ref.userId),
    transaction: transaction(ref),
    refund_details: { code: 4, reason: 'Potential fraud', author: 'Xsolla' },
    custom_parameters: customParameters,
  }),

  /** `action` adding (opened) or updating (status changed). */
  dispute: (
    ref: XsollaOrderRef,
    action: 'adding' | 'updating',
    dispute: { status: string; type?: string; reason?: string; incoming_date?: string },
  ) => ({
    notification_type: 'dispute',
    action,
    transaction: {
      id: ref.transactionId,
      ...(ref.txnid === undefined ? {} : { external_id: ref.txnid }),
      date_create: '2023-08-24T10:21:00+04:00',
      total: money(ref.amount, ref.currency),
      payment_method: 'credit_debit_card',
      country_code: 'US',
    },
    settings,
    user: { id: ref.userId, email: 'email@example.com', country_code: 'US' },
    dispute: {
      incoming_date: '2024-01-25T01:02:03+04:00',
      reason: 'not_as_described',
      type: 'retrieval',
      ...dispute,
    },
  }),

  userValidation: (userId: string) => ({
    notification_type: 'user_validation',
    settings: { project_id: 18311, merchant_id: 1 },
    user: user(userId),
  }),
};

/** Posts a notification as Xsolla does: `Authorization: Signature sha1(body + secret)` over the exact bytes. */
export function sendXsollaNotification(app: FastifyInstance & { ctx: ServiceContext }, body: object) {
  const raw = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: '/api/xsolla/webhook',
    headers: {
      'content-type': 'application/json',
      authorization: `Signature ${xsollaSignature(Buffer.from(raw), webhookSecret(app.ctx.config))}`,
    },
    payload: raw,
  });
}
