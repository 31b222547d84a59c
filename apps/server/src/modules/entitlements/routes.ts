import { ENTITLEMENT_MESSAGES, entitlementsEndpoints, type Game, isShopGame } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/endpoints';
import { notFound } from '../../lib/errors';
import { gameServerOf } from '../events';
import { consumeEntitlement } from './consume';
import { listEntitlements } from './list';

/**
 * The game-server API (issue #23): a game's server, with its server key (as event ingestion), lists what
 * paid orders owe its players and says what it handed over. Only the key's own game is ever read or changed.
 */
export async function entitlementsRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const endpoints = entitlementsEndpoints;
  const callers = new WeakMap<FastifyRequest, Game>();
  // The key is checked before the input (onRequest), so a caller without a key learns nothing from a 422.
  const authenticate = async (request: FastifyRequest) => {
    callers.set(request, (await gameServerOf(ctx, request)).game);
  };
  const callerGame = (request: FastifyRequest) => callers.get(request)!;

  route(
    app,
    endpoints.gameList,
    async ({ query, request }) => {
      const game = callerGame(request);
      // A game without a shop (Caliber) is owed nothing.
      if (!isShopGame(game)) return { entitlements: [], next: null };
      return listEntitlements(ctx, game, query);
    },
    {
      before: [authenticate],
      schema: { summary: "The key's game's entitlements, oldest first, cursor-paged" },
    },
  );

  route(
    app,
    endpoints.gameConsume,
    async ({ params, request }) => {
      const game = callerGame(request);
      if (!isShopGame(game)) throw notFound(ENTITLEMENT_MESSAGES.notFound);
      return { entitlement: await consumeEntitlement(ctx, game, params.id) };
    },
    {
      before: [authenticate],
      schema: { summary: 'Mark an entitlement handed over (idempotent)' },
    },
  );
}
