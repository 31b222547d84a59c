import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Solved proof-of-work challenges, kept until they expire so each passes once, in any process
 * (lib/proof-of-work.ts owns it; docs/decisions/0039-proof-of-work-throttles.md). Only the SHA-256 of a
 * challenge's signature is stored.
 */
export const spentChallenges = pgTable(
  'spent_challenges',
  {
    signatureHash: text('signature_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('spent_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * Launchers whose PIN unlocks an account (game-login module): the device (the id in its device token or
 * cookie) completed a full sign-in of the player (password, and the second step where it is on) at
 * `signedInAt`; PIN sign-in works from it for PIN_DEVICE_DAYS after that.
 */
export const pinDevices = pgTable(
  'pin_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').notNull(),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'pin_devices_pkey', columns: [t.userId, t.deviceId] }),
    index('pin_devices_signed_in_idx').on(t.signedInAt),
  ],
);
