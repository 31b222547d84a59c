import { DEVELOPER_ADMIN_MESSAGES, developersEndpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoints';
import { listDevelopers, markDeveloper, unmarkDeveloper, verifyDeveloperEmail } from './service';

/** Developer accounts: the public verification link, and admin marking. */
export async function developersRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const endpoints = developersEndpoints;

  // An unknown or spent link answers 404 with the same body, so the reply schema covers that status too.
  const verify = endpointRoute(app, endpoints.verifyEmail, {
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
  });
  app.route({
    ...verify,
    schema: { ...verify.schema, response: { ...verify.schema.response, 404: endpoints.verifyEmail.reply } },
    handler: async (request, reply) => {
      const result = await verifyDeveloperEmail(app.ctx, request.params.token);
      return reply.status(result.success ? 200 : 404).send(result);
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.list),
    handler: async () => ({ developers: await listDevelopers(app.ctx) }),
  });

  app.route({
    ...endpointRoute(app, endpoints.mark),
    handler: async (request) => {
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
  });

  app.route({
    ...endpointRoute(app, endpoints.unmark),
    handler: async (request) => {
      await unmarkDeveloper(app.ctx, request.params.userId, { admin: request.admin!, ip: request.ip });
      return { message: DEVELOPER_ADMIN_MESSAGES.removed };
    },
  });
}
