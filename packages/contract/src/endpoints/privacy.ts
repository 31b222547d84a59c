import { messageReplySchema } from '../accounts';
import { defineEndpoint, type Endpoint } from '../endpoint';
import { accountDeleteReplySchema, accountDeleteRequestSchema, accountExportSchema } from '../privacy';

const tags = ['privacy'] as const;

/** The player's privacy requests (docs/decisions/0035-privacy-requests.md). */
export const privacyEndpoints = {
  /** A JSON file of everything the portal holds on the player. */
  export: defineEndpoint({
    method: 'GET',
    path: '/api/account/export',
    auth: 'player',
    proof: 'recent',
    reply: accountExportSchema,
    tags,
  }),
  /** Asks for the account's deletion; the data is erased at `erasure_due` unless the player signs in first. */
  delete: defineEndpoint({
    method: 'POST',
    path: '/api/account/delete',
    auth: 'player',
    proof: 'own',
    carries: 'the password, and a code with two-step on',
    recentIf: {
      when: 'no password is sent (an account without one)',
      test: (body: { password?: string | null }) => !body.password,
    },
    body: accountDeleteRequestSchema,
    status: 202,
    reply: accountDeleteReplySchema,
    tags,
  }),
  /** "Keep my account": signed in while the deletion waits. */
  cancelDeletion: defineEndpoint({
    method: 'POST',
    path: '/api/account/delete/cancel',
    auth: 'player',
    proof: 'session',
    reply: messageReplySchema,
    tags,
  }),
} as const satisfies Record<string, Endpoint>;
