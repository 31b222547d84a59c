import {
  emailBlastAddRecipientSchema,
  emailBlastListReplySchema,
  emailBlastRecipientSchema,
  emailBlastSendReplySchema,
  emailBlastSendRequestSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addRecipient, listRecipients, removeRecipient, sendTestBlast } from './service';

/** Send Test Email page (admin token required on every route). */
export const emailBlastRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const admin = { onRequest: app.requireAdmin, config: { staff: 'email.send' } } as const;

  app.get(
    '/api/email-blast',
    { ...admin, schema: { tags: ['admin'], response: { 200: emailBlastListReplySchema } } },
    async () => listRecipients(ctx),
  );

  app.post(
    '/api/email-blast/recipients',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        body: emailBlastAddRecipientSchema,
        response: { 201: emailBlastRecipientSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addRecipient(ctx, request.admin!, request.body, request.ip)),
  );

  app.delete(
    '/api/email-blast/recipients/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        params: z.object({ id: z.uuid({ message: 'Unknown recipient.' }) }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await removeRecipient(ctx, request.admin!, request.params.id, request.ip);
      return { message: 'Recipient removed.' };
    },
  );

  app.post(
    '/api/email-blast',
    {
      ...admin,
      config: { ...admin.config, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        body: emailBlastSendRequestSchema,
        response: { 200: emailBlastSendReplySchema },
      },
    },
    async (request) => sendTestBlast(ctx, request.admin!, request.body.idempotencyKey, request.ip),
  );
};
