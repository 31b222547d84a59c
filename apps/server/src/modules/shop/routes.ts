import { type ShopGame, shopEndpoints } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../lib/endpoints';
import { notFound } from '../../lib/errors';
import { getCart, removeCartItem, replaceCart } from './cart';
import { type CatalogCache, etagMatches } from './catalog-cache';
import { productImageSvg } from './images';

/**
 * Catalog and carts of the Yggdra and Tales Runner webshops (spec section 7, Shops). The catalog cache is the
 * app's one, which the shop pages rendered by the server read too (decision 0062).
 */
export async function shopRoutes(app: FastifyInstance, opts: { catalog: CatalogCache }) {
  const ctx = app.ctx;
  const endpoints = shopEndpoints;

  // The public catalog: cached per process under the shared catalog version, with ETags (catalog-cache.ts).
  const { catalog } = opts;
  const sendCatalog = async (
    request: FastifyRequest,
    reply: FastifyReply,
    game: ShopGame,
    kind: 'products' | 'groups',
  ) => {
    const { body, etag } = await catalog.reply(game, kind);
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply
      .type('application/json; charset=utf-8')
      .serializer((payload: unknown) => payload as string)
      .send(body);
  };

  route(app, endpoints.products, ({ params, request, reply }) =>
    sendCatalog(request, reply, params.game, 'products'),
  );

  route(app, endpoints.groups, ({ params, request, reply }) =>
    sendCatalog(request, reply, params.game, 'groups'),
  );

  route(app, endpoints.cart, async ({ params, session }) => getCart(ctx, session.subjectId, params.game));

  route(app, endpoints.replaceCart, async ({ params, body, session }) =>
    replaceCart(ctx, session.subjectId, params.game, body.items),
  );

  route(app, endpoints.removeCartItem, async ({ params, session }) =>
    removeCartItem(ctx, session.subjectId, params.game, params.sku),
  );

  route(
    app,
    endpoints.productImage,
    async ({ params, reply }) => {
      const name = /^([a-z0-9-]+)\.svg$/.exec(params.file)?.[1];
      const svg = name ? productImageSvg(name) : null;
      if (!svg) throw notFound('No such image.');
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(svg);
    },
    { schema: { hide: true } },
  );
}
