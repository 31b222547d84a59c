import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every email is written here first (a transactional outbox), then delivered by the mail worker with
 * retries and backoff, so an SMTP outage delays mail and loses none. Without SMTP_URL the rows stay in
 * status 'local' and are read at /dev/mailbox.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** What produced it (verification, reset, email-blast...), for operators and tests. */
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'local'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_created_idx').on(t.createdAt),
  ],
);
