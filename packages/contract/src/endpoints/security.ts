import { messageReplySchema } from '../accounts';
import { defineEndpoint, type Endpoint } from '../endpoint';
import {
  revokeOthersReplySchema,
  securityEventsReplySchema,
  sessionParamsSchema,
  sessionsReplySchema,
} from '../security';

const tags = ['security'] as const;

/** The caller's own sessions and security history: players' under /api, staff's under /api/admin. */
export const securityEndpoints = {
  sessions: defineEndpoint({
    method: 'GET',
    path: '/api/sessions',
    auth: 'player',
    reply: sessionsReplySchema,
    tags,
  }),
  signOutSession: defineEndpoint({
    method: 'DELETE',
    path: '/api/sessions/:id',
    auth: 'player',
    params: sessionParamsSchema,
    reply: messageReplySchema,
    tags,
  }),
  /** Every session but the caller's. */
  signOutOthers: defineEndpoint({
    method: 'POST',
    path: '/api/sessions/revoke-others',
    auth: 'player',
    reply: revokeOthersReplySchema,
    tags,
  }),
  events: defineEndpoint({
    method: 'GET',
    path: '/api/security/events',
    auth: 'player',
    reply: securityEventsReplySchema,
    tags,
  }),
  adminSessions: defineEndpoint({
    method: 'GET',
    path: '/api/admin/sessions',
    auth: 'admin',
    staff: 'own-account',
    reply: sessionsReplySchema,
    tags,
  }),
  adminSignOutSession: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/sessions/:id',
    auth: 'admin',
    staff: 'own-account',
    params: sessionParamsSchema,
    reply: messageReplySchema,
    tags,
  }),
  adminSignOutOthers: defineEndpoint({
    method: 'POST',
    path: '/api/admin/sessions/revoke-others',
    auth: 'admin',
    staff: 'own-account',
    reply: revokeOthersReplySchema,
    tags,
  }),
  adminEvents: defineEndpoint({
    method: 'GET',
    path: '/api/admin/security/events',
    auth: 'admin',
    staff: 'own-account',
    reply: securityEventsReplySchema,
    tags,
  }),
} as const satisfies Record<string, Endpoint>;
