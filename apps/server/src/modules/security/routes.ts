import {
  messageReplySchema,
  revokeOthersReplySchema,
  securityEventsReplySchema,
  sessionParamsSchema,
  sessionsReplySchema,
} from '@portal/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info';
import type { Session } from '../../lib/sessions';
import { listSecurityEvents } from './events';
import { listSessions, signOutOtherSessions, signOutSession } from './sessions';

/** Players' and admins' own sessions and security history: the same routes under two prefixes. */
export async function securityRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const audiences = [
    {
      prefix: '/api',
      guard: app.requirePlayer,
      session: (request: FastifyRequest) => request.player!,
      config: {},
    },
    {
      prefix: '/api/admin',
      guard: app.requireAdmin,
      session: (request: FastifyRequest) => request.admin!,
      config: { staff: 'own-account' },
    },
  ] satisfies {
    prefix: string;
    guard: unknown;
    session: (request: FastifyRequest) => Session;
    config: FastifyContextConfig;
  }[];
  const tags = ['security'];

  for (const { prefix, guard, session, config } of audiences) {
    app.get(
      `${prefix}/sessions`,
      { onRequest: guard, config, schema: { tags, response: { 200: sessionsReplySchema } } },
      async (request) => listSessions(app.ctx, session(request)),
    );

    app.delete(
      `${prefix}/sessions/:id`,
      {
        onRequest: guard,
        config,
        schema: { tags, params: sessionParamsSchema, response: { 200: messageReplySchema } },
      },
      async (request) => signOutSession(app.ctx, session(request), request.params.id, clientInfo(request)),
    );

    app.post(
      `${prefix}/sessions/revoke-others`,
      { onRequest: guard, config, schema: { tags, response: { 200: revokeOthersReplySchema } } },
      async (request) => signOutOtherSessions(app.ctx, session(request), clientInfo(request)),
    );

    app.get(
      `${prefix}/security/events`,
      { onRequest: guard, config, schema: { tags, response: { 200: securityEventsReplySchema } } },
      async (request) => listSecurityEvents(app.ctx, session(request)),
    );
  }
}
