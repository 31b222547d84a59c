import {
  DEVELOPER_ADMIN_MESSAGES,
  developersReplySchema,
  developerVerifyReplySchema,
  markDeveloperReplySchema,
  markDeveloperSchema,
  messageReplySchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listDevelopers, markDeveloper, unmarkDeveloper, verifyDeveloperEmail } from './service';

/** Developer accounts: the public verification link, and admin marking. */
export async function developersRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/developer-verifyemail/:token',
    {
      schema: {
        tags: ['developers'],
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: developerVerifyReplySchema, 404: developerVerifyReplySchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const result = await verifyDeveloperEmail(app.ctx, request.params.token);
      return reply.status(result.success ? 200 : 404).send(result);
    },
  );

  app.get(
    '/api/admin/developers',
    {
      onRequest: app.requireAdmin,
      config: { staff: 'developers.manage' },
      schema: { tags: ['developers'], response: { 200: developersReplySchema } },
    },
    async () => ({ developers: await listDevelopers(app.ctx) }),
  );

  app.post(
    '/api/admin/developers',
    {
      onRequest: app.requireAdmin,
      config: { staff: 'developers.manage' },
      schema: {
        tags: ['developers'],
        body: markDeveloperSchema,
        response: { 200: markDeveloperReplySchema },
      },
    },
    async (request) => {
      const { developer, emailSent } = await markDeveloper(app.ctx, {
        email: request.body.email,
        actor: { admin: request.admin!, ip: request.ip },
      });
      return {
        developer,
        message: emailSent
          ? DEVELOPER_ADMIN_MESSAGES.linkSent(developer.email)
          : DEVELOPER_ADMIN_MESSAGES.alreadyVerified(developer.email),
      };
    },
  );

  app.delete(
    '/api/admin/developers/:userId',
    {
      onRequest: app.requireAdmin,
      config: { staff: 'developers.manage' },
      schema: {
        tags: ['developers'],
        params: z.object({ userId: z.uuid({ message: 'Unknown account.' }) }),
        response: { 200: messageReplySchema },
      },
    },
    async (request) => {
      await unmarkDeveloper(app.ctx, request.params.userId, { admin: request.admin!, ip: request.ip });
      return { message: DEVELOPER_ADMIN_MESSAGES.removed };
    },
  );
}
