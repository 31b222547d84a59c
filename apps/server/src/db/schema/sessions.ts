import { index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { accountOwnerColumns } from './account-owner';

/**
 * Bearer sessions for players and admins. Only the SHA-256 of a token is stored. A session is valid while
 * not revoked and not expired; expiry slides forward as it is used. `ip` and `user_agent` are the client
 * that signed in (cut to their limits), shown on the security page. `step_up_until` is the end of this
 * session's fresh proof ("confirm it's you", docs/decisions/0038-step-up.md); null when it never made one.
 * `signed_in_with` is how the sign-in that opened it was proved (decision 0063): 'password', 'passkey' or the
 * provider ('google', 'facebook'), with '+code' when the second step followed; null for sessions opened before
 * it was recorded.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind', { enum: ['player', 'admin'] }).notNull(),
    ...accountOwnerColumns(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    stepUpUntil: timestamp('step_up_until', { withTimezone: true }),
    signedInWith: varchar('signed_in_with', { length: 32 }),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId), index('access_tokens_admin_idx').on(t.adminId)],
);
