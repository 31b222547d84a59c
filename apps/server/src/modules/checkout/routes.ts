import { checkoutEndpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/endpoints';
import { checkout } from './service';

/**
 * Checkout of the Yggdra and Tales Runner webshops (spec section 7, Shops): the cart becomes an order, or with
 * Buy Now's `{ sku }` that one product alone (decision 0044).
 */
export async function checkoutRoutes(app: FastifyInstance) {
  route(app, checkoutEndpoints.checkout, async ({ params, body, session }) =>
    checkout(app.ctx, session.subjectId, params.game, body?.sku),
  );
}
