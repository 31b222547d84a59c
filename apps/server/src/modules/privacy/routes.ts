import { accountDeleteReplySchema, accountDeleteRequestSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInDevice } from '../../lib/device-cookie';
import { requestAccountDeletion } from './deletion';
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
};
