import { staffEndpoints } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoints';
import { acceptInvitation, cancelInvitation, inviteStaff } from './invitations';
import { changeStaff, listStaff } from './members';
import { staffAccess } from './service';

/** Back-office staff: their access, and (owners) the staff list, invitations, roles and deactivation. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const endpoints = staffEndpoints;

  route(app, endpoints.access, async ({ session }) => staffAccess(ctx, session.subjectId), {
    config: { twoStepSetup: true },
  });

  route(app, endpoints.list, async () => listStaff(ctx));

  route(app, endpoints.invite, async ({ body, session, request }) =>
    inviteStaff(ctx, body, session, request.ip),
  );

  route(app, endpoints.change, async ({ params, body, session, request }) =>
    changeStaff(ctx, params.id, body, session, request.ip),
  );

  route(app, endpoints.cancelInvitation, async ({ params, session, request }) =>
    cancelInvitation(ctx, params.id, session, request.ip),
  );

  route(app, endpoints.accept, async ({ body }) => acceptInvitation(ctx, body));
};
