import {
  adminUsersPageSchema,
  createReferralCodeSchema,
  REFERRAL_EXPORT_FILE_NAME,
  referralCodeRowSchema,
  referralCodesPageSchema,
  tableExportQuerySchema,
  tableQuerySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendWorkbook, streamWorkbook } from '../../lib/spreadsheet';
import { writeAudit } from '../admin-auth/audit';
import { referralCodeColumns, userColumns } from '../admin-users/columns';
import { allUsers, listUsers } from '../admin-users/service';
import { allReferralCodes, createAdminReferralCode, listReferralCodes } from './admin';

/**
 * Referral Codes page: Caliber registrations made with a code (per-user table), every code with its
 * registration count (totals table), exports of both, and creating a code. All need an admin token.
 */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const admin = { onRequest: app.requireAdmin, config: { admin: true } } as const;
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

  app.get(
    '/api/referralCodes/caliber/export',
    { ...admin, schema: { tags: ['admin'], querystring: tableExportQuerySchema } },
    async (request, reply) => {
      const { search, fromDate, toDate } = request.query;
      await writeAudit(ctx, {
        actor: request.admin,
        action: 'referrals.export',
        details: {
          table: 'referred-users',
          search: search ?? null,
          fromDate: fromDate ?? null,
          toDate: toDate ?? null,
        },
        ip: request.ip,
      });
      const stream = streamWorkbook(
        'Referral Users',
        userColumns('caliber', ctx.clock.now(), true),
        allUsers(ctx, referred, { search, fromDate, toDate }),
        (err) => request.log.error({ err }, 'referral users export failed'),
      );
      return sendWorkbook(reply, REFERRAL_EXPORT_FILE_NAME, stream);
    },
  );

  app.get(
    '/api/all-referralCodes/export',
    { ...admin, schema: { tags: ['admin'], querystring: tableExportQuerySchema } },
    async (request, reply) => {
      const { search, fromDate, toDate } = request.query;
      await writeAudit(ctx, {
        actor: request.admin,
        action: 'referrals.export',
        details: {
          table: 'codes',
          search: search ?? null,
          fromDate: fromDate ?? null,
          toDate: toDate ?? null,
        },
        ip: request.ip,
      });
      const stream = streamWorkbook(
        'Referral Codes',
        referralCodeColumns,
        allReferralCodes(ctx, { search, fromDate, toDate }),
        (err) => request.log.error({ err }, 'referral codes export failed'),
      );
      return sendWorkbook(reply, REFERRAL_EXPORT_FILE_NAME, stream);
    },
  );
};
