import { type Game, moderationEndpoints } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/endpoints';
import { gameServerOf } from '../events';
import { decideAppeal, listAppeals } from './appeals';
import { gameStanding } from './game-standing';
import { fileGameReport, filePlayerReport, reportQueue, reportsAbout, resolveReports } from './reports';
import { liftSanction, listSanctions, placeSanction } from './sanction-actions';

/** Player safety (issue #37): staff's sanctions, appeals and report queue; the games' reports and standing. */
export async function moderationRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const endpoints = moderationEndpoints;
  const callers = new WeakMap<FastifyRequest, Game>();
  // The key is checked before the input, so a caller without a key learns nothing from a 422.
  const authenticate = async (request: FastifyRequest) => {
    callers.set(request, (await gameServerOf(ctx, request)).game);
  };
  const callerGame = (request: FastifyRequest) => callers.get(request)!;

  route(
    app,
    endpoints.place,
    async ({ params, body, session, request, reply }) => {
      const placed = await placeSanction(ctx, params.uuid, body, { session, ip: request.ip });
      reply.status(201);
      return placed;
    },
    { schema: { summary: 'Place a sanction on a player' } },
  );
  route(
    app,
    endpoints.lift,
    async ({ params, body, session, request }) =>
      liftSanction(ctx, params.id, body.reason, { session, ip: request.ip }),
    { schema: { summary: 'Lift a sanction' } },
  );
  route(app, endpoints.list, async ({ query }) => listSanctions(ctx, query), {
    schema: { summary: 'Sanctions, newest first' },
  });
  route(app, endpoints.appeals, async ({ query }) => listAppeals(ctx, query), {
    schema: { summary: 'Appeals, oldest first' },
  });
  route(
    app,
    endpoints.decideAppeal,
    async ({ params, body, session, request }) =>
      decideAppeal(ctx, params.id, body, { session, ip: request.ip }),
    { schema: { summary: 'Uphold a sanction, or lift it' } },
  );
  route(app, endpoints.reportQueue, async ({ query }) => reportQueue(ctx, query), {
    schema: { summary: 'Reported players, most reports first' },
  });
  route(app, endpoints.playerReports, async ({ params }) => reportsAbout(ctx, params.uuid), {
    schema: { summary: "A player's open reports" },
  });
  route(
    app,
    endpoints.resolveReports,
    async ({ body, session, request }) => resolveReports(ctx, body, { session, ip: request.ip }),
    {
      schema: { summary: 'Dismiss reports, or mark them reviewed' },
    },
  );
  route(
    app,
    endpoints.playerReport,
    async ({ body, session, reply }) => {
      const filed = await filePlayerReport(ctx, session.subjectId, body);
      reply.status(201);
      return filed;
    },
    {
      // A player reports a few others in a match, not dozens a minute.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { summary: 'Report another player' },
    },
  );
  route(
    app,
    endpoints.gameReport,
    async ({ body, request, reply }) => {
      const filed = await fileGameReport(ctx, callerGame(request), body);
      reply.status(201);
      return filed;
    },
    {
      before: [authenticate],
      schema: { summary: 'Report a player of your game' },
    },
  );
  route(
    app,
    endpoints.gameStanding,
    async ({ params, request }) => gameStanding(ctx, callerGame(request), params.uuid),
    {
      before: [authenticate],
      schema: { summary: "A player's sanctions that apply to your game" },
    },
  );
}
