import { defineEndpoint, type Endpoint } from '../endpoint';
import { appealBodySchema, appealReplySchema, sanctionParamsSchema, standingReplySchema } from '../sanctions';

const standingProof = "the player's session or the standing token of a refused sign-in";

/**
 * Player safety (issue #37), the player's side: their sanctions and the appeal of one. A player an account ban
 * keeps out reaches these with the standing token their refused sign-in handed them, and nothing else with it.
 */
export const standingEndpoints = {
  standing: defineEndpoint({
    method: 'GET',
    path: '/api/standing',
    auth: 'none',
    proof: 'own',
    carries: standingProof,
    reply: standingReplySchema,
  }),
  appeal: defineEndpoint({
    method: 'POST',
    path: '/api/standing/sanctions/:id/appeal',
    auth: 'none',
    proof: 'own',
    carries: standingProof,
    params: sanctionParamsSchema,
    body: appealBodySchema,
    status: 201,
    reply: appealReplySchema,
  }),
} as const satisfies Record<string, Endpoint>;
