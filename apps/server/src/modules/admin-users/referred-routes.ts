import { adminUsersEndpoints, REFERRAL_EXPORT_FILE_NAME } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptDownloadLink, signDownloadLink } from '../../lib/download-links';
import { endpointRoute } from '../../lib/endpoints';
import { sendTableExport } from '../../lib/spreadsheet';
import { userColumns } from './columns';
import { allUsers, listUsers } from './service';

/**
 * The Referral Codes page's per-player table: Caliber players who registered with a code, and its export.
 * It is a users table (this module's listing and columns); the codes themselves are the referrals module's.
 */
export const referredPlayersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const endpoints = adminUsersEndpoints;
  const referred = { game: 'caliber', referredOnly: true } as const;

  app.route({
    ...endpointRoute(app, endpoints.referredList),
    handler: async (request) => listUsers(ctx, referred, request.query, endpoints.referredList.path),
  });

  app.route({
    ...endpointRoute(app, endpoints.referredExportLink),
    handler: async (request) => {
      const { search, fromDate, toDate } = request.body;
      return {
        url: signDownloadLink(
          ctx,
          endpoints.referredExport.path,
          { search, fromDate, toDate },
          request.admin!,
        ),
      };
    },
  });
  app.route({
    ...endpointRoute(app, endpoints.referredExport, {
      before: [acceptDownloadLink(ctx, 'the Referral Codes page')],
    }),
    handler: async (request, reply) => {
      const { search, fromDate, toDate } = request.query;
      return sendTableExport(ctx, request, reply, {
        actor: request.admin,
        action: 'referrals.export',
        details: {
          table: 'referred-users',
          search: search ?? null,
          fromDate: fromDate ?? null,
          toDate: toDate ?? null,
        },
        sheetName: 'Referral Users',
        columns: userColumns('caliber', ctx.clock.now(), true),
        rows: allUsers(ctx, referred, { search, fromDate, toDate }),
        fileName: REFERRAL_EXPORT_FILE_NAME,
      });
    },
  });
};
