import { defineEndpoint, type Endpoint } from '../endpoint';
import { FIRST_REQUEST_PATHS } from '../first-requests';
import {
  cartItemParamsSchema,
  cartSchema,
  cartWriteSchema,
  groupsReplySchema,
  productImageParamsSchema,
  productsReplySchema,
  shopParamsSchema,
} from '../shop';

/** The Yggdra and Tales Runner webshops: the public catalog, the player's cart, and the product pictures. */
export const shopEndpoints = {
  products: defineEndpoint({
    method: 'GET',
    path: '/api/getproducts/:game',
    auth: 'none',
    proof: 'none',
    params: shopParamsSchema,
    reply: productsReplySchema,
  }),
  groups: defineEndpoint({
    method: 'GET',
    path: '/api/getproducts/:game/groups',
    auth: 'none',
    proof: 'none',
    params: shopParamsSchema,
    reply: groupsReplySchema,
  }),
  cart: defineEndpoint({
    method: 'GET',
    path: FIRST_REQUEST_PATHS.cart,
    auth: 'player',
    proof: 'session',
    params: shopParamsSchema,
    reply: cartSchema,
  }),
  /** Replaces the whole cart; the reply is the new cart. */
  replaceCart: defineEndpoint({
    method: 'PUT',
    path: FIRST_REQUEST_PATHS.cart,
    auth: 'player',
    proof: 'session',
    params: shopParamsSchema,
    body: cartWriteSchema,
    reply: cartSchema,
  }),
  removeCartItem: defineEndpoint({
    method: 'DELETE',
    path: '/api/xsolla/:game/cart/item/:sku',
    auth: 'player',
    proof: 'session',
    params: cartItemParamsSchema,
    reply: cartSchema,
  }),
  /** A product's SVG picture. */
  productImage: defineEndpoint({
    method: 'GET',
    path: '/shop-images/:file',
    auth: 'none',
    proof: 'none',
    params: productImageParamsSchema,
  }),
} as const satisfies Record<string, Endpoint>;
