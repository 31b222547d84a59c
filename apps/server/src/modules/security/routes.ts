import { securityEndpoints } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info';
import { endpointRoute } from '../../lib/endpoints';
import type { Session } from '../../lib/sessions';
import { listSecurityEvents } from './events';
import { listSessions, signOutOtherSessions, signOutSession } from './sessions';

/** Players' and admins' own sessions and security history: the same routes under two prefixes. */
export async function securityRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const endpoints = securityEndpoints;
  const audiences = [
    {
      session: (request: FastifyRequest): Session => request.player!,
      sessions: endpoints.sessions,
      signOutSession: endpoints.signOutSession,
      signOutOthers: endpoints.signOutOthers,
      events: endpoints.events,
    },
    {
      session: (request: FastifyRequest): Session => request.admin!,
      sessions: endpoints.adminSessions,
      signOutSession: endpoints.adminSignOutSession,
      signOutOthers: endpoints.adminSignOutOthers,
      events: endpoints.adminEvents,
    },
  ];

  for (const { session, ...audience } of audiences) {
    app.route({
      ...endpointRoute(app, audience.sessions),
      handler: async (request) => listSessions(app.ctx, session(request)),
    });
    app.route({
      ...endpointRoute(app, audience.signOutSession),
      handler: async (request) =>
        signOutSession(app.ctx, session(request), request.params.id, clientInfo(request)),
    });
    app.route({
      ...endpointRoute(app, audience.signOutOthers),
      handler: async (request) => signOutOtherSessions(app.ctx, session(request), clientInfo(request)),
    });
    app.route({
      ...endpointRoute(app, audience.events),
      handler: async (request) => listSecurityEvents(app.ctx, session(request)),
    });
  }
}
