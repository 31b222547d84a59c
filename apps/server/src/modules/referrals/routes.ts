import {
  createReferralCodeSchema,
  exportLinkReplySchema,
  REFERRAL_EXPORT_FILE_NAME,
  type ReferralCodeRow,
  referralCodeRowSchema,
  referralCodesPageSchema,
  tableQuerySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeAudit } from '../../lib/audit';
import { acceptDownloadLink, downloadSignatureQuery, signDownloadLink } from '../../lib/download-links';
import { type SheetColumn, sendWorkbook, streamWorkbook } from '../../lib/spreadsheet';
import { allReferralCodes, createAdminReferralCode, listReferralCodes } from './admin';

const referralCodeColumns: SheetColumn<ReferralCodeRow>[] = [
  { header: 'Referral Code', value: (r) => r.referral_code },
  { header: 'URL', value: (r) => r.url, width: 60 },
  { header: 'Used In', value: (r) => r.used_for },
  { header: 'Total Count', value: (r) => r.total_count },
];

/**
 * Referral Codes page: every code with its registration count (totals table), its export, and creating a
 * code. All need an admin token. The page's per-player table is a users table (admin-users' referred-routes).
 */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const admin = { onRequest: app.requireAdmin } as const;

  app.get(
    '/api/all-referralCodes',
    {
      ...admin,
      config: { staff: 'players.read' },
      schema: { tags: ['admin'], querystring: tableQuerySchema, response: { 200: referralCodesPageSchema } },
    },
    async (request) => listReferralCodes(ctx, request.query, '/api/all-referralCodes'),
  );

  app.post(
    '/api/referralCodes',
    {
      ...admin,
      config: { staff: 'referrals.manage' },
      schema: { tags: ['admin'], body: createReferralCodeSchema, response: { 201: referralCodeRowSchema } },
    },
    async (request, reply) => {
      const row = await createAdminReferralCode(ctx, request.admin!, request.body, request.ip);
      return reply.status(201).send(row);
    },
  );

  // The codes' export: audited with its filter, every matching row, the spec's file name; with the bearer
  // token (API clients) or through the signed link `${exportPath}/link` answers (the web app).
  const exportPath = '/api/all-referralCodes/export';
  app.post(
    `${exportPath}/link`,
    {
      ...admin,
      config: { staff: 'players.export' },
      schema: { tags: ['admin'], body: tableQuerySchema, response: { 200: exportLinkReplySchema } },
    },
    async (request) => {
      const { search, fromDate, toDate } = request.body;
      return { url: signDownloadLink(ctx, exportPath, { search, fromDate, toDate }, request.admin!) };
    },
  );
  app.get(
    exportPath,
    {
      onRequest: [acceptDownloadLink(ctx, 'the Referral Codes page'), app.requireAdmin],
      config: { staff: 'players.export' },
      schema: { tags: ['admin'], querystring: tableQuerySchema.extend(downloadSignatureQuery) },
    },
    async (request, reply) => {
      const { search, fromDate, toDate } = request.query;
      const table = 'codes';
      await writeAudit(ctx, {
        actor: request.admin,
        action: 'referrals.export',
        details: { table, search: search ?? null, fromDate: fromDate ?? null, toDate: toDate ?? null },
        ip: request.ip,
      });
      const stream = streamWorkbook(
        'Referral Codes',
        referralCodeColumns,
        allReferralCodes(ctx, { search, fromDate, toDate }),
        (err) => request.log.error({ err, table }, 'referral export failed'),
      );
      return sendWorkbook(reply, REFERRAL_EXPORT_FILE_NAME, stream);
    },
  );
};
