import { adminUsersEndpoints, endpointUrl, GAME_LABELS, usersExportFileName } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptDownloadLink, signDownloadLink } from '../../lib/download-links';
import { endpointRoute } from '../../lib/endpoints';
import type { PersonalDataRegistry } from '../../lib/personal-data';
import { sendTableExport } from '../../lib/spreadsheet';
import { erasePlayerNow } from '../privacy';
import { userColumns } from './columns';
import {
  resendPlayerVerification,
  revokePlayerSessions,
  sendPlayerPasswordReset,
  turnOffPlayerTwoStep,
} from './player-actions';
import { playerDetail } from './player-detail';
import { searchPlayers } from './player-search';
import { referredPlayersRoutes } from './referred-routes';
import { allUsers, listUsers } from './service';

/**
 * The users tables of every game (Caliber, Yggdra, Tales Runner) and their Excel exports: with the bearer
 * token (API clients), or through a signed link the web app asks for and the browser follows. Erasing a
 * player goes over what every owner of tables declares (`personalData`, from app.ts).
 */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ personalData: PersonalDataRegistry }> = async (
  app,
  { personalData },
) => {
  const ctx = app.ctx;
  const endpoints = adminUsersEndpoints;

  app.route({
    ...endpointRoute(app, endpoints.list),
    handler: async (request) =>
      listUsers(ctx, request.params, request.query, endpointUrl(endpoints.list, request.params)),
  });

  app.route({
    ...endpointRoute(app, endpoints.exportLink),
    handler: async (request) => {
      const { search, fromDate, toDate } = request.body;
      const path = endpointUrl(endpoints.export, request.params);
      return { url: signDownloadLink(ctx, path, { search, fromDate, toDate }, request.admin!) };
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.export, { before: [acceptDownloadLink(ctx, 'the users table')] }),
    handler: async (request, reply) => {
      const { game } = request.params;
      const { search, fromDate, toDate } = request.query;
      const filtered = Boolean(search || fromDate);
      const fileName = usersExportFileName(game, filtered);
      return sendTableExport(ctx, request, reply, {
        actor: request.admin,
        action: 'users.export',
        details: {
          game,
          search: search ?? null,
          fromDate: fromDate ?? null,
          toDate: toDate ?? null,
          fileName,
        },
        sheetName: `${GAME_LABELS[game]} Users`,
        columns: userColumns(game, ctx.clock.now()),
        rows: allUsers(ctx, { game }, { search, fromDate, toDate }),
        fileName,
      });
    },
  });

  // The Referral Codes page's table of players who registered with a code.
  await app.register(referredPlayersRoutes);

  app.route({
    ...endpointRoute(app, endpoints.searchPlayers),
    handler: async (request) => searchPlayers(ctx, request.query.q),
  });

  // Player detail (support): one player's whole picture, and the actions a ticket needs.
  app.route({
    ...endpointRoute(app, endpoints.playerDetail),
    handler: async (request) =>
      playerDetail(ctx, request.params.id, { session: request.admin!, ip: request.ip }),
  });
  const actions = [
    [endpoints.resendVerification, resendPlayerVerification],
    [endpoints.passwordReset, sendPlayerPasswordReset],
    [endpoints.revokeSessions, revokePlayerSessions],
  ] as const;
  for (const [endpoint, act] of actions) {
    app.route({
      ...endpointRoute(app, endpoint),
      handler: async (request) => act(ctx, request.params.id, { session: request.admin!, ip: request.ip }),
    });
  }
  app.route({
    ...endpointRoute(app, endpoints.erase),
    handler: async (request) =>
      erasePlayerNow(ctx, personalData, request.params.id, request.body ?? {}, {
        session: request.admin!,
        ip: request.ip,
      }),
  });
  app.route({
    ...endpointRoute(app, endpoints.turnOffTwoStep),
    handler: async (request) =>
      turnOffPlayerTwoStep(ctx, request.params.id, request.body, { session: request.admin!, ip: request.ip }),
  });
};
