import { staffEndpoints } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoints';
import { acceptInvitation, cancelInvitation, inviteStaff } from './invitations';
import { changeStaff, listStaff } from './members';
import { staffAccess } from './service';

/** Back-office staff: their access, and (owners) the staff list, invitations, roles and deactivation. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const endpoints = staffEndpoints;

  app.route({
    ...endpointRoute(app, endpoints.access, { config: { twoStepSetup: true } }),
    handler: async (request) => staffAccess(ctx, request.admin!.subjectId),
  });

  app.route({
    ...endpointRoute(app, endpoints.list),
    handler: async () => listStaff(ctx),
  });

  app.route({
    ...endpointRoute(app, endpoints.invite),
    handler: async (request) => inviteStaff(ctx, request.body, request.admin!, request.ip),
  });

  app.route({
    ...endpointRoute(app, endpoints.change),
    handler: async (request) => changeStaff(ctx, request.params.id, request.body, request.admin!, request.ip),
  });

  app.route({
    ...endpointRoute(app, endpoints.cancelInvitation),
    handler: async (request) => cancelInvitation(ctx, request.params.id, request.admin!, request.ip),
  });

  app.route({
    ...endpointRoute(app, endpoints.accept),
    handler: async (request) => acceptInvitation(ctx, request.body),
  });
};
