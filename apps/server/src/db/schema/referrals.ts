import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { users } from './users';

/**
 * A referral code for one game: a player's personal code (ownerUserId) or one an admin created.
 * Registrations that used it are counted from user_games.referral_code; visits are counted here.
 */
export const referralCodes = pgTable(
  'referral_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    game: text('game', { enum: ['caliber', 'talesrunner', 'yggdra'] }).notNull(),
    url: text('url').notNull(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdByAdminId: uuid('created_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    visitCount: integer('visit_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_codes_code_lower_key').on(sql`lower(${t.code})`),
    index('referral_codes_owner_idx').on(t.ownerUserId),
    index('referral_codes_game_created_idx').on(t.game, t.createdAt),
  ],
);
