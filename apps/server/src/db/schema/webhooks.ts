import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const GAME = ['caliber', 'talesrunner', 'yggdra'] as const;

/**
 * Where a game's server receives the portal's signed events (issue #23). The signing secret is stored sealed
 * with a SECRET_KEY-derived key (lib/secret-box.ts); its plain form is shown once, when made or rotated.
 */
export const gameWebhooks = pgTable('game_webhooks', {
  game: text('game', { enum: GAME }).primaryKey(),
  url: text('url').notNull(),
  active: boolean('active').notNull(),
  secretSealed: text('secret_sealed').notNull(),
  secretCreatedAt: timestamp('secret_created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * The webhook outbox: one row per event to one game, written in the transaction that caused it, then sent by
 * the `game-webhook-deliveries` task with retries (docs/decisions/0037-game-webhooks.md). `body` is the exact
 * JSON sent on every attempt, so the signature covers the same bytes each time.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    game: text('game', { enum: GAME }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type', {
      enum: [
        'entitlement.granted',
        'entitlement.revoked',
        'ping',
        'player.sanctioned',
        'player.sanction_lifted',
      ],
    }).notNull(),
    body: text('body').notNull(),
    entitlementId: uuid('entitlement_id'),
    /** The order's txnid, for the delivery log. */
    orderTxnid: text('order_txnid'),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When it is due; while an attempt runs, the end of its lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** After this, a failed attempt is the last (48 hours after it was made or retried by staff). */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_key').on(t.eventId),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_game_created_idx').on(t.game, t.createdAt),
    index('webhook_deliveries_entitlement_idx').on(t.entitlementId),
  ],
);
