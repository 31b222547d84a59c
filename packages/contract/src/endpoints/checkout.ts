import { defineEndpoint, type Endpoint } from '../endpoint';
import { checkoutReplySchema, checkoutRequestSchema, shopParamsSchema } from '../shop';

/** The webshops' checkout: the cart, or Buy Now's one product, becomes an order with a payment page. */
export const checkoutEndpoints = {
  checkout: defineEndpoint({
    method: 'POST',
    path: '/api/xsolla/:game/checkout',
    auth: 'player',
    proof: 'session',
    params: shopParamsSchema,
    body: checkoutRequestSchema,
    reply: checkoutReplySchema,
  }),
} as const satisfies Record<string, Endpoint>;
