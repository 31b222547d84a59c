import {
  adminUsersPageSchema,
  downloadSignatureQuery,
  exportLinkReplySchema,
  GAME_LABELS,
  messageReplySchema,
  playerDetailSchema,
  playerEraseSchema,
  playerIdParamsSchema,
  playerSearchQuerySchema,
  playerSearchReplySchema,
  supportTwoStepOffSchema,
  tableGameSchema,
  tableQuerySchema,
  usersExportFileName,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../lib/audit';
import { acceptDownloadLink, signDownloadLink } from '../../lib/download-links';
import { sendWorkbook, streamWorkbook } from '../../lib/spreadsheet';
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
 * Caliber Users and Yggdra Users tables (admin token required) and their Excel exports: with the bearer
 * token (API clients), or through a signed link the web app asks for and the browser follows.
 */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const params = z.object({ game: tableGameSchema });
  const exportPath = (game: string) => `/api/users/paginate/${game}/export`;

  app.get(
    '/api/users/paginate/:game',
    {
      onRequest: app.requireAdmin,
      config: { staff: 'players.read' },
      schema: {
        tags: ['admin'],
        params,
        querystring: tableQuerySchema,
        response: { 200: adminUsersPageSchema },
      },
    },
    async (request) =>
      listUsers(
        ctx,
        { game: request.params.game },
        request.query,
        `/api/users/paginate/${request.params.game}`,
      ),
  );

  app.post(
    '/api/users/paginate/:game/export/link',
    {
      onRequest: app.requireAdmin,
      config: { staff: 'players.export' },
      schema: {
        tags: ['admin'],
        params,
        body: tableQuerySchema,
        response: { 200: exportLinkReplySchema },
      },
    },
    async (request) => {
      const { search, fromDate, toDate } = request.body;
      const path = exportPath(request.params.game);
      return { url: signDownloadLink(ctx, path, { search, fromDate, toDate }, request.admin!) };
    },
  );

  app.get(
    exportPath(':game'),
    {
      onRequest: [acceptDownloadLink(ctx, 'the users table'), app.requireAdmin],
      config: { staff: 'players.export' },
      schema: {
        tags: ['admin'],
        params,
        querystring: tableQuerySchema.extend(downloadSignatureQuery),
      },
    },
    async (request, reply) => {
      const { game } = request.params;
      const { search, fromDate, toDate } = request.query;
      const filtered = Boolean(search || fromDate);
      const fileName = usersExportFileName(game, filtered);
      await writeAudit(ctx, {
        actor: request.admin,
        action: 'users.export',
        details: {
          game,
          search: search ?? null,
          fromDate: fromDate ?? null,
          toDate: toDate ?? null,
          fileName,
        },
        ip: request.ip,
      });
      const stream = streamWorkbook(
        `${GAME_LABELS[game]} Users`,
        userColumns(game, ctx.clock.now()),
        allUsers(ctx, { game }, { search, fromDate, toDate }),
        (err) => request.log.error({ err }, 'users export failed'),
      );
      return sendWorkbook(reply, fileName, stream);
    },
  );

  // The Referral Codes page's table of players who registered with a code.
  await app.register(referredPlayersRoutes);

  // Support's one search box: players of every game by email, nickname, player id or txnid.
  app.get(
    '/api/admin/players/search',
    {
      onRequest: app.requireAdmin,
      config: { staff: 'players.read' },
      schema: {
        tags: ['admin'],
        querystring: playerSearchQuerySchema,
        response: { 200: playerSearchReplySchema },
      },
    },
    async (request) => searchPlayers(ctx, request.query.q),
  );

  // Player detail (support): one player's whole picture, and the actions a ticket needs.
  const playerRoute = { tags: ['admin'], params: playerIdParamsSchema };
  app.get(
    '/api/admin/users/:id',
    {
      onRequest: app.requireAdmin,
      config: { staff: 'players.read' },
      schema: { ...playerRoute, response: { 200: playerDetailSchema } },
    },
    async (request) => playerDetail(ctx, request.params.id, { session: request.admin!, ip: request.ip }),
  );
  const actions = {
    'resend-verification': resendPlayerVerification,
    'password-reset': sendPlayerPasswordReset,
    'sessions/revoke': revokePlayerSessions,
  } as const;
  for (const [path, act] of Object.entries(actions)) {
    app.post(
      `/api/admin/users/:id/${path}`,
      {
        onRequest: app.requireAdmin,
        config: { staff: 'players.act' },
        schema: { ...playerRoute, response: { 200: messageReplySchema } },
      },
      async (request) => act(ctx, request.params.id, { session: request.admin!, ip: request.ip }),
    );
  }
  // No body for a player who asked to be deleted; an owner erasing without a request sends { reason }.
  app.post(
    '/api/admin/users/:id/erase',
    {
      onRequest: app.requireAdmin,
      config: { staff: 'players.act' },
      schema: { ...playerRoute, body: playerEraseSchema.nullish(), response: { 200: messageReplySchema } },
    },
    async (request) =>
      erasePlayerNow(ctx, request.params.id, request.body ?? {}, { session: request.admin!, ip: request.ip }),
  );
  app.post(
    '/api/admin/users/:id/two-step/disable',
    {
      onRequest: app.requireAdmin,
      config: { staff: 'players.act' },
      schema: { ...playerRoute, body: supportTwoStepOffSchema, response: { 200: messageReplySchema } },
    },
    async (request) =>
      turnOffPlayerTwoStep(ctx, request.params.id, request.body, { session: request.admin!, ip: request.ip }),
  );
};
