import { messageReplySchema } from '../accounts';
import { defineEndpoint, type Endpoint } from '../endpoint';
import { refundParamsSchema, refundRequestSchema } from '../orders';
import {
  confirmationQuerySchema,
  confirmationReplySchema,
  payConfirmationSchema,
  paymentModeReplySchema,
  sandboxLinkParamsSchema,
  sandboxLinkQuerySchema,
} from '../shop';

/** The payment provider's webhook, the return pages' confirmations, staff refunds and the sandbox card page. */
export const paymentsEndpoints = {
  /** The provider's notifications: the body is read raw and its signature checked on those bytes. */
  webhook: defineEndpoint({
    method: 'POST',
    path: '/api/xsolla/webhook',
    auth: 'none',
    proof: 'own',
    carries: "the payment provider's signature",
  }),
  /** Whether payments take real money, for the "Test payments" banner. */
  mode: defineEndpoint({
    method: 'GET',
    path: '/api/payments/mode',
    auth: 'none',
    proof: 'none',
    reply: paymentModeReplySchema,
  }),
  confirmation: defineEndpoint({
    method: 'GET',
    path: '/api/xsolla/confirmation',
    auth: 'player',
    proof: 'session',
    query: confirmationQuerySchema,
    reply: confirmationReplySchema,
  }),
  payConfirmation: defineEndpoint({
    method: 'POST',
    path: '/api/shop/yggdra/payconfirmation',
    auth: 'player',
    proof: 'session',
    body: payConfirmationSchema,
    reply: confirmationReplySchema,
  }),
  /** Staff give a paid order's money back. */
  refund: defineEndpoint({
    method: 'POST',
    path: '/api/admin/orders/:txnid/refund',
    auth: 'admin',
    staff: 'sales.refund',
    proof: 'recent',
    params: refundParamsSchema,
    body: refundRequestSchema,
    reply: messageReplySchema,
    tags: ['admin'],
  }),
  /** The sandbox provider's card page (HTML), opened by its signed link. */
  sandboxPage: defineEndpoint({
    method: 'GET',
    path: '/sandbox-pay/:txnid',
    auth: 'none',
    proof: 'none',
    params: sandboxLinkParamsSchema,
    query: sandboxLinkQuerySchema,
  }),
  /** The card page's form post (URL-encoded): a redirect, or the page again. */
  sandboxSubmit: defineEndpoint({
    method: 'POST',
    path: '/sandbox-pay/:txnid',
    auth: 'none',
    proof: 'none',
    params: sandboxLinkParamsSchema,
    query: sandboxLinkQuerySchema,
  }),
} as const satisfies Record<string, Endpoint>;
