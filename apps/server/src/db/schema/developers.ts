import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Player accounts marked as developers of Caliber builds (developers module). A developer may sign in to
 * developer builds once the emailed link has been opened. Only the SHA-256 of the link token is stored.
 */
export const developers = pgTable(
  'developers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'cli' or the admin id that marked the account. */
    markedBy: text('marked_by').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
  },
  (t) => [index('developers_token_hash_idx').on(t.tokenHash)],
);
