import {
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * Rollups of the analytics module. Every dashboard series reads these small tables, never raw events or
 * the account tables. Days are reporting days in REPORTING_TIME_ZONE (`REPORTING_TIME_ZONE` in the contract).
 */

/** Registrations per game and reporting day, rebuilt from user_games for recent days by a task. */
export const dailyRegistrations = pgTable(
  'daily_registrations',
  {
    game: text('game').notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ name: 'daily_registrations_pkey', columns: [t.game, t.day] })],
);

/** Registrations per game, day and age at registration (-1: birthdate unknown). */
export const dailyRegistrationAges = pgTable(
  'daily_registration_ages',
  {
    game: text('game').notNull(),
    day: date('day').notNull(),
    age: integer('age').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ name: 'daily_registration_ages_pkey', columns: [t.game, t.day, t.age] })],
);

/** Registrations per game, day and country ('Unknown' when missing). */
export const dailyRegistrationCountries = pgTable(
  'daily_registration_countries',
  {
    game: text('game').notNull(),
    day: date('day').notNull(),
    country: text('country').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ name: 'daily_registration_countries_pkey', columns: [t.game, t.day, t.country] })],
);

/** Registrations per game, day and referral code used ('' rows are not stored). */
export const dailyReferralRegistrations = pgTable(
  'daily_referral_registrations',
  {
    game: text('game').notNull(),
    day: date('day').notNull(),
    referralCode: text('referral_code').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'daily_referral_registrations_pkey', columns: [t.game, t.day, t.referralCode] }),
  ],
);

/** Progress of watermark-driven rollup tasks. */
export const rollupWatermarks = pgTable('rollup_watermarks', {
  name: text('name').primaryKey(),
  value: timestamp('value', { withTimezone: true }).notNull(),
});

/**
 * Exact distinct sets: who was active ('play') or bought ('buy') in a day, ISO week or month. Filled
 * incrementally at ingestion; a new row bumps activity_counts.
 */
export const activitySets = pgTable(
  'activity_sets',
  {
    game: text('game').notNull(),
    metric: text('metric', { enum: ['play', 'buy'] }).notNull(),
    period: text('period', { enum: ['day', 'week', 'month'] }).notNull(),
    periodStart: date('period_start').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'activity_sets_pkey',
      columns: [t.game, t.metric, t.period, t.periodStart, t.userId],
    }),
  ],
);

/**
 * Per period: distinct users (`users`), users also in the previous period (`retained`) and users seen
 * for the first time ever (`first_time`).
 */
export const activityCounts = pgTable(
  'activity_counts',
  {
    game: text('game').notNull(),
    metric: text('metric', { enum: ['play', 'buy'] }).notNull(),
    period: text('period', { enum: ['day', 'week', 'month'] }).notNull(),
    periodStart: date('period_start').notNull(),
    users: integer('users').notNull().default(0),
    retained: integer('retained').notNull().default(0),
    firstTime: integer('first_time').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'activity_counts_pkey', columns: [t.game, t.metric, t.period, t.periodStart] })],
);

/** First day a player was seen per metric, for new vs returning users. */
export const activityFirstSeen = pgTable(
  'activity_first_seen',
  {
    game: text('game').notNull(),
    metric: text('metric', { enum: ['play', 'buy'] }).notNull(),
    userId: uuid('user_id').notNull(),
    firstDay: date('first_day').notNull(),
  },
  (t) => [primaryKey({ name: 'activity_first_seen_pkey', columns: [t.game, t.metric, t.userId] })],
);

/** Players online at each 5-minute instant (sessions with start <= slot < end). */
export const ccuSlots = pgTable(
  'ccu_slots',
  {
    game: text('game').notNull(),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ name: 'ccu_slots_pkey', columns: [t.game, t.slotStart] })],
);

/** Peak of ccu_slots per reporting day, kept beside it for long ranges. */
export const ccuDailyPeaks = pgTable(
  'ccu_daily_peaks',
  {
    game: text('game').notNull(),
    day: date('day').notNull(),
    peak: integer('peak').notNull(),
  },
  (t) => [primaryKey({ name: 'ccu_daily_peaks_pkey', columns: [t.game, t.day] })],
);

export const dailyDownloads = pgTable(
  'daily_downloads',
  {
    game: text('game').notNull(),
    day: date('day').notNull(),
    downloads: integer('downloads').notNull(),
  },
  (t) => [primaryKey({ name: 'daily_downloads_pkey', columns: [t.game, t.day] })],
);

/**
 * Orders already counted into the sales rollups (idempotency of recordSales), and how much of each has been
 * taken off them again (recordRefunds): the refunded amount applied, and whether a full refund or a
 * chargeback took the order out of them.
 */
export const salesRecorded = pgTable('sales_recorded', {
  orderId: text('order_id').primaryKey(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  refunded: numeric('refunded', { precision: 14, scale: 2 }).notNull().default('0'),
  voided: boolean('voided').notNull().default(false),
});

/** Paid orders and their revenue net of refunds and chargebacks, per game, day paid and store type. */
export const dailySales = pgTable(
  'daily_sales',
  {
    game: text('game').notNull(),
    day: date('day').notNull(),
    storeType: text('store_type').notNull(),
    orders: integer('orders').notNull(),
    revenue: numeric('revenue', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ name: 'daily_sales_pkey', columns: [t.game, t.day, t.storeType] })],
);

/** Items sold (net of refunded and charged-back orders) per game, day paid and SKU. */
export const dailyItemSales = pgTable(
  'daily_item_sales',
  {
    game: text('game').notNull(),
    day: date('day').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    revenue: numeric('revenue', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ name: 'daily_item_sales_pkey', columns: [t.game, t.day, t.sku] })],
);
