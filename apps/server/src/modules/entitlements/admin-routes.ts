import {
  deliveryListQuerySchema,
  deliveryListReplySchema,
  deliveryParamsSchema,
  deliveryReplySchema,
  gameKeyBodySchema,
  gameKeyCreatedSchema,
  gameKeyParamsSchema,
  gameKeyReplySchema,
  gameParamsSchema,
  gameSettingsListSchema,
  gameWebhookBodySchema,
  gameWebhookReplySchema,
  gameWebhookSecretReplySchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  const tags = ['admin'];
  const onRequest = app.requireAdmin;
  const config = { staff: 'games.manage' } as const;

  app.get(
    '/api/admin/games',
    { onRequest, config, schema: { tags, response: { 200: gameSettingsListSchema } } },
    async () => ({ games: await listGameSettings(ctx) }),
  );

  app.put(
    '/api/admin/games/:game/webhook',
    {
      onRequest,
      config,
      schema: {
        tags,
        params: gameParamsSchema,
        body: gameWebhookBodySchema,
        response: { 200: gameWebhookReplySchema },
      },
    },
    async (request) => saveWebhook(ctx, request.params.game, request.body, request.admin!, request.ip),
  );

  app.post(
    '/api/admin/games/:game/webhook/rotate-secret',
    {
      onRequest,
      config,
      schema: { tags, params: gameParamsSchema, response: { 200: gameWebhookSecretReplySchema } },
    },
    async (request) => rotateWebhookSecret(ctx, request.params.game, request.admin!, request.ip),
  );

  app.post(
    '/api/admin/games/:game/webhook/test',
    { onRequest, config, schema: { tags, params: gameParamsSchema, response: { 200: deliveryReplySchema } } },
    async (request) => sendTestPing(ctx, request.params.game),
  );

  app.post(
    '/api/admin/games/:game/keys',
    {
      onRequest,
      config,
      schema: {
        tags,
        params: gameParamsSchema,
        body: gameKeyBodySchema,
        response: { 200: gameKeyCreatedSchema },
      },
    },
    async (request) => createGameKey(ctx, request.params.game, request.body.name, request.admin!, request.ip),
  );

  app.delete(
    '/api/admin/games/:game/keys/:id',
    {
      onRequest,
      config,
      schema: { tags, params: gameKeyParamsSchema, response: { 200: gameKeyReplySchema } },
    },
    async (request) => revokeGameKey(ctx, request.params.game, request.params.id, request.admin!, request.ip),
  );

  app.get(
    '/api/admin/deliveries',
    {
      onRequest,
      config,
      schema: { tags, querystring: deliveryListQuerySchema, response: { 200: deliveryListReplySchema } },
    },
    async (request) => listDeliveries(ctx, request.query),
  );

  app.post(
    '/api/admin/deliveries/:id/retry',
    {
      onRequest,
      config,
      schema: { tags, params: deliveryParamsSchema, response: { 200: deliveryReplySchema } },
    },
    async (request) => retryDelivery(ctx, request.params.id, request.admin!, request.ip),
  );
}
