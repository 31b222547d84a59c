import { defineEndpoint, type Endpoint } from '../endpoint';
import { stepUpReplySchema, stepUpRequestSchema } from '../step-up';

const tags = ['step-up'] as const;

/** "Confirm it's you" (docs/decisions/0038-step-up.md): a fresh proof for the caller's own session. */
export const stepUpEndpoints = {
  player: defineEndpoint({
    method: 'POST',
    path: '/api/step-up',
    auth: 'player',
    proof: 'own',
    carries: 'the password and, with two-step on, a code; or a passkey',
    body: stepUpRequestSchema,
    reply: stepUpReplySchema,
    tags,
  }),
  admin: defineEndpoint({
    method: 'POST',
    path: '/api/admin/step-up',
    auth: 'admin',
    staff: 'own-account',
    proof: 'own',
    carries: 'the password and, with two-step on, a code; or a passkey',
    body: stepUpRequestSchema,
    reply: stepUpReplySchema,
    tags,
  }),
} as const satisfies Record<string, Endpoint>;
