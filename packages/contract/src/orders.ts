import { z } from 'zod';
import { shopGameSchema } from './games';
import { ORDER_FAILURE_REASONS, ORDER_ORIGINS, ORDER_STATUSES } from './shop';
import { calendarDateSchema, MESSAGES, PAGE_SIZES } from './validation';

/** Sales dashboard contract (spec: Sales dashboard, section 3 Order, section 7 Admin). */
/** Not a status of its own: FAILED orders paid anyway, not refunded yet, whose players are owed a refund (`refund_due`). */
export const REFUND_DUE_FILTER = 'Refund due';
export const ORDER_STATUS_FILTERS = ['All', ...ORDER_STATUSES, REFUND_DUE_FILTER] as const;

const plainDate = z.union([calendarDateSchema, z.literal(''), z.null()], { message: MESSAGES.dateFormat });

export const orderFilterSchema = z.object({
  datestart: plainDate.optional(),
  dateend: plainDate.optional(),
  status: z
    .union([z.enum(ORDER_STATUS_FILTERS), z.literal(''), z.null()], {
      message: 'Status must be All, Pending, SUCCESSFUL, FAILED, REFUNDED, CHARGEBACK or Refund due.',
    })
    .optional(),
  /** A txnid or a player's email (exactly, the email in any case); optional: the spec's filter has no such field. */
  search: z
    .string({ message: 'The search must be a txnid or an email.' })
    .trim()
    .max(255, { message: 'The search may have at most 255 characters.' })
    .optional(),
});
export type OrderFilter = z.infer<typeof orderFilterSchema>;

/**
 * Xsolla's refund codes that name fraud (decision 0036), kept on the order for finance: a refund with one of
 * them says the player or the payment system reported the payment as fraudulent.
 */
export const FRAUD_REFUND_CODES = {
  4: 'Potential fraud',
  7: 'Fraud reported by the payment system',
  11: 'Account holder reported fraud',
  12: 'Friendly fraud',
} as const satisfies Record<number, string>;
export const orderFraudSchema = z.object({ code: z.number().int(), reason: z.string() });
export type OrderFraud = z.infer<typeof orderFraudSchema>;

/** The card holder's dispute of the payment, as Xsolla's `dispute` notifications tell it (decision 0036). */
export const orderDisputeSchema = z.object({
  /** Xsolla's dispute status as sent (e.g. new, won, lost). */
  status: z.string(),
  /** Xsolla's dispute type (e.g. retrieval, 1st_time_chargeback). */
  type: z.string().nullable(),
  /** Xsolla's reason (e.g. not_as_described, fraud). */
  reason: z.string().nullable(),
  /** ISO timestamps: when the dispute was opened, and when the portal last heard of it. */
  opened_at: z.string(),
  updated_at: z.string(),
});
export type OrderDispute = z.infer<typeof orderDisputeSchema>;

export const orderRowSchema = z.object({
  id: z.string(),
  /** ISO timestamp of the checkout. */
  transactionDate: z.string(),
  txnid: z.string(),
  customer_id: z.string(),
  /** The player's name, for staff (the back-office's sales page) only; optional: the spec's reply has no such field. */
  customer_name: z.string().optional(),
  /** SKUs of the order, comma-separated with quantities when more than one ("sku x2"). */
  product_id: z.string(),
  /** The shop: Yggdra or Tales Runner. */
  merchant: z.string(),
  /** Total, two decimals. */
  price: z.string(),
  currency: z.string(),
  txnstatus: z.enum(ORDER_STATUSES),
  /** A payment arrived after the order had FAILED: the player was charged for nothing and is owed a refund. */
  refund_due: z.boolean(),
  /** Refunded so far (two decimals): the whole amount once REFUNDED, a part while a partial refund keeps it SUCCESSFUL. */
  refunded_amount: z.string().nullable(),
  /** A refund of it named fraud; null otherwise (optional: the spec's reply has no such field). */
  fraud: orderFraudSchema.nullable().optional(),
  /** The card holder disputes it; null otherwise (optional: the spec's reply has no such field). */
  dispute: orderDisputeSchema.nullable().optional(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

/** Without paging fields (the spec's request), the reply lists the newest ORDERS_PAGE_LIMIT orders. */
export const ORDERS_PAGE_LIMIT = 1000;

const perPageMessage = `per_page must be one of ${PAGE_SIZES.join(', ')}.`;
const pageMessage = 'page must be a whole number from 1.';
/**
 * POST /api/getorders: the spec's filter plus optional paging (decision 0027). With none of per_page, page,
 * after, before the reply is the spec's; with any of them it is one page of per_page orders. `after` and
 * `before` are opaque positions the previous reply handed out in `paging.next` / `paging.prev`.
 */
export const ordersQuerySchema = orderFilterSchema
  .extend({
    per_page: z
      .number({ message: perPageMessage })
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), perPageMessage)
      .optional(),
    page: z
      .number({ message: pageMessage })
      .int(pageMessage)
      .min(1, pageMessage)
      .max(1_000_000, 'page is too large.')
      .optional(),
    after: z.string({ message: 'after must be a page position.' }).max(200).optional(),
    before: z.string({ message: 'before must be a page position.' }).max(200).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.after !== undefined && q.before !== undefined)
      ctx.addIssue({ code: 'custom', path: ['before'], message: 'Send after or before, not both.' });
  });
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

/** What to send with the filter to reach a neighbouring page. */
const pageStepSchema = z.object({
  page: z.number().int(),
  after: z.string().optional(),
  before: z.string().optional(),
});
export type OrdersPageStep = z.infer<typeof pageStepSchema>;

/**
 * Totals over every order the filter matches (not just the listed ones). Revenue is what SUCCESSFUL orders
 * brought in, one entry per currency (a shop's products may be priced in different currencies).
 */
export const orderTotalsSchema = z.object({
  orders: z.number().int(),
  revenue: z.array(
    z.object({
      currency: z.string(),
      /** Two decimals. */
      amount: z.string(),
      /** SUCCESSFUL orders in this currency. */
      orders: z.number().int(),
    }),
  ),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

export const ordersReplySchema = z.object({
  orders: z.array(orderRowSchema),
  /** More orders match the filter than this reply lists. */
  truncated: z.boolean(),
  totals: orderTotalsSchema,
  /** Only when the request asked for a page. */
  paging: z
    .object({
      current_page: z.number().int(),
      last_page: z.number().int(),
      per_page: z.number().int(),
      /** Orders matching the filter (exact). */
      total: z.number().int(),
      next: pageStepSchema.nullable(),
      prev: pageStepSchema.nullable(),
    })
    .optional(),
});
export type OrdersReply = z.infer<typeof ordersReplySchema>;
export const exportLinkReplySchema = z.object({ url: z.string() });
export const ORDERS_EXPORT_FILE = 'Sales_Orders.xlsx';

/**
 * GET /api/orders/mine: the signed-in player's own orders, newest first (issue #18, decision 0024). The player
 * always comes from the session; `before` is the txnid of the last order of the previous page.
 */
export const PLAYER_ORDERS_PAGE_SIZE = 20;
const txnidSchema = z.string().regex(/^(YG|TR)[0-9A-Z]{1,62}$/, 'This is not a transaction id.');
export const playerOrdersQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a number from 1 to 50.' })
    .int('limit must be a number from 1 to 50.')
    .min(1, 'limit must be a number from 1 to 50.')
    .max(50, 'limit must be a number from 1 to 50.')
    .optional(),
  before: txnidSchema.optional(),
  /** Just this order (the payment result pages' summary). */
  txnid: txnidSchema.optional(),
});
export type PlayerOrdersQuery = z.infer<typeof playerOrdersQuerySchema>;

/** Where an order's items are, as My Orders says it (`delivery` of GET /api/orders/mine). */
export const ORDER_DELIVERY_STATES = ['pending', 'delivered', 'revoked'] as const;
export type OrderDelivery = (typeof ORDER_DELIVERY_STATES)[number];
export const orderDeliverySchema = z.enum(ORDER_DELIVERY_STATES).nullable();

export const playerOrderSchema = z.object({
  txnid: z.string(),
  /** ISO timestamp of the checkout. */
  created_at: z.string(),
  shop: shopGameSchema,
  items: z.array(
    z.object({ sku: z.string(), name: z.string(), quantity: z.number().int(), unit_price: z.string() }),
  ),
  /** Total, two decimals. */
  amount: z.string(),
  currency: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Paid after the order had FAILED (expired, declined): the player is owed a refund. */
  refund_due: z.boolean(),
  /**
   * Where its items are (issue #23): pending (the game has not acknowledged them yet), delivered, revoked
   * (the money went back), or null when it was never paid. Always sent by the server.
   */
  delivery: orderDeliverySchema.optional(),
  /** Why a FAILED order failed (issue #27: declined vs canceled); null otherwise. Always sent by the server. */
  failure_reason: z.enum(ORDER_FAILURE_REASONS).nullable().optional(),
  /** Bought with Buy Now (one product, the cart untouched) or from the cart. Always sent by the server. */
  origin: z.enum(ORDER_ORIGINS).optional(),
});
export type PlayerOrder = z.infer<typeof playerOrderSchema>;
export const playerOrdersReplySchema = z.object({
  orders: z.array(playerOrderSchema),
  /** `before` of the next page; null on the last page. */
  next: z.string().nullable(),
});
export type PlayerOrdersReply = z.infer<typeof playerOrdersReplySchema>;

/** POST /api/admin/orders/{txnid}/refund (issue #20, decision 0034): staff with sales.refund. */
export const REFUND_MESSAGES = {
  notFound: 'We could not find this order.',
  notRefundable: 'This order cannot be refunded: only paid orders not yet refunded can be.',
  refunded: (txnid: string) => `Order ${txnid} was refunded.`,
  providerNotConfigured:
    'Refunds through Xsolla are not set up on this portal: refund the order in Xsolla Publisher Account.',
} as const;
export const refundParamsSchema = z.object({ txnid: txnidSchema });
/** GET /api/admin/orders/{txnid}/fulfilment (issue #23): the order's entitlements and their deliveries. */
export const orderParamsSchema = z.object({ txnid: txnidSchema });
export const refundRequestSchema = z.object({
  reason: z
    .string({ message: 'Give the reason for the refund.' })
    .trim()
    .min(3, 'Give the reason for the refund (at least 3 characters).')
    .max(500, 'The reason is at most 500 characters.'),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;
