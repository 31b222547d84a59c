import { messageReplySchema } from '../accounts';
import { defineEndpoint, type Endpoint } from '../endpoint';
import { FIRST_REQUEST_PATHS } from '../first-requests';
import {
  staffAcceptSchema,
  staffAccessSchema,
  staffChangeSchema,
  staffInvitationParamsSchema,
  staffInviteSchema,
  staffListSchema,
  staffMemberParamsSchema,
} from '../staff';

const tags = ['admin'] as const;

/** Back-office staff: their own access, and (owners) the staff list, invitations, roles and deactivation. */
export const staffEndpoints = {
  /** What the signed-in staff member's role allows. */
  access: defineEndpoint({
    method: 'GET',
    path: FIRST_REQUEST_PATHS.staffAccess,
    auth: 'admin',
    staff: 'own-account',
    proof: 'session',
    reply: staffAccessSchema,
    tags,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/staff',
    auth: 'admin',
    staff: 'staff.manage',
    proof: 'session',
    reply: staffListSchema,
    tags,
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/api/admin/staff',
    auth: 'admin',
    staff: 'staff.manage',
    proof: 'recent',
    body: staffInviteSchema,
    reply: messageReplySchema,
    tags,
  }),
  /** A member's role, or deactivating / reactivating them. */
  change: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/staff/:id',
    auth: 'admin',
    staff: 'staff.manage',
    proof: 'recent',
    params: staffMemberParamsSchema,
    body: staffChangeSchema,
    reply: messageReplySchema,
    tags,
  }),
  cancelInvitation: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/staff/invitations/:id',
    auth: 'admin',
    staff: 'staff.manage',
    proof: 'session',
    params: staffInvitationParamsSchema,
    reply: messageReplySchema,
    tags,
  }),
  /** The invitation's page: no session yet, the link's token is the proof. */
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/admin/staff/accept',
    auth: 'none',
    proof: 'own',
    carries: 'the emailed invitation',
    body: staffAcceptSchema,
    reply: messageReplySchema,
    tags,
  }),
} as const satisfies Record<string, Endpoint>;
