import { privacyEndpoints } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoints';
import type { PersonalDataRegistry } from '../../lib/personal-data';
import { requestAccountDeletion } from './deletion';
import { keepAccount } from './deletion-cancel';
import { exportAccountData } from './export';

/**
 * The player's privacy requests (docs/decisions/0035-privacy-requests.md), over what every owner of tables
 * declares it holds (`personalData`, gathered by app.ts; decision 0075).
 */
export const privacyRoutes: FastifyPluginAsyncZod<{ personalData: PersonalDataRegistry }> = async (
  app,
  { personalData },
) => {
  const ctx = app.ctx;
  const endpoints = privacyEndpoints;
  const config = { rateLimit: { max: ctx.config.AUTH_RATE_LIMIT_MAX ?? 10, timeWindow: '1 minute' } };

  route(app, endpoints.export, async ({ session, reply }) => {
    const data = await exportAccountData(ctx, personalData, session.subjectId);
    const day = data.exported_at.slice(0, 10);
    return (
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-account-data-${day}.json"`)
        .header('cache-control', 'no-store')
        // Indented (a file people open and read) by the route's own serializer, which skips the reply
        // schema at run time: the type check holds `data` to it.
        .serializer((payload) => JSON.stringify(payload, null, 2))
        .send(data)
    );
  });

  route(
    app,
    endpoints.delete,
    async ({ body, session, reply, device }) =>
      reply.status(202).send(await requestAccountDeletion(ctx, session.subjectId, body, device)),
    { config, device: true },
  );

  // "Keep my account": signed in while the deletion waits (the reply's user had `pending_deletion`).
  route(app, endpoints.cancelDeletion, async ({ session }) => keepAccount(ctx, session.subjectId), {
    config,
  });
};
