import {
  adminUsersPageSchema,
  downloadSignatureQuery,
  exportLinkReplySchema,
  REFERRAL_EXPORT_FILE_NAME,
  tableQuerySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeAudit } from '../../lib/audit';
import { acceptDownloadLink, signDownloadLink } from '../../lib/download-links';
import { sendWorkbook, streamWorkbook } from '../../lib/spreadsheet';
import { userColumns } from './columns';
import { allUsers, listUsers } from './service';

/**
 * The Referral Codes page's per-player table: Caliber players who registered with a code, and its export.
 * It is a users table (this module's listing and columns); the codes themselves are the referrals module's.
 */
export const referredPlayersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const path = '/api/referralCodes/caliber';
  const exportPath = `${path}/export`;
  const referred = { game: 'caliber', referredOnly: true } as const;

  app.get(
    path,
    {
      onRequest: app.requireAdmin,
      config: { staff: 'players.read' },
      schema: { tags: ['admin'], querystring: tableQuerySchema, response: { 200: adminUsersPageSchema } },
    },
    async (request) => listUsers(ctx, referred, request.query, path),
  );

  // The export, with the bearer token (API clients) or through the signed link `${exportPath}/link` answers.
  app.post(
    `${exportPath}/link`,
    {
      onRequest: app.requireAdmin,
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
      const table = 'referred-users';
      await writeAudit(ctx, {
        actor: request.admin,
        action: 'referrals.export',
        details: { table, search: search ?? null, fromDate: fromDate ?? null, toDate: toDate ?? null },
        ip: request.ip,
      });
      const stream = streamWorkbook(
        'Referral Users',
        userColumns('caliber', ctx.clock.now(), true),
        allUsers(ctx, referred, { search, fromDate, toDate }),
        (err) => request.log.error({ err, table }, 'referral export failed'),
      );
      return sendWorkbook(reply, REFERRAL_EXPORT_FILE_NAME, stream);
    },
  );
};
