import { DEVELOPER_ADMIN_MESSAGES, developersEndpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/endpoints';
import { listDevelopers, markDeveloper, unmarkDeveloper, verifyDeveloperEmail } from './service';

/** Developer accounts: the public verification link, and admin marking. */
export async function developersRoutes(app: FastifyInstance) {
  const endpoints = developersEndpoints;

  route(
    app,
    endpoints.verifyEmail,
    async ({ params, reply }) => {
      const result = await verifyDeveloperEmail(app.ctx, params.token);
      return reply.status(result.success ? 200 : 404).send(result);
    },
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      // An unknown or spent link answers 404 with the same body, so the reply schema covers that status too.
      schema: { response: { 404: endpoints.verifyEmail.reply } },
    },
  );

  route(app, endpoints.list, async () => ({ developers: await listDevelopers(app.ctx) }));

  route(app, endpoints.mark, async ({ body, session, request }) => {
    const { developer, emailSent } = await markDeveloper(app.ctx, {
      email: body.email,
      actor: { admin: session, ip: request.ip },
    });
    return {
      developer,
      message: emailSent
        ? DEVELOPER_ADMIN_MESSAGES.linkSent(developer.email)
        : DEVELOPER_ADMIN_MESSAGES.alreadyVerified(developer.email),
    };
  });

  route(app, endpoints.unmark, async ({ params, session, request }) => {
    await unmarkDeveloper(app.ctx, params.userId, { admin: session, ip: request.ip });
    return { message: DEVELOPER_ADMIN_MESSAGES.removed };
  });
}
