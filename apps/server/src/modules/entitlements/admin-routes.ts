import { entitlementsEndpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoints';
import { listDeliveries, retryDelivery, sendTestPing } from './deliveries-admin';
import {
  createGameKey,
  listGameSettings,
  revokeGameKey,
  rotateWebhookSecret,
  saveWebhook,
} from './game-settings';

/**
 * The back-office's game settings (owners, `games.manage`): each game's webhook and signing secret, its
 * server keys, and the webhook delivery log with retries (issue #23).
 */
export async function gameSettingsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const endpoints = entitlementsEndpoints;

  app.route({
    ...endpointRoute(app, endpoints.games),
    handler: async () => ({ games: await listGameSettings(ctx) }),
  });

  app.route({
    ...endpointRoute(app, endpoints.saveWebhook),
    handler: async (request) =>
      saveWebhook(ctx, request.params.game, request.body, request.admin!, request.ip),
  });

  app.route({
    ...endpointRoute(app, endpoints.rotateWebhookSecret),
    handler: async (request) => rotateWebhookSecret(ctx, request.params.game, request.admin!, request.ip),
  });

  app.route({
    ...endpointRoute(app, endpoints.testWebhook),
    handler: async (request) => sendTestPing(ctx, request.params.game),
  });

  app.route({
    ...endpointRoute(app, endpoints.createKey),
    handler: async (request) =>
      createGameKey(ctx, request.params.game, request.body.name, request.admin!, request.ip),
  });

  app.route({
    ...endpointRoute(app, endpoints.revokeKey),
    handler: async (request) =>
      revokeGameKey(ctx, request.params.game, request.params.id, request.admin!, request.ip),
  });

  app.route({
    ...endpointRoute(app, endpoints.deliveries),
    handler: async (request) => listDeliveries(ctx, request.query),
  });

  app.route({
    ...endpointRoute(app, endpoints.retryDelivery),
    handler: async (request) => retryDelivery(ctx, request.params.id, request.admin!, request.ip),
  });
}
