import { ORDER_FAILURE_REASONS, ORDER_ORIGINS, ORDER_STATUSES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Webshop, payments and orders (modules shop, payments, orders). Prices are numeric(12,2) and are read as
 * strings; code does arithmetic in integer centavos. `available` is stock that can still be bought: checkout
 * takes units out of it (a reservation), payment keeps them out, failure or expiry puts them back.
 */
const SHOP_GAMES = ['yggdra', 'talesrunner'] as const;

export const shopGroups = pgTable(
  'shop_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    game: text('game', { enum: SHOP_GAMES }).notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('shop_groups_game_external_key').on(t.game, t.externalId)],
);

export const shopProducts = pgTable(
  'shop_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    game: text('game', { enum: SHOP_GAMES }).notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('PHP'),
    available: integer('available').notNull().default(0),
    /** Most units of this product one order may hold; 10 unless set per product (decision 0011). */
    maxPerOrder: integer('max_per_order').notNull().default(10),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_products_game_sku_key').on(t.game, t.sku),
    index('shop_products_game_position_idx').on(t.game, t.position),
    check('shop_products_available_nonnegative', sql`${t.available} >= 0`),
    check('shop_products_price_nonnegative', sql`${t.price} >= 0`),
    // A cart line holds 1-99 units (CART_QUANTITY_MAX), so a limit outside that range means nothing.
    check('shop_products_max_per_order_range', sql`${t.maxPerOrder} between 1 and 99`),
  ],
);

export const shopProductGroups = pgTable(
  'shop_product_groups',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => shopGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.groupId] }),
    index('shop_product_groups_group_idx').on(t.groupId),
  ],
);

/**
 * One counter row, raised in the same transaction as every change to shop_products, shop_groups or
 * shop_product_groups (stock included) by triggers (migration 0014). The public catalog is cached per
 * process under this version; reading it is one primary-key lookup (docs/shop.md, "Catalog cache").
 */
export const shopCatalogVersion = pgTable(
  'shop_catalog_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('shop_catalog_version_single_row', sql`${t.id} = 1`)],
);

/** A player's cart per shop: one row per product. */
export const shopCartItems = pgTable(
  'shop_cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    game: text('game', { enum: SHOP_GAMES }).notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.game, t.productId] })],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    txnid: text('txnid').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    game: text('game', { enum: SHOP_GAMES }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('Pending'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    /** Payment provider that handles it: sandbox or xsolla. */
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id'),
    providerTransactionId: text('provider_transaction_id'),
    /** reserved → committed (paid) or released (failed, expired). */
    stockState: text('stock_state', { enum: ['reserved', 'committed', 'released'] })
      .notNull()
      .default('reserved'),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }).notNull(),
    failureReason: text('failure_reason', { enum: ORDER_FAILURE_REASONS }),
    /** How it was bought: the whole cart, or Buy Now of one product (decision 0044; the cart is left alone). */
    origin: text('origin', { enum: ORDER_ORIGINS }).notNull().default('cart'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A payment that arrived after the order had FAILED (expired, declined): the player is owed a refund. */
    latePaidAt: timestamp('late_paid_at', { withTimezone: true }),
    /** Money given back (decision 0034): by staff, or told by the provider (refund, partial refund, chargeback). */
    refundedAmount: numeric('refunded_amount', { precision: 12, scale: 2 }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundReason: text('refund_reason'),
    /** The staff member who refunded it from the sales dashboard; null when the provider told the portal. */
    refundedBy: uuid('refunded_by'),
    /**
     * A staff refund under way: claimed before the provider is asked, so two refunds of one order never both
     * reach it (decision 0040); cleared when the provider refuses, taken over only once stale.
     */
    refundClaimedAt: timestamp('refund_claimed_at', { withTimezone: true }),
    /** Xsolla's refund code when it names fraud (4, 7, 11, 12; decision 0036), for finance. */
    fraudCode: integer('fraud_code'),
    /** The card holder's dispute as Xsolla's `dispute` notifications tell it (decision 0036). */
    disputeStatus: text('dispute_status'),
    disputeType: text('dispute_type'),
    disputeReason: text('dispute_reason'),
    disputeOpenedAt: timestamp('dispute_opened_at', { withTimezone: true }),
    disputeUpdatedAt: timestamp('dispute_updated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_txnid_key').on(t.txnid),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_pending_expiry_idx').on(t.reservedUntil).where(sql`${t.status} = 'Pending'`),
    // Checkout counts the player's unpaid orders (at most MAX_OPEN_ORDERS, decision 0011).
    index('orders_user_pending_idx').on(t.userId, t.reservedUntil).where(sql`${t.status} = 'Pending'`),
    index('orders_provider_order_idx').on(t.providerOrderId),
    // The sales dashboard's 'Refund due' filter: few rows among a million orders.
    index('orders_refund_due_idx').on(t.createdAt, t.id).where(sql`${t.latePaidAt} is not null`),
    // The sales rollup task takes refunds since its last run off the dashboards' revenue (few rows).
    index('orders_refunded_idx').on(t.refundedAt, t.id).where(sql`${t.refundedAt} is not null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => shopProducts.id),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.productId] })],
);

/**
 * Every webhook notification processed, keyed by provider and event (type + provider transaction id), with
 * the answer given: a repeat delivery gets the first answer and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    notificationType: text('notification_type').notNull(),
    txnid: text('txnid'),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventKey] }), index('payment_events_txnid_idx').on(t.txnid)],
);

/** Notifications the sandbox provider sends later (pending card, duplicates), delivered by a scheduled task. */
export const sandboxDeliveries = pgTable(
  'sandbox_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    body: text('body').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('sandbox_deliveries_due_idx').on(t.dueAt).where(sql`${t.deliveredAt} is null`)],
);
