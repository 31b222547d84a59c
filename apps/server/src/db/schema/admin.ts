import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who did what in the back-office: every admin sign-in (and failure), export, email blast and account
 * change. Append-only; `actorId` is an admin id, a user id or null for the command line.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorKind: text('actor_kind', { enum: ['admin', 'player', 'system'] }).notNull(),
    actorId: uuid('actor_id'),
    /** A readable name for the actor at the time (email, or 'cli'). */
    actorLabel: text('actor_label'),
    action: text('action').notNull(),
    /** What the action was done to, as 'kind:id' ('user:<uuid>', 'admin:<uuid>', 'order:<txnid>'), if anything. */
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    index('audit_log_target_idx').on(t.target, t.createdAt),
  ],
);

/**
 * The admin search box's document: one lower-cased line per player with name, email, phone, referral
 * codes, games, countries, gender and birthdate, behind a trigram GIN index. Kept current by statement-level
 * triggers on the account tables (migration `admin_users_search_triggers`), so bulk loads stay set-based.
 */
export const userSearch = pgTable(
  'user_search',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    doc: text('doc').notNull(),
  },
  (t) => [index('user_search_doc_trgm_idx').using('gin', sql`${t.doc} gin_trgm_ops`)],
);

/**
 * Game registrations per game, UTC month and whether a referral code was used, kept exact by statement-level
 * triggers on user_games (migration `admin_users_month_counts`). The admin tables read it for exact page
 * totals and to jump to page N of an unfiltered listing by walking months instead of N pages of rows.
 */
export const userGameMonthCounts = pgTable(
  'user_game_month_counts',
  {
    game: text('game').notNull(),
    month: timestamp('month', { withTimezone: true }).notNull(),
    referred: boolean('referred').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ name: 'user_game_month_counts_pkey', columns: [t.game, t.month, t.referred] })],
);
