import { adminUsersEndpoints, REFERRAL_EXPORT_FILE_NAME } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptDownloadLink, signDownloadLink } from '../../lib/download-links';
import { route } from '../../lib/endpoints';
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

  route(app, endpoints.referredList, async ({ query }) =>
    listUsers(ctx, referred, query, endpoints.referredList.path),
  );

  route(app, endpoints.referredExportLink, async ({ body, session }) => {
    const { search, fromDate, toDate } = body;
    return {
      url: signDownloadLink(ctx, endpoints.referredExport.path, { search, fromDate, toDate }, session),
    };
  });
  route(
    app,
    endpoints.referredExport,
    async ({ query, session, request, reply }) => {
      const { search, fromDate, toDate } = query;
      return sendTableExport(ctx, request, reply, {
        actor: session,
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
    {
      before: [acceptDownloadLink(ctx, 'the Referral Codes page')],
    },
  );
};
