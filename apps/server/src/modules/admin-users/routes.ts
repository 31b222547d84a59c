import { adminUsersEndpoints, endpointUrl, GAME_LABELS, usersExportFileName } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptDownloadLink, signDownloadLink } from '../../lib/download-links';
import { route } from '../../lib/endpoints';
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

  route(app, endpoints.list, async ({ params, query }) =>
    listUsers(ctx, params, query, endpointUrl(endpoints.list, params)),
  );

  route(app, endpoints.exportLink, async ({ params, body, session }) => {
    const { search, fromDate, toDate } = body;
    const path = endpointUrl(endpoints.export, params);
    return { url: signDownloadLink(ctx, path, { search, fromDate, toDate }, session) };
  });

  route(
    app,
    endpoints.export,
    async ({ params, query, session, request, reply }) => {
      const { game } = params;
      const { search, fromDate, toDate } = query;
      const filtered = Boolean(search || fromDate);
      const fileName = usersExportFileName(game, filtered);
      return sendTableExport(ctx, request, reply, {
        actor: session,
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
    { before: [acceptDownloadLink(ctx, 'the users table')] },
  );

  // The Referral Codes page's table of players who registered with a code.
  await app.register(referredPlayersRoutes);

  route(app, endpoints.searchPlayers, async ({ query }) => searchPlayers(ctx, query.q));

  // Player detail (support): one player's whole picture, and the actions a ticket needs.
  route(app, endpoints.playerDetail, async ({ params, session, request }) =>
    playerDetail(ctx, params.id, { session: session, ip: request.ip }),
  );
  const actions = [
    [endpoints.resendVerification, resendPlayerVerification],
    [endpoints.passwordReset, sendPlayerPasswordReset],
    [endpoints.revokeSessions, revokePlayerSessions],
  ] as const;
  for (const [endpoint, act] of actions) {
    route(app, endpoint, async ({ params, session, request }) =>
      act(ctx, params.id, { session: session, ip: request.ip }),
    );
  }
  route(app, endpoints.erase, async ({ params, body, session, request }) =>
    erasePlayerNow(ctx, personalData, params.id, body ?? {}, { session: session, ip: request.ip }),
  );
  route(app, endpoints.turnOffTwoStep, async ({ params, body, session, request }) =>
    turnOffPlayerTwoStep(ctx, params.id, body, { session: session, ip: request.ip }),
  );
};
