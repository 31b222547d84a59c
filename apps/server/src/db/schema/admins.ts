import { STAFF_ROLES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
