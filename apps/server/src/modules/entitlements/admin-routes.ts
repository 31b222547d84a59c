import { entitlementsEndpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/endpoints';
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
export async function gameSettingsRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const endpoints = entitlementsEndpoints;

  route(app, endpoints.games, async () => ({ games: await listGameSettings(ctx) }));

  route(app, endpoints.saveWebhook, async ({ params, body, session, request }) =>
    saveWebhook(ctx, params.game, body, session, request.ip),
  );

  route(app, endpoints.rotateWebhookSecret, async ({ params, session, request }) =>
    rotateWebhookSecret(ctx, params.game, session, request.ip),
  );

  route(app, endpoints.testWebhook, async ({ params }) => sendTestPing(ctx, params.game));

  route(app, endpoints.createKey, async ({ params, body, session, request }) =>
    createGameKey(ctx, params.game, body.name, session, request.ip),
  );

  route(app, endpoints.revokeKey, async ({ params, session, request }) =>
    revokeGameKey(ctx, params.game, params.id, session, request.ip),
  );

  route(app, endpoints.deliveries, async ({ query }) => listDeliveries(ctx, query));

  route(app, endpoints.retryDelivery, async ({ params, session, request }) =>
    retryDelivery(ctx, params.id, session, request.ip),
  );
}
