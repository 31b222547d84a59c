import {
  cartSchema,
  cartWriteSchema,
  groupsReplySchema,
  productsReplySchema,
  type ShopGame,
  shopGameSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCart, removeCartItem, replaceCart } from './cart';
import { createCatalogCache, etagMatches } from './catalog-cache';
import { productImageSvg } from './images';

const gameParams = z.object({ game: shopGameSchema });

/** Catalog and carts of the Yggdra and Tales Runner webshops (spec section 7, Shops). */
export async function shopRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  // The public catalog: cached per process under the shared catalog version, with ETags (catalog-cache.ts).
  const catalog = createCatalogCache(ctx);
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

  app.get(
    '/api/getproducts/:game',
    { schema: { params: gameParams, response: { 200: productsReplySchema } } },
    (request, reply) => sendCatalog(request, reply, request.params.game, 'products'),
  );

  app.get(
    '/api/getproducts/:game/groups',
    { schema: { params: gameParams, response: { 200: groupsReplySchema } } },
    (request, reply) => sendCatalog(request, reply, request.params.game, 'groups'),
  );

  app.get(
    '/api/xsolla/:game/cart',
    { onRequest: app.requirePlayer, schema: { params: gameParams, response: { 200: cartSchema } } },
    async (request) => getCart(ctx, request.player!.subjectId, request.params.game),
  );

  app.put(
    '/api/xsolla/:game/cart',
    {
      onRequest: app.requirePlayer,
      schema: { params: gameParams, body: cartWriteSchema, response: { 200: cartSchema } },
    },
    async (request) => replaceCart(ctx, request.player!.subjectId, request.params.game, request.body.items),
  );

  app.delete(
    '/api/xsolla/:game/cart/item/:sku',
    {
      onRequest: app.requirePlayer,
      schema: {
        params: z.object({ game: shopGameSchema, sku: z.string().min(1).max(64) }),
        response: { 200: cartSchema },
      },
    },
    async (request) =>
      removeCartItem(ctx, request.player!.subjectId, request.params.game, request.params.sku),
  );

  app.get(
    '/shop-images/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(80) }) } },
    async (request, reply) => {
      const name = /^([a-z0-9-]+)\.svg$/.exec(request.params.file)?.[1];
      const svg = name ? productImageSvg(name) : null;
      if (!svg) return reply.status(404).send({ message: 'No such image.' });
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(svg);
    },
  );
}
