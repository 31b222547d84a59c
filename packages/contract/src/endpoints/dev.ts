import { z } from 'zod';
import { defineEndpoint, type Endpoint } from '../endpoint';
import { gameParamsSchema } from '../entitlements';
import { gameSchema } from '../games';

const mailboxQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
const gameInboxQuery = z.object({ game: gameSchema.optional() });

/**
 * Development-only views (never registered in production, left out of the API document): the local outbox,
 * and the receiver of games' webhooks. Their replies are the development pages' own (JSON or HTML).
 */
export const devEndpoints = {
  /** The local outbox, newest first. */
  mailboxJson: defineEndpoint({
    method: 'GET',
    path: '/dev/mailbox.json',
    auth: 'none',
    proof: 'none',
    query: mailboxQuery,
  }),
  /** The same as an HTML page with clickable links. */
  mailbox: defineEndpoint({
    method: 'GET',
    path: '/dev/mailbox',
    auth: 'none',
    proof: 'none',
    query: mailboxQuery,
  }),
  /** A game's webhook: the pretend game checks its signature itself. */
  gameInboxReceive: defineEndpoint({
    method: 'POST',
    path: '/dev/game-inbox/:game',
    auth: 'none',
    proof: 'none',
    params: gameParamsSchema,
  }),
  /** What each game received, and what it did with it. */
  gameInboxJson: defineEndpoint({
    method: 'GET',
    path: '/dev/game-inbox.json',
    auth: 'none',
    proof: 'none',
    query: gameInboxQuery,
  }),
  /** The same as an HTML page. */
  gameInbox: defineEndpoint({
    method: 'GET',
    path: '/dev/game-inbox',
    auth: 'none',
    proof: 'none',
    query: gameInboxQuery,
  }),
} as const satisfies Record<string, Endpoint>;
