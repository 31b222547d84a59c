import { auditFiltersSchema, auditPageSchema, auditQuerySchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditFilters, listAudit } from './service';

/** The back-office audit trail (admin token): who did what, to whom, when and from where. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/api/admin/audit',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    },
    async (request) => listAudit(ctx, request.query),
  );

  app.get(
    '/api/admin/audit/filters',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], response: { 200: auditFiltersSchema } },
    },
    async () => auditFilters(ctx),
  );
};
