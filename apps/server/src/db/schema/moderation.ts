import { GAMES, REPORT_CATEGORIES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { sanctions } from './standing';
import { users } from './users';

/** A report of a player, by a game's server or by another player from the portal. */
export const playerReports = pgTable(
  'player_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    game: text('game', { enum: GAMES }).notNull(),
    source: text('source', { enum: ['game', 'player'] }).notNull(),
    reporterId: uuid('reporter_id').references(() => users.id),
    reportedId: uuid('reported_id')
      .notNull()
      .references(() => users.id),
    category: text('category', { enum: REPORT_CATEGORIES }).notNull(),
    message: text('message'),
    context: jsonb('context'),
    status: text('status', { enum: ['open', 'dismissed', 'reviewed', 'actioned'] })
      .notNull()
      .default('open'),
    resolvedBy: uuid('resolved_by').references(() => admins.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
    sanctionId: uuid('sanction_id').references(() => sanctions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('player_reports_reported_open_idx').on(t.reportedId, t.createdAt).where(sql`${t.status} = 'open'`),
    // The queue's counts per category and game of a page of players, read from the index alone.
    index('player_reports_open_breakdown_idx')
      .on(t.reportedId, t.category, t.game)
      .where(sql`${t.status} = 'open'`),
    index('player_reports_reporter_idx').on(t.reporterId).where(sql`${t.reporterId} is not null`),
    // The reports a sanction answered, shown beside it and beside its appeal.
    index('player_reports_sanction_idx').on(t.sanctionId).where(sql`${t.sanctionId} is not null`),
  ],
);

/**
 * The report queue's ranking, kept with the reports (one row per reported player with open reports): the
 * first page reads this index, not a GROUP BY over every report.
 */
export const reportedPlayers = pgTable(
  'reported_players',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    openReports: integer('open_reports').notNull(),
    newestReportAt: timestamp('newest_report_at', { withTimezone: true }).notNull(),
  },
  // The queue's order, ties broken by the player: the first page is the index's first entries.
  (t) => [index('reported_players_rank_idx').on(t.openReports.desc(), t.newestReportAt.desc(), t.userId)],
);
