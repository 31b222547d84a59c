import { ENTITLEMENT_STATUSES } from '@portal/contract';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './commerce';
import { users } from './users';

const SHOP_GAMES = ['yggdra', 'talesrunner'] as const;

/**
 * What a paid order owes its game (issue #23, decision 0036): one row per order line, written in the
 * transaction that marks the order paid, pending until the game consumes it, revoked when the money goes
 * back (with `clawback` when the game had already consumed it). Owned by the entitlements module.
 */
export const entitlements = pgTable(
  'entitlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    game: text('game', { enum: SHOP_GAMES }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The order's txnid, as the game-server API and webhooks name the order. */
    txnid: text('txnid').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    status: text('status', { enum: ENTITLEMENT_STATUSES }).notNull().default('pending'),
    /** Revoked after the game had consumed it: the game should take the item back. */
    clawback: boolean('clawback').notNull().default(false),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the game's webhook answered 2xx to its `entitlement.granted` event (set by the deliveries). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    // Once only: a line of an order is granted at most once, however often the provider repeats itself.
    uniqueIndex('entitlements_order_sku_key').on(t.orderId, t.sku),
    // The game-server API: a game's entitlements oldest first, by status or by player.
    index('entitlements_game_status_granted_idx').on(t.game, t.status, t.grantedAt, t.id),
    index('entitlements_game_user_granted_idx').on(t.game, t.userId, t.grantedAt, t.id),
    index('entitlements_game_granted_idx').on(t.game, t.grantedAt, t.id),
  ],
);
