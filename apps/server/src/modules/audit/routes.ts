import { AUDIT_EXPORT_FILE_NAME, auditEndpoints } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptDownloadLink, signDownloadLink } from '../../lib/download-links';
import { route } from '../../lib/endpoints';
import { sendTableExport } from '../../lib/spreadsheet';
import { AUDIT_COLUMNS } from './columns';
import { allAudit, auditFilters, listAudit } from './service';

/**
 * The back-office audit trail: who did what, to whom, when and from where; owners export it as a spreadsheet
 * through a signed link (decision 0015).
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const endpoints = auditEndpoints;

  route(app, endpoints.list, async ({ query }) => listAudit(ctx, query));

  route(app, endpoints.filters, async () => auditFilters(ctx));

  route(app, endpoints.exportLink, async ({ body, session }) => ({
    url: signDownloadLink(ctx, endpoints.export.path, body, session),
  }));

  route(
    app,
    endpoints.export,
    async ({ query, session, request, reply }) => {
      const { signature: _signature, ...filter } = query;
      return sendTableExport(ctx, request, reply, {
        actor: session,
        action: 'audit.export',
        details: { filter },
        sheetName: 'Audit Trail',
        columns: AUDIT_COLUMNS,
        rows: allAudit(ctx, filter),
        fileName: AUDIT_EXPORT_FILE_NAME,
      });
    },
    { before: [acceptDownloadLink(ctx, 'the audit trail')] },
  );
};
