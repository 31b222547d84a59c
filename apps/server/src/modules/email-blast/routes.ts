import { emailBlastEndpoints } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoints';
import { addRecipient, listRecipients, removeRecipient, sendTestBlast } from './service';

/** Send Test Email page. */
export const emailBlastRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const endpoints = emailBlastEndpoints;

  route(app, endpoints.recipients, async () => listRecipients(ctx));

  route(app, endpoints.addRecipient, async ({ body, session, request, reply }) =>
    reply.status(201).send(await addRecipient(ctx, session, body, request.ip)),
  );

  route(app, endpoints.removeRecipient, async ({ params, session, request }) => {
    await removeRecipient(ctx, session, params.id, request.ip);
    return { message: 'Recipient removed.' };
  });

  route(
    app,
    endpoints.send,
    async ({ body, session, request }) => sendTestBlast(ctx, session, body.idempotencyKey, request.ip),
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
  );
};
