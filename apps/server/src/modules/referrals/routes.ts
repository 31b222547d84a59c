import { REFERRAL_EXPORT_FILE_NAME, type ReferralCodeRow, referralsEndpoints } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptDownloadLink, signDownloadLink } from '../../lib/download-links';
import { route } from '../../lib/endpoints';
import { type SheetColumn, sendTableExport } from '../../lib/spreadsheet';
import { allReferralCodes, createAdminReferralCode, listReferralCodes } from './admin';

const referralCodeColumns: SheetColumn<ReferralCodeRow>[] = [
  { header: 'Referral Code', value: (r) => r.referral_code },
  { header: 'URL', value: (r) => r.url, width: 60 },
  { header: 'Used In', value: (r) => r.used_for },
  { header: 'Total Count', value: (r) => r.total_count },
];

/**
 * Referral Codes page: every code with its registration count (totals table), its export, and creating a
 * code. The page's per-player table is a users table (admin-users' referred-routes).
 */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const endpoints = referralsEndpoints;

  route(app, endpoints.list, async ({ query }) => listReferralCodes(ctx, query, endpoints.list.path));

  route(app, endpoints.create, async ({ body, session, request, reply }) => {
    const row = await createAdminReferralCode(ctx, session, body, request.ip);
    return reply.status(201).send(row);
  });

  // The codes' export: audited with its filter, every matching row, the spec's file name.
  route(app, endpoints.exportLink, async ({ body, session }) => {
    const { search, fromDate, toDate } = body;
    return {
      url: signDownloadLink(ctx, endpoints.export.path, { search, fromDate, toDate }, session),
    };
  });
  route(
    app,
    endpoints.export,
    async ({ query, session, request, reply }) => {
      const { search, fromDate, toDate } = query;
      return sendTableExport(ctx, request, reply, {
        actor: session,
        action: 'referrals.export',
        details: {
          table: 'codes',
          search: search ?? null,
          fromDate: fromDate ?? null,
          toDate: toDate ?? null,
        },
        sheetName: 'Referral Codes',
        columns: referralCodeColumns,
        rows: allReferralCodes(ctx, { search, fromDate, toDate }),
        fileName: REFERRAL_EXPORT_FILE_NAME,
      });
    },
    { before: [acceptDownloadLink(ctx, 'the Referral Codes page')] },
  );
};
