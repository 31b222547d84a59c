import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { users } from './users';

/**
 * The owner of a row that belongs to one player (user_id) or one staff member (admin_id): sessions, security
 * events, two-step and passkey credentials and their challenges. Deleting the account deletes the row.
 */
export const accountOwnerColumns = () => ({
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
});

/** The check that such a row has exactly one owner. */
export const oneAccountOwner = (table: string, t: { userId: AnyPgColumn; adminId: AnyPgColumn }) =>
  check(`${table}_one_owner`, sql`(${t.userId} is null) <> (${t.adminId} is null)`);
