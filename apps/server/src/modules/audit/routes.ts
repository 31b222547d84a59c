import {
  AUDIT_EXPORT_FILE_NAME,
  auditFilterSchema,
  auditFilterShape,
  auditFiltersSchema,
  auditPageSchema,
  auditQuerySchema,
  downloadSignatureQuery,
  exportLinkReplySchema,
  refineAuditDates,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../lib/audit';
import { acceptDownloadLink, signDownloadLink } from '../../lib/download-links';
import { sendWorkbook, streamWorkbook } from '../../lib/spreadsheet';
import { AUDIT_COLUMNS } from './columns';
import { allAudit, auditFilters, listAudit } from './service';

const EXPORT_PATH = '/api/admin/audit/export';

/**
 * The back-office audit trail (admin token): who did what, to whom, when and from where; owners export it
 * as a spreadsheet through a signed link (decision 0015).
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/api/admin/audit',
    {
      onRequest: app.requireAdmin,
      config: { staff: 'audit.read' },
      schema: { tags: ['admin'], querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    },
    async (request) => listAudit(ctx, request.query),
  );

  app.get(
    '/api/admin/audit/filters',
    {
      onRequest: app.requireAdmin,
      config: { staff: 'audit.read' },
      schema: { tags: ['admin'], response: { 200: auditFiltersSchema } },
    },
    async () => auditFilters(ctx),
  );

  app.post(
    `${EXPORT_PATH}/link`,
    {
      onRequest: app.requireAdmin,
      config: { staff: 'audit.read' },
      schema: { tags: ['admin'], body: auditFilterSchema, response: { 200: exportLinkReplySchema } },
    },
    async (request) => ({ url: signDownloadLink(ctx, EXPORT_PATH, request.body, request.admin!) }),
  );

  app.get(
    EXPORT_PATH,
    {
      onRequest: [acceptDownloadLink(ctx, 'the audit trail'), app.requireAdmin],
      config: { staff: 'audit.read' },
      schema: {
        tags: ['admin'],
        querystring: z
          .object({ ...auditFilterShape, ...downloadSignatureQuery })
          .superRefine(refineAuditDates),
      },
    },
    async (request, reply) => {
      const { signature: _signature, ...filter } = request.query;
      await writeAudit(ctx, {
        actor: request.admin,
        action: 'audit.export',
        details: { filter },
        ip: request.ip,
      });
      const stream = streamWorkbook('Audit Trail', AUDIT_COLUMNS, allAudit(ctx, filter), (err) =>
        request.log.error({ err }, 'audit export failed'),
      );
      return sendWorkbook(reply, AUDIT_EXPORT_FILE_NAME, stream);
    },
  );
};
