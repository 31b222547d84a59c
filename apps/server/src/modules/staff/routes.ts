import { staffAccessSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffAccess } from './service';

/** Back-office staff: what the signed-in staff member's role allows (the web shows only those pages). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/access',
    {
      onRequest: app.requireAdmin,
      config: { twoStepSetup: true },
      schema: { tags: ['admin'], response: { 200: staffAccessSchema } },
    },
    async (request) => staffAccess(app.ctx, request.admin!.subjectId),
  );
};
