import { STAFF_ROLES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Back-office staff. Separate from players: an admin is never a player session. */
export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    /** What the staff member may do (lib/staff-access.ts); admins from before roles are owners. */
    role: text('role', { enum: STAFF_ROLES }).notNull().default('owner'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admins_email_lower_key').on(sql`lower(${t.email})`),
    check('admins_role_known', sql`${t.role} in ('owner', 'support', 'finance', 'analyst')`),
  ],
);

/**
 * An owner's invitation to a new staff member: a single-use link (only its SHA-256 is kept) valid 48 hours,
 * which creates the admin with the invited role when the invitee sets a password.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => admins.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_invitations_email_idx').on(sql`lower(${t.email})`)],
);
