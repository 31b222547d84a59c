import { eventsEndpoints, gameSchema, MAX_EVENT_BATCH } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/endpoints';
import { forbidden, notFound } from '../../lib/errors';
import { gameServerOf } from './server-key-auth';
import { ingestEvents } from './service';

/** POST /api/events/{game}: game servers report sessions, level changes and downloads. */
export async function eventsRoutes(app: FastifyInstance) {
  route(
    app,
    eventsEndpoints.report,
    async ({ params, body, request }) => {
      const game = gameSchema.safeParse(params.game);
      if (!game.success) throw notFound('Unknown game.');
      const owner = await gameServerOf(app.ctx, request);
      if (owner.game !== game.data)
        throw forbidden(`This server key belongs to ${owner.game}, not ${game.data}.`);
      return ingestEvents(app.ctx, game.data, body);
    },
    {
      schema: { summary: `Report up to ${MAX_EVENT_BATCH} game events (idempotent per event id)` },
      // 1,000 events fit well in 1 MiB; the event-count limit answers 413 with its own message.
      bodyLimit: 1024 * 1024,
    },
  );
}
