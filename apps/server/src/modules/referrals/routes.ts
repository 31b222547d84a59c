import { REFERRAL_EXPORT_FILE_NAME, type ReferralCodeRow, referralsEndpoints } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptDownloadLink, signDownloadLink } from '../../lib/download-links';
import { endpointRoute } from '../../lib/endpoints';
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

  app.route({
    ...endpointRoute(app, endpoints.list),
    handler: async (request) => listReferralCodes(ctx, request.query, endpoints.list.path),
  });

  app.route({
    ...endpointRoute(app, endpoints.create),
    handler: async (request, reply) => {
      const row = await createAdminReferralCode(ctx, request.admin!, request.body, request.ip);
      return reply.status(201).send(row);
    },
  });

  // The codes' export: audited with its filter, every matching row, the spec's file name.
  app.route({
    ...endpointRoute(app, endpoints.exportLink),
    handler: async (request) => {
      const { search, fromDate, toDate } = request.body;
      return {
        url: signDownloadLink(ctx, endpoints.export.path, { search, fromDate, toDate }, request.admin!),
      };
    },
  });
  app.route({
    ...endpointRoute(app, endpoints.export, { before: [acceptDownloadLink(ctx, 'the Referral Codes page')] }),
    handler: async (request, reply) => {
      const { search, fromDate, toDate } = request.query;
      return sendTableExport(ctx, request, reply, {
        actor: request.admin,
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
  });
};
