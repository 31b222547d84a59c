import { accountDeleteReplySchema, accountDeleteRequestSchema, messageReplySchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInDevice } from '../../lib/device-cookie';
import { requestAccountDeletion } from './deletion';
import { keepAccount } from './deletion-cancel';
import { exportAccountData } from './export';

const tags = ['privacy'];

/** The player's privacy requests (docs/decisions/0035-privacy-requests.md). */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/api/account/export',
    { onRequest: app.requirePlayer, schema: { tags } },
    async (request, reply) => {
      const data = await exportAccountData(ctx, request.player!.subjectId);
      const day = data.exported_at.slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-account-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    '/api/account/delete',
    {
      onRequest: app.requirePlayer,
      config: { rateLimit: { max: ctx.config.AUTH_RATE_LIMIT_MAX ?? 10, timeWindow: '1 minute' } },
      schema: { tags, body: accountDeleteRequestSchema, response: { 202: accountDeleteReplySchema } },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await requestAccountDeletion(
            ctx,
            request.player!.subjectId,
            request.body,
            signInDevice(ctx, request),
          ),
        ),
  );

  // "Keep my account": signed in while the deletion waits (the reply's user had `pending_deletion`).
  app.post(
    '/api/account/delete/cancel',
    {
      onRequest: app.requirePlayer,
      config: { rateLimit: { max: ctx.config.AUTH_RATE_LIMIT_MAX ?? 10, timeWindow: '1 minute' } },
      schema: { tags, response: { 200: messageReplySchema } },
    },
    async (request) => keepAccount(ctx, request.player!.subjectId),
  );
};
