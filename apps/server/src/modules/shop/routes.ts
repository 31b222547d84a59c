import { type ShopGame, shopEndpoints } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoints';
import { notFound } from '../../lib/errors';
import { getCart, removeCartItem, replaceCart } from './cart';
import { type CatalogCache, etagMatches } from './catalog-cache';
import { productImageSvg } from './images';

/**
 * Catalog and carts of the Yggdra and Tales Runner webshops (spec section 7, Shops). The catalog cache is the
 * app's one, which the shop pages rendered by the server read too (decision 0062).
 */
export async function shopRoutes(root: FastifyInstance, opts: { catalog: CatalogCache }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
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

  app.route({
    ...endpointRoute(app, endpoints.products),
    handler: (request, reply) => sendCatalog(request, reply, request.params.game, 'products'),
  });

  app.route({
    ...endpointRoute(app, endpoints.groups),
    handler: (request, reply) => sendCatalog(request, reply, request.params.game, 'groups'),
  });

  app.route({
    ...endpointRoute(app, endpoints.cart),
    handler: async (request) => getCart(ctx, request.player!.subjectId, request.params.game),
  });

  app.route({
    ...endpointRoute(app, endpoints.replaceCart),
    handler: async (request) =>
      replaceCart(ctx, request.player!.subjectId, request.params.game, request.body.items),
  });

  app.route({
    ...endpointRoute(app, endpoints.removeCartItem),
    handler: async (request) =>
      removeCartItem(ctx, request.player!.subjectId, request.params.game, request.params.sku),
  });

  app.route({
    ...endpointRoute(app, endpoints.productImage, { schema: { hide: true } }),
    handler: async (request, reply) => {
      const name = /^([a-z0-9-]+)\.svg$/.exec(request.params.file)?.[1];
      const svg = name ? productImageSvg(name) : null;
      if (!svg) throw notFound('No such image.');
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(svg);
    },
  });
}
