import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed sign-in attempts and the lock they started, per lockout scope and key (lib/lockout.ts owns it).
 * `key` is opaque, composed by the caller: a lower-cased email, `<email>|ip:<address>`, a user id…
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    scope: text('scope', {
      enum: [
        'player-password',
        'admin-password',
        'player-account',
        'admin-account',
        'pin',
        'mfa',
        // Requests per address (not failures) past which a proof of work is asked for: decision 0039.
        'register-ip',
        'email-ip',
      ],
    }).notNull(),
    key: text('key').notNull(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'auth_failures_pkey', columns: [t.scope, t.key] })],
);
