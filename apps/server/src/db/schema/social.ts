import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A Google or Facebook identity linked to a player account (social module). */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
    /** The provider's stable user id (OIDC `sub`, Facebook app-scoped id). */
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('social_identities_provider_subject_key').on(t.provider, t.subject),
    index('social_identities_user_idx').on(t.userId),
  ],
);

/**
 * Short-lived (5 min) single-use tokens put in the /social-login URL after a provider callback; exchanged
 * once at GET /api/get-user/{id} for a real session. Only the SHA-256 is stored.
 */
export const socialExchangeTokens = pgTable(
  'social_exchange_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('social_exchange_tokens_expires_idx').on(t.expiresAt)],
);
