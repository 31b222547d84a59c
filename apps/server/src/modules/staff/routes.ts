import {
  messageReplySchema,
  STAFF_MESSAGES,
  staffAcceptSchema,
  staffAccessSchema,
  staffChangeSchema,
  staffInviteSchema,
  staffListSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptInvitation, cancelInvitation, inviteStaff } from './invitations';
import { changeStaff, listStaff } from './members';
import { staffAccess } from './service';

/** Back-office staff: their access, and (owners) the staff list, invitations, roles and deactivation. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['admin'];

  app.get(
    '/api/admin/access',
    {
      onRequest: app.requireAdmin,
      config: { twoStepSetup: true, staff: 'own-account' },
      schema: { tags, response: { 200: staffAccessSchema } },
    },
    async (request) => staffAccess(ctx, request.admin!.subjectId),
  );

  app.get(
    '/api/admin/staff',
    {
      onRequest: app.requireAdmin,
      config: { staff: 'staff.manage' },
      schema: { tags, response: { 200: staffListSchema } },
    },
    async () => listStaff(ctx),
  );

  app.post(
    '/api/admin/staff',
    {
      onRequest: app.requireAdmin,
      config: { staff: 'staff.manage' },
      schema: { tags, body: staffInviteSchema, response: { 200: messageReplySchema } },
    },
    async (request) => inviteStaff(ctx, request.body, request.admin!, request.ip),
  );

  app.patch(
    '/api/admin/staff/:id',
    {
      onRequest: app.requireAdmin,
      config: { staff: 'staff.manage' },
      schema: {
        tags,
        params: z.object({ id: z.uuid({ message: STAFF_MESSAGES.notFound }) }),
        body: staffChangeSchema,
        response: { 200: messageReplySchema },
      },
    },
    async (request) => changeStaff(ctx, request.params.id, request.body, request.admin!, request.ip),
  );

  app.delete(
    '/api/admin/staff/invitations/:id',
    {
      onRequest: app.requireAdmin,
      config: { staff: 'staff.manage' },
      schema: {
        tags,
        params: z.object({ id: z.uuid({ message: STAFF_MESSAGES.invitationNotFound }) }),
        response: { 200: messageReplySchema },
      },
    },
    async (request) => cancelInvitation(ctx, request.params.id, request.admin!, request.ip),
  );

  // The invitation's page posts here: no session yet, the link's token is the proof.
  app.post(
    '/api/admin/staff/accept',
    { schema: { tags, body: staffAcceptSchema, response: { 200: messageReplySchema } } },
    async (request) => acceptInvitation(ctx, request.body),
  );
};
