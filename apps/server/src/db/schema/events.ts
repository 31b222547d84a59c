import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const GAME = ['caliber', 'talesrunner', 'yggdra'] as const;

/**
 * Per-game keys with which game servers report events and read entitlements. Only the SHA-256 of a key is
 * stored; the key is shown once, by the back-office's game settings or `npm run server-key:create`.
 */
export const gameServerKeys = pgTable(
  'game_server_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    game: text('game', { enum: GAME }).notNull(),
    label: text('label').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** The key's first characters, to tell keys apart in the back-office. */
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('game_server_keys_game_idx').on(t.game)],
);

/**
 * Raw game events, kept for audit and replays. The primary key (game, event_id) makes ingestion
 * idempotent. Dashboards never read this table: they read the rollups of the analytics module.
 */
export const gameEvents = pgTable(
  'game_events',
  {
    game: text('game', { enum: GAME }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type', { enum: ['session', 'level', 'download'] }).notNull(),
    userId: uuid('user_id'),
    /** Session start, level change time or download time. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** Session end. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    level: integer('level'),
    count: integer('count'),
    clientId: text('client_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ name: 'game_events_pkey', columns: [t.game, t.eventId] }),
    index('game_events_game_type_at_idx').on(t.game, t.type, t.occurredAt),
  ],
);
