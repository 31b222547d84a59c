import { emailBlastEndpoints } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoints';
import { addRecipient, listRecipients, removeRecipient, sendTestBlast } from './service';

/** Send Test Email page. */
export const emailBlastRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const endpoints = emailBlastEndpoints;

  app.route({
    ...endpointRoute(app, endpoints.recipients),
    handler: async () => listRecipients(ctx),
  });

  app.route({
    ...endpointRoute(app, endpoints.addRecipient),
    handler: async (request, reply) =>
      reply.status(201).send(await addRecipient(ctx, request.admin!, request.body, request.ip)),
  });

  app.route({
    ...endpointRoute(app, endpoints.removeRecipient),
    handler: async (request) => {
      await removeRecipient(ctx, request.admin!, request.params.id, request.ip);
      return { message: 'Recipient removed.' };
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.send, { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }),
    handler: async (request) => sendTestBlast(ctx, request.admin!, request.body.idempotencyKey, request.ip),
  });
};
