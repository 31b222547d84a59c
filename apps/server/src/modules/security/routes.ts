import { securityEndpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../lib/client-info';
import { route } from '../../lib/endpoints';
import { listSecurityEvents } from './events';
import { listSessions, signOutOtherSessions, signOutSession } from './sessions';

/** Players' and admins' own sessions and security history: the same routes under two prefixes. */
export async function securityRoutes(app: FastifyInstance) {
  const endpoints = securityEndpoints;
  const audiences = [
    {
      sessions: endpoints.sessions,
      signOutSession: endpoints.signOutSession,
      signOutOthers: endpoints.signOutOthers,
      events: endpoints.events,
    },
    {
      sessions: endpoints.adminSessions,
      signOutSession: endpoints.adminSignOutSession,
      signOutOthers: endpoints.adminSignOutOthers,
      events: endpoints.adminEvents,
    },
  ];

  for (const audience of audiences) {
    route(app, audience.sessions, async ({ session }) => listSessions(app.ctx, session));
    route(app, audience.signOutSession, async ({ params, session, request }) =>
      signOutSession(app.ctx, session, params.id, clientInfo(request)),
    );
    route(app, audience.signOutOthers, async ({ session, request }) =>
      signOutOtherSessions(app.ctx, session, clientInfo(request)),
    );
    route(app, audience.events, async ({ session }) => listSecurityEvents(app.ctx, session));
  }
}
