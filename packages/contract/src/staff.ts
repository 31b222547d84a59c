import { z } from 'zod';
import { emailSchema, passwordSchema } from './validation';

/** Back-office roles (docs/staff-roles.md): owner does everything; the others what their job needs. */
export const STAFF_ROLES = ['owner', 'support', 'finance', 'analyst'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES, {
  message: 'The role must be owner, support, finance or analyst.',
});

/** What a role may do; each admin route needs one of these (or only a signed-in staff member). */
export const STAFF_CAPABILITIES = [
  'players.read',
  'players.act',
  'players.export',
  'referrals.manage',
  'developers.manage',
  'email.send',
  'analytics.read',
  'sales.read',
  'sales.export',
  'sales.refund',
  'audit.read',
  'staff.manage',
  /** Games' webhook settings, server keys and the delivery log (issue #23). */
  'games.manage',
  /** The apps that sign players in through the portal's OpenID Provider (issue #26). */
  'apps.manage',
  /** Sanctions longer than SUPPORT_SANCTION_MAX_DAYS, and permanent ones (issue #37). */
  'sanctions.unlimited',
] as const;
export type StaffCapability = (typeof STAFF_CAPABILITIES)[number];

/** GET /api/admin/access: the signed-in staff member's role and what it allows (the navigation shows only these). */
export const staffAccessSchema = z.object({
  role: staffRoleSchema,
  capabilities: z.array(z.enum(STAFF_CAPABILITIES)),
});
export type StaffAccess = z.infer<typeof staffAccessSchema>;

/** A staff member as the Staff page lists them. */
export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  active: z.boolean(),
  two_step: z.boolean(),
  last_login_at: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** An invitation not yet accepted (or run out). */
export const staffInvitationSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  expires_at: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

/** GET /api/admin/staff. */
export const staffListSchema = z.object({
  staff: z.array(staffMemberSchema),
  invitations: z.array(staffInvitationSchema),
});
export type StaffList = z.infer<typeof staffListSchema>;

/** POST /api/admin/staff: invite someone by email (a single-use link, valid 48 hours). */
export const staffInviteSchema = z.object({
  email: emailSchema,
  name: z.string().trim().min(1, 'The name must not be empty.').max(100, 'The name is too long.'),
  role: staffRoleSchema,
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** PATCH /api/admin/staff/{id}: change the role, or deactivate / reactivate. */
export const staffChangeSchema = z
  .object({ role: staffRoleSchema.optional(), active: z.boolean().optional() })
  .refine((change) => change.role !== undefined || change.active !== undefined, {
    message: 'Send a role or active.',
    path: ['role'],
  });
export type StaffChange = z.infer<typeof staffChangeSchema>;

/** POST /api/admin/staff/accept: the invitee sets their password. */
export const staffAcceptSchema = z.object({
  token: z
    .string()
    .min(1, 'This invitation link is not complete.')
    .max(200, 'This invitation link is not valid.'),
  password: passwordSchema,
});
export type StaffAccept = z.infer<typeof staffAcceptSchema>;

export const STAFF_MESSAGES = {
  invited: (email: string) => `An invitation is on its way to ${email}.`,
  alreadyStaff: 'A staff member with this email already exists.',
  updated: 'The staff member was updated.',
  notFound: 'There is no staff member with this id.',
  lastOwner: 'The portal needs at least one active owner: make someone else an owner first.',
  invitationInvalid: 'This invitation link is not valid or has run out. Ask an owner for a new one.',
  accepted: 'Your staff account is ready. Please sign in.',
  invitationCancelled: 'The invitation was cancelled; its link no longer works.',
  invitationNotFound: 'There is no open invitation with this id.',
} as const;

/** PATCH /api/admin/staff/{id}: the staff member. */
export const staffMemberParamsSchema = z.object({ id: z.uuid({ message: STAFF_MESSAGES.notFound }) });

/** DELETE /api/admin/staff/invitations/{id}: the open invitation. */
export const staffInvitationParamsSchema = z.object({
  id: z.uuid({ message: STAFF_MESSAGES.invitationNotFound }),
});
