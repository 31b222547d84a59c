import {
  ENTITLEMENT_MESSAGES,
  entitlementIdParamsSchema,
  entitlementListQuerySchema,
  entitlementListReplySchema,
  entitlementReplySchema,
  type Game,
  SHOP_GAMES,
  type ShopGame,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { gameServerOf } from '../events';
import { consumeEntitlement } from './consume';
import { listEntitlements } from './list';

const isShopGame = (game: Game): game is ShopGame => (SHOP_GAMES as readonly string[]).includes(game);

/**
 * The game-server API (issue #23): a game's server, with its server key (as event ingestion), lists what
 * paid orders owe its players and says what it handed over. Only the key's own game is ever read or changed.
 */
export async function entitlementsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const callers = new WeakMap<FastifyRequest, Game>();
  // The key is checked before the input (onRequest), so a caller without a key learns nothing from a 422.
  const authenticate = async (request: FastifyRequest) => {
    callers.set(request, (await gameServerOf(ctx.db, request)).game);
  };
  const callerGame = (request: FastifyRequest) => callers.get(request)!;

  app.get(
    '/api/game/entitlements',
    {
      onRequest: authenticate,
      schema: {
        tags: ['game servers'],
        summary: "The key's game's entitlements, oldest first, cursor-paged",
        querystring: entitlementListQuerySchema,
        response: { 200: entitlementListReplySchema },
      },
    },
    async (request) => {
      const game = callerGame(request);
      // A game without a shop (Caliber) is owed nothing.
      if (!isShopGame(game)) return { entitlements: [], next: null };
      return listEntitlements(ctx, game, request.query);
    },
  );

  app.post(
    '/api/game/entitlements/:id/consume',
    {
      onRequest: authenticate,
      schema: {
        tags: ['game servers'],
        summary: 'Mark an entitlement handed over (idempotent)',
        params: entitlementIdParamsSchema,
        response: { 200: entitlementReplySchema },
      },
    },
    async (request) => {
      const game = callerGame(request);
      if (!isShopGame(game)) throw notFound(ENTITLEMENT_MESSAGES.notFound);
      return { entitlement: await consumeEntitlement(ctx, game, request.params.id) };
    },
  );
}
