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
    proof: 'session',
    reply: sessionsReplySchema,
    tags,
  }),
  signOutSession: defineEndpoint({
    method: 'DELETE',
    path: '/api/sessions/:id',
    auth: 'player',
    proof: 'session',
    params: sessionParamsSchema,
    reply: messageReplySchema,
    tags,
  }),
  /** Every session but the caller's. */
  signOutOthers: defineEndpoint({
    method: 'POST',
    path: '/api/sessions/revoke-others',
    auth: 'player',
    proof: 'session',
    reply: revokeOthersReplySchema,
    tags,
  }),
  events: defineEndpoint({
    method: 'GET',
    path: '/api/security/events',
    auth: 'player',
    proof: 'session',
    reply: securityEventsReplySchema,
    tags,
  }),
  adminSessions: defineEndpoint({
    method: 'GET',
    path: '/api/admin/sessions',
    auth: 'admin',
    staff: 'own-account',
    proof: 'session',
    reply: sessionsReplySchema,
    tags,
  }),
  adminSignOutSession: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/sessions/:id',
    auth: 'admin',
    staff: 'own-account',
    proof: 'session',
    params: sessionParamsSchema,
    reply: messageReplySchema,
    tags,
  }),
  adminSignOutOthers: defineEndpoint({
    method: 'POST',
    path: '/api/admin/sessions/revoke-others',
    auth: 'admin',
    staff: 'own-account',
    proof: 'session',
    reply: revokeOthersReplySchema,
    tags,
  }),
  adminEvents: defineEndpoint({
    method: 'GET',
    path: '/api/admin/security/events',
    auth: 'admin',
    staff: 'own-account',
    proof: 'session',
    reply: securityEventsReplySchema,
    tags,
  }),
} as const satisfies Record<string, Endpoint>;
