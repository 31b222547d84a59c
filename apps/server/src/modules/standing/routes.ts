import { standingEndpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/endpoints';
import { appealSanction, readStanding } from './standing';
import { standingCaller } from './standing-token';

/** The player's standing and appeal (issue #37): with a session, or the standing token of a refused sign-in. */
export async function standingRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const endpoints = standingEndpoints;

  route(
    app,
    endpoints.standing,
    async ({ request }) => readStanding(ctx, await standingCaller(ctx, request)),
    { schema: { summary: "The player's sanctions and appeals" } },
  );

  route(
    app,
    endpoints.appeal,
    async ({ params, body, request, reply }) => {
      const userId = await standingCaller(ctx, request);
      reply.status(201);
      return appealSanction(ctx, userId, params.id, body.message);
    },
    { schema: { summary: 'Appeal a sanction (once)' } },
  );
}
