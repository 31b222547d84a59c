import { type Game, moderationEndpoints } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoints';
import { gameServerOf } from '../events';
import { decideAppeal, listAppeals } from './appeals';
import { gameStanding } from './game-standing';
import { fileGameReport, filePlayerReport, reportQueue, reportsAbout, resolveReports } from './reports';
import { liftSanction, listSanctions, placeSanction } from './sanction-actions';

/** Player safety (issue #37): staff's sanctions, appeals and report queue; the games' reports and standing. */
export async function moderationRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const endpoints = moderationEndpoints;
  const staff = (request: FastifyRequest) => ({ session: request.admin!, ip: request.ip });
  const callers = new WeakMap<FastifyRequest, Game>();
  // The key is checked before the input, so a caller without a key learns nothing from a 422.
  const authenticate = async (request: FastifyRequest) => {
    callers.set(request, (await gameServerOf(ctx, request)).game);
  };
  const callerGame = (request: FastifyRequest) => callers.get(request)!;

  app.route({
    ...endpointRoute(app, endpoints.place, { schema: { summary: 'Place a sanction on a player' } }),
    handler: async (request, reply) => {
      const placed = await placeSanction(ctx, request.params.uuid, request.body, staff(request));
      reply.status(201);
      return placed;
    },
  });
  app.route({
    ...endpointRoute(app, endpoints.lift, { schema: { summary: 'Lift a sanction' } }),
    handler: async (request) => liftSanction(ctx, request.params.id, request.body.reason, staff(request)),
  });
  app.route({
    ...endpointRoute(app, endpoints.list, { schema: { summary: 'Sanctions, newest first' } }),
    handler: async (request) => listSanctions(ctx, request.query),
  });
  app.route({
    ...endpointRoute(app, endpoints.appeals, { schema: { summary: 'Appeals, oldest first' } }),
    handler: async (request) => listAppeals(ctx, request.query),
  });
  app.route({
    ...endpointRoute(app, endpoints.decideAppeal, { schema: { summary: 'Uphold a sanction, or lift it' } }),
    handler: async (request) => decideAppeal(ctx, request.params.id, request.body, staff(request)),
  });
  app.route({
    ...endpointRoute(app, endpoints.reportQueue, {
      schema: { summary: 'Reported players, most reports first' },
    }),
    handler: async (request) => reportQueue(ctx, request.query),
  });
  app.route({
    ...endpointRoute(app, endpoints.playerReports, { schema: { summary: "A player's open reports" } }),
    handler: async (request) => reportsAbout(ctx, request.params.uuid),
  });
  app.route({
    ...endpointRoute(app, endpoints.resolveReports, {
      schema: { summary: 'Dismiss reports, or mark them reviewed' },
    }),
    handler: async (request) => resolveReports(ctx, request.body, staff(request)),
  });
  app.route({
    ...endpointRoute(app, endpoints.playerReport, {
      // A player reports a few others in a match, not dozens a minute.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { summary: 'Report another player' },
    }),
    handler: async (request, reply) => {
      const filed = await filePlayerReport(ctx, request.player!.subjectId, request.body);
      reply.status(201);
      return filed;
    },
  });
  app.route({
    ...endpointRoute(app, endpoints.gameReport, {
      before: [authenticate],
      schema: { summary: 'Report a player of your game' },
    }),
    handler: async (request, reply) => {
      const filed = await fileGameReport(ctx, callerGame(request), request.body);
      reply.status(201);
      return filed;
    },
  });
  app.route({
    ...endpointRoute(app, endpoints.gameStanding, {
      before: [authenticate],
      schema: { summary: "A player's sanctions that apply to your game" },
    }),
    handler: async (request) => gameStanding(ctx, callerGame(request), request.params.uuid),
  });
}
