import { z } from 'zod';

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
  'audit.read',
  'staff.manage',
] as const;
export type StaffCapability = (typeof STAFF_CAPABILITIES)[number];

/** GET /api/admin/access: the signed-in staff member's role and what it allows (the navigation shows only these). */
export const staffAccessSchema = z.object({
  role: staffRoleSchema,
  capabilities: z.array(z.enum(STAFF_CAPABILITIES)),
});
export type StaffAccess = z.infer<typeof staffAccessSchema>;
