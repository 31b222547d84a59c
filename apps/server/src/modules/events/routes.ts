import { eventBatchReplySchema, gameSchema, MAX_EVENT_BATCH } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound, unauthenticated } from '../../lib/errors';
import { resolveServerKey } from './keys';
import { ingestEvents } from './service';

function serverKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['x-server-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** POST /api/events/{game}: game servers report sessions, level changes and downloads. */
export async function eventsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/events/:game',
    {
      // 1,000 events fit well in 1 MiB; the event-count limit answers 413 with its own message.
      bodyLimit: 1024 * 1024,
      schema: {
        tags: ['events'],
        summary: `Report up to ${MAX_EVENT_BATCH} game events (idempotent per event id)`,
        params: z.object({ game: z.string() }),
        response: { 200: eventBatchReplySchema },
      },
    },
    async (request) => {
      const game = gameSchema.safeParse(request.params.game);
      if (!game.success) throw notFound('Unknown game.');
      const key = serverKeyOf(request);
      if (!key)
        throw unauthenticated('Send the game server key as "Authorization: Bearer <key>" or "X-Server-Key".');
      const owner = await resolveServerKey(app.ctx.db, key);
      if (!owner) throw unauthenticated('This server key is not valid.');
      if (owner.game !== game.data)
        throw forbidden(`This server key belongs to ${owner.game}, not ${game.data}.`);
      return ingestEvents(app.ctx, game.data, request.body);
    },
  );
}
