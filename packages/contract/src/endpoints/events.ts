import { defineEndpoint, type Endpoint } from '../endpoint';
import { eventBatchReplySchema, eventGameParamsSchema } from '../events';

/** Game servers (with their server key, checked by the route) report sessions, level changes and downloads. */
export const eventsEndpoints = {
  /** A batch of events; the body is checked event by event by the ingestion. */
  report: defineEndpoint({
    method: 'POST',
    path: '/api/events/:game',
    auth: 'none',
    proof: 'own',
    carries: "a game server's key",
    params: eventGameParamsSchema,
    reply: eventBatchReplySchema,
    tags: ['events'],
  }),
} as const satisfies Record<string, Endpoint>;
