import { defineEndpoint, type Endpoint } from '../endpoint';
import { orderFulfilmentSchema } from '../entitlements';
import { FIRST_REQUEST_PATHS } from '../first-requests';
import {
  exportLinkReplySchema,
  orderFilterSchema,
  orderParamsSchema,
  ordersQuerySchema,
  ordersReplySchema,
  playerOrdersQuerySchema,
  playerOrdersReplySchema,
} from '../orders';
import { downloadSignatureQuery } from '../tables';

/** The sales dashboard (orders, their export), the back-office's order fulfilment, and the player's orders. */
export const ordersEndpoints = {
  /** One page of the sales dashboard's orders for a filter, with the filter's totals. */
  sales: defineEndpoint({
    method: 'POST',
    path: '/api/getorders',
    auth: 'sales',
    staff: 'sales.read',
    proof: 'session',
    body: ordersQuerySchema,
    reply: ordersReplySchema,
  }),
  exportLink: defineEndpoint({
    method: 'POST',
    path: '/api/exportorders/link',
    auth: 'sales',
    staff: 'sales.export',
    proof: 'session',
    body: orderFilterSchema,
    reply: exportLinkReplySchema,
  }),
  /** The spec's download address, a browser navigation: opened only by a signed link from `exportLink`. */
  export: defineEndpoint({
    method: 'GET',
    path: '/api/exportordersdownload',
    auth: 'none',
    proof: 'own',
    carries: 'a signed download link',
    query: orderFilterSchema.extend(downloadSignatureQuery),
  }),
  /** What a paid order owes its game, and the webhook deliveries that told it. */
  fulfilment: defineEndpoint({
    method: 'GET',
    path: '/api/admin/orders/:txnid/fulfilment',
    auth: 'admin',
    staff: 'players.read',
    proof: 'session',
    params: orderParamsSchema,
    reply: orderFulfilmentSchema,
    tags: ['admin'],
  }),
  /** The signed-in player's orders, newest first, a page at a time. */
  mine: defineEndpoint({
    method: 'GET',
    path: FIRST_REQUEST_PATHS.myOrders,
    auth: 'player',
    proof: 'session',
    query: playerOrdersQuerySchema,
    reply: playerOrdersReplySchema,
  }),
} as const satisfies Record<string, Endpoint>;
