import { GAMES, SANCTION_CATEGORIES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { users } from './users';

/**
 * Sanctions (standing module, issue #37; placed and lifted by the moderation module): a ban or restriction of a player, with its reason, its end (null:
 * permanent) and its lifting. Never deleted: the history is the player's standing. In force while not lifted
 * and not past `expires_at`, checked against the clock (no job lifts it).
 */
export const sanctions = pgTable(
  'sanctions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    scope: text('scope', { enum: ['account', 'game', 'purchases', 'chat'] }).notNull(),
    game: text('game', { enum: GAMES }),
    category: text('category', { enum: SANCTION_CATEGORIES }).notNull(),
    /** What the player reads. */
    note: text('note').notNull(),
    staffNote: text('staff_note'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    placedBy: uuid('placed_by').references(() => admins.id, { onDelete: 'set null' }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: uuid('lifted_by').references(() => admins.id, { onDelete: 'set null' }),
    liftReason: text('lift_reason'),
    /**
     * Set when the player's data is erased while an account ban is in force (decision 0064): the keyed hash
     * of the address, so registering again with it is refused until the ban ends.
     */
    emailHash: text('email_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The check on every sign-in and token: a player's sanctions not lifted (few rows per player).
    index('sanctions_in_force_idx').on(t.userId).where(sql`${t.liftedAt} is null`),
    index('sanctions_created_idx').on(t.createdAt),
    index('sanctions_email_hash_idx').on(t.emailHash).where(sql`${t.emailHash} is not null`),
  ],
);

/** One appeal per sanction, by its player; decided by staff (upheld, or the sanction lifted). */
export const sanctionAppeals = pgTable(
  'sanction_appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sanctionId: uuid('sanction_id')
      .notNull()
      .references(() => sanctions.id),
    message: text('message').notNull(),
    status: text('status', { enum: ['open', 'upheld', 'lifted'] })
      .notNull()
      .default('open'),
    answer: text('answer'),
    decidedBy: uuid('decided_by').references(() => admins.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sanction_appeals_sanction_key').on(t.sanctionId),
    index('sanction_appeals_status_idx').on(t.status, t.createdAt),
  ],
);
