import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admins';

/** The managed list of test recipients of the Send Test Email page. */
export const emailBlastRecipients = pgTable(
  'email_blast_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    createdByAdminId: uuid('created_by_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_blast_recipients_email_key').on(sql`lower(${t.email})`)],
);

/** One row per send, keyed by the client's idempotency key: a second click with the same key sends nothing. */
export const emailBlastSends = pgTable('email_blast_sends', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
  recipientCount: integer('recipient_count').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
