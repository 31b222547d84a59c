import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Single-use links sent by email (lib/account-tokens.ts): email verification (24 h), password reset (60 min),
 * email change (24 h, carries the new address) and "Not you? Secure my account" in security alerts (7 days,
 * decision 0049; bound to the address it was sent to, decision 0068). Only the SHA-256 of the token is stored.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['verify_email', 'reset_password', 'change_email', 'secure_account'],
    }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The game whose login page the link leads back to. */
    game: text('game', { enum: ['caliber', 'talesrunner', 'yggdra'] }).notNull(),
    /** For change_email: the address that replaces the current one once confirmed. */
    newEmail: text('new_email'),
    /**
     * For secure_account: the address the link was mailed to; the link works only while the account still
     * signs in with it (decision 0068).
     */
    sentTo: text('sent_to'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * Forgot-password and resend-verification requests, written before the reply for every address, known or
 * not, and served by the 'account-email-requests' task (decision 0012), so the reply time tells nothing.
 * A served row is deleted: an address stays here about a second.
 */
export const accountEmailRequests = pgTable(
  'account_email_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    email: text('email').notNull(),
    /** The game whose login page the link should lead back to, when the request named one. */
    game: text('game', { enum: ['caliber', 'talesrunner'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_email_requests_created_idx').on(t.createdAt)],
);
