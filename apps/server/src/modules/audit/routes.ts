import { AUDIT_EXPORT_FILE_NAME, auditEndpoints } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptDownloadLink, signDownloadLink } from '../../lib/download-links';
import { endpointRoute } from '../../lib/endpoints';
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

  app.route({
    ...endpointRoute(app, endpoints.list),
    handler: async (request) => listAudit(ctx, request.query),
  });

  app.route({
    ...endpointRoute(app, endpoints.filters),
    handler: async () => auditFilters(ctx),
  });

  app.route({
    ...endpointRoute(app, endpoints.exportLink),
    handler: async (request) => ({
      url: signDownloadLink(ctx, endpoints.export.path, request.body, request.admin!),
    }),
  });

  app.route({
    ...endpointRoute(app, endpoints.export, { before: [acceptDownloadLink(ctx, 'the audit trail')] }),
    handler: async (request, reply) => {
      const { signature: _signature, ...filter } = request.query;
      return sendTableExport(ctx, request, reply, {
        actor: request.admin,
        action: 'audit.export',
        details: { filter },
        sheetName: 'Audit Trail',
        columns: AUDIT_COLUMNS,
        rows: allAudit(ctx, filter),
        fileName: AUDIT_EXPORT_FILE_NAME,
      });
    },
  });
};
