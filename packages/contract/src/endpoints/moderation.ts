import { defineEndpoint, type Endpoint } from '../endpoint';
import {
  appealDecisionBodySchema,
  appealDecisionReplySchema,
  appealListQuerySchema,
  appealListReplySchema,
  appealParamsSchema,
  gameReportBodySchema,
  gameStandingReplySchema,
  liftSanctionBodySchema,
  placeSanctionBodySchema,
  playerReportBodySchema,
  playerReportReplySchema,
  playerReportsReplySchema,
  reportCreatedSchema,
  reportQueueQuerySchema,
  reportQueueReplySchema,
  resolveReportsBodySchema,
  resolveReportsReplySchema,
  sanctionListQuerySchema,
  sanctionListReplySchema,
  sanctionParamsSchema,
  sanctionPlayerParamsSchema,
  staffSanctionReplySchema,
} from '../sanctions';

const gameServers = ['game servers'] as const;
const read = { auth: 'admin', staff: 'players.read', proof: 'session', tags: ['admin'] } as const;
const act = { auth: 'admin', staff: 'players.act', tags: ['admin'] } as const;

/**
 * Player safety (issue #37), staff's and the games' side: sanctions placed and lifted, appeals decided, reports
 * from the games and from players, the queue staff work them from, and a player's standing as a game reads it.
 */
export const moderationEndpoints = {
  place: defineEndpoint({
    method: 'POST',
    path: '/api/admin/players/:uuid/sanctions',
    ...act,
    // A ban outlives the session that placed it: a stolen staff session must not ban players (decision 0063).
    proof: 'recent',
    params: sanctionPlayerParamsSchema,
    body: placeSanctionBodySchema,
    status: 201,
    reply: staffSanctionReplySchema,
  }),
  lift: defineEndpoint({
    method: 'POST',
    path: '/api/admin/sanctions/:id/lift',
    ...act,
    proof: 'recent',
    params: sanctionParamsSchema,
    body: liftSanctionBodySchema,
    reply: staffSanctionReplySchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/sanctions',
    ...read,
    query: sanctionListQuerySchema,
    reply: sanctionListReplySchema,
  }),
  appeals: defineEndpoint({
    method: 'GET',
    path: '/api/admin/appeals',
    ...read,
    query: appealListQuerySchema,
    reply: appealListReplySchema,
  }),
  decideAppeal: defineEndpoint({
    method: 'POST',
    path: '/api/admin/appeals/:id/decision',
    ...act,
    proof: 'recent',
    params: appealParamsSchema,
    body: appealDecisionBodySchema,
    reply: appealDecisionReplySchema,
  }),
  reportQueue: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reports',
    ...read,
    query: reportQueueQuerySchema,
    reply: reportQueueReplySchema,
  }),
  playerReports: defineEndpoint({
    method: 'GET',
    path: '/api/admin/players/:uuid/reports',
    ...read,
    params: sanctionPlayerParamsSchema,
    reply: playerReportsReplySchema,
  }),
  resolveReports: defineEndpoint({
    method: 'POST',
    path: '/api/admin/reports/resolve',
    ...act,
    // Dismissing a report changes nothing that outlives it; the session is enough.
    proof: 'session',
    body: resolveReportsBodySchema,
    reply: resolveReportsReplySchema,
  }),
  playerReport: defineEndpoint({
    method: 'POST',
    path: '/api/reports',
    auth: 'player',
    proof: 'session',
    body: playerReportBodySchema,
    status: 201,
    reply: playerReportReplySchema,
  }),
  gameReport: defineEndpoint({
    method: 'POST',
    path: '/api/game/reports',
    auth: 'none',
    proof: 'own',
    carries: "a game server's key",
    body: gameReportBodySchema,
    status: 201,
    reply: reportCreatedSchema,
    tags: gameServers,
  }),
  gameStanding: defineEndpoint({
    method: 'GET',
    path: '/api/game/players/:uuid/standing',
    auth: 'none',
    proof: 'own',
    carries: "a game server's key",
    params: sanctionPlayerParamsSchema,
    reply: gameStandingReplySchema,
    tags: gameServers,
  }),
} as const satisfies Record<string, Endpoint>;
