import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A player account. Email is unique case-insensitively (index on lower(email)). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Null for accounts created through social sign-in until a password is set. */
    passwordHash: text('password_hash'),
    phoneNumber: text('phone_number'),
    timeZone: text('time_zone'),
    isp: text('isp'),
    accountStatus: text('account_status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    role: text('role', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    /** The referral code the player registered with (or added later), not the player's own code. */
    referralCode: text('referral_code'),
    /** When the player asked to delete the account; erased 7 days later unless the player keeps it. */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    /** When the personal fields were erased (privacy module); the row stays for the orders that name it. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** SHA-256 of the live undo link of the last email change, sent to the old address; spent once used. */
    emailUndoHash: text('email_undo_hash'),
    /**
     * The account's first sign-in (set once): that one sends no "new sign-in" alert, as every device is new
     * to a new account (docs/decisions/0045-account-care.md).
     */
    firstSignedInAt: timestamp('first_signed_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // The erasure task's 'requests older than 7 days': few rows among all players.
    index('users_deletion_requested_idx')
      .on(t.deletionRequestedAt)
      .where(sql`${t.deletionRequestedAt} is not null`),
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_referral_code_idx').on(t.referralCode),
  ],
);

export const userProfiles = pgTable('user_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  gender: text('gender', { enum: ['male', 'female', 'non-binary', 'prefer-not-to-say'] }),
  birthdate: date('birthdate'),
  occupation: text('occupation'),
});

export const userAddresses = pgTable(
  'user_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address1: text('address1'),
    city: text('city'),
    province: text('province'),
    country: text('country'),
  },
  (t) => [index('user_addresses_user_idx').on(t.userId), index('user_addresses_country_idx').on(t.country)],
);

/**
 * One row per game a player is registered for. The Caliber nickname and PIN live here: nicknames are
 * unique per game, and the PIN belongs to the Caliber launcher. `level` and `sessionStart` are Caliber
 * activity, updated from game server events.
 */
export const userGames = pgTable(
  'user_games',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    game: text('game', { enum: ['caliber', 'talesrunner', 'yggdra'] }).notNull(),
    nickname: text('nickname'),
    pinHash: text('pin_hash'),
    referralCode: text('referral_code'),
    level: integer('level').notNull().default(0),
    sessionStart: timestamp('session_start', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_games_user_game_key').on(t.userId, t.game),
    uniqueIndex('user_games_game_nickname_key')
      .on(t.game, sql`lower(${t.nickname})`)
      .where(sql`${t.nickname} is not null`),
    index('user_games_game_created_idx').on(t.game, t.createdAt, t.id),
    index('user_games_game_referral_idx').on(t.game, t.referralCode),
    // Support's search finds part of a nickname in any game (decision 0046).
    index('user_games_nickname_trgm_idx').using(
      'gin',
      sql`(coalesce(lower(${t.nickname}), '')) gin_trgm_ops`,
    ),
  ],
);
