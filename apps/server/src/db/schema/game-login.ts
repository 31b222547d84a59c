import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One-time codes handed to the Caliber launcher after a launcher sign-in (game-login module). A game server
 * exchanges a code once, within 60 s, for the player's identity. Only the SHA-256 of a code is stored.
 */
export const launcherCodes = pgTable(
  'launcher_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    game: text('game', { enum: ['caliber'] })
      .notNull()
      .default('caliber'),
    /** Issued through a developer sign-in (developer launcher URL). */
    developer: boolean('developer').notNull().default(false),
    method: text('method', { enum: ['password', 'pin'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('launcher_codes_expires_idx').on(t.expiresAt)],
);
