import {
  adminUsersPageSchema,
  createReferralCodeSchema,
  exportLinkReplySchema,
  REFERRAL_EXPORT_FILE_NAME,
  referralCodeRowSchema,
  referralCodesPageSchema,
  tableQuerySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeAudit } from '../../lib/audit';
import { acceptDownloadLink, downloadSignatureQuery, signDownloadLink } from '../../lib/download-links';
import { type SheetColumn, sendWorkbook, streamWorkbook } from '../../lib/spreadsheet';
import { allUsers, listUsers, referralCodeColumns, userColumns } from '../admin-users';
import { allReferralCodes, createAdminReferralCode, listReferralCodes } from './admin';

/**
 * Referral Codes page: Caliber registrations made with a code (per-user table), every code with its
 * registration count (totals table), exports of both, and creating a code. All need an admin token.
 */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const admin = { onRequest: app.requireAdmin } as const;
  const referred = { game: 'caliber', referredOnly: true } as const;

  app.get(
    '/api/referralCodes/caliber',
    {
      ...admin,
      schema: { tags: ['admin'], querystring: tableQuerySchema, response: { 200: adminUsersPageSchema } },
    },
    async (request) => listUsers(ctx, referred, request.query, '/api/referralCodes/caliber'),
  );

  app.get(
    '/api/all-referralCodes',
    {
      ...admin,
      schema: { tags: ['admin'], querystring: tableQuerySchema, response: { 200: referralCodesPageSchema } },
    },
    async (request) => listReferralCodes(ctx, request.query, '/api/all-referralCodes'),
  );

  app.post(
    '/api/referralCodes',
    {
      ...admin,
      schema: { tags: ['admin'], body: createReferralCodeSchema, response: { 201: referralCodeRowSchema } },
    },
    async (request, reply) => {
      const row = await createAdminReferralCode(ctx, request.admin!, request.body, request.ip);
      return reply.status(201).send(row);
    },
  );

  /**
   * Both referral exports: audited with their filter, every matching row, the spec's file name; with the
   * bearer token (API clients) or through the signed link `${path}/link` answers (the web app).
   */
  const exportRoutes = <T>(
    path: string,
    table: string,
    sheet: string,
    /** Built per request: ages are derived from the current date. */
    columns: () => SheetColumn<T>[],
    rows: (filter: { search?: string; fromDate?: string; toDate?: string }) => AsyncIterable<T[]>,
  ) => {
    app.post(
      `${path}/link`,
      {
        ...admin,
        schema: { tags: ['admin'], body: tableQuerySchema, response: { 200: exportLinkReplySchema } },
      },
      async (request) => {
        const { search, fromDate, toDate } = request.body;
        return { url: signDownloadLink(ctx, path, { search, fromDate, toDate }, request.admin!) };
      },
    );
    app.get(
      path,
      {
        onRequest: [acceptDownloadLink(ctx, 'the Referral Codes page'), app.requireAdmin],
        schema: { tags: ['admin'], querystring: tableQuerySchema.extend(downloadSignatureQuery) },
      },
      async (request, reply) => {
        const { search, fromDate, toDate } = request.query;
        await writeAudit(ctx, {
          actor: request.admin,
          action: 'referrals.export',
          details: { table, search: search ?? null, fromDate: fromDate ?? null, toDate: toDate ?? null },
          ip: request.ip,
        });
        const stream = streamWorkbook(sheet, columns(), rows({ search, fromDate, toDate }), (err) =>
          request.log.error({ err, table }, 'referral export failed'),
        );
        return sendWorkbook(reply, REFERRAL_EXPORT_FILE_NAME, stream);
      },
    );
  };

  exportRoutes(
    '/api/referralCodes/caliber/export',
    'referred-users',
    'Referral Users',
    () => userColumns('caliber', ctx.clock.now(), true),
    (filter) => allUsers(ctx, referred, filter),
  );
  exportRoutes(
    '/api/all-referralCodes/export',
    'codes',
    'Referral Codes',
    () => referralCodeColumns,
    (filter) => allReferralCodes(ctx, filter),
  );
};
