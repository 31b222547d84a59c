import {
  adminUsersPageSchema,
  GAME_LABELS,
  tableExportQuerySchema,
  tableGameSchema,
  tableQuerySchema,
  usersExportFileName,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../lib/audit';
import { sendWorkbook, streamWorkbook } from '../../lib/spreadsheet';
import { userColumns } from './columns';
import { allUsers, listUsers } from './service';

/** Caliber Users and Yggdra Users tables (admin token required) and their Excel exports. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const params = z.object({ game: tableGameSchema });

  app.get(
    '/api/users/paginate/:game',
    {
      onRequest: app.requireAdmin,
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

  app.get(
    '/api/users/paginate/:game/export',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], params, querystring: tableExportQuerySchema },
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
};
