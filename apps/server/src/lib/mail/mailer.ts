import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';
import type { Clock } from '../clock';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
}

export interface Mailer {
  /**
   * Writes the message to the outbox. Takes a database, not a context: the mailer is part of the context, and a
   * transaction's context passes its transaction here (lib/context.ts), so callers write `tx.mailer.enqueue(…)`.
   */
  enqueue(message: MailMessage, db?: Database): Promise<void>;
  /** Delivers the messages that are due; returns how many were sent. Run by the scheduler. */
  deliverDue(): Promise<number>;
  /** True when SMTP is configured; otherwise mail stays in the local outbox. */
  readonly delivers: boolean;
  close(): void;
}

const BATCH = 20;
/** A claimed message is leased for this long; a process that dies mid-send leaves it to be retried. */
const LEASE_MS = 2 * 60 * 1000;
const MAX_ATTEMPTS = 40;

/** 5 s, 10 s, 20 s ... capped at 30 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 30 * 60 * 1000);
}

export function createMailer(options: {
  db: Database;
  clock: Clock;
  smtpUrl?: string;
  from: string;
  onError?: (error: unknown, messageId: string) => void;
}): Mailer {
  const { db, clock } = options;
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, socketTimeout: 20_000 })
    : null;

  return {
    delivers: transport !== null,
    async enqueue(message, tx = db) {
      const now = clock.now();
      await tx.insert(emailOutbox).values({
        ...message,
        status: transport ? 'pending' : 'local',
        nextAttemptAt: now,
        createdAt: now,
      });
    },
    async deliverDue() {
      if (!transport) return 0;
      const now = clock.now();
      const claimed = await db
        .update(emailOutbox)
        .set({
          nextAttemptAt: new Date(now.getTime() + LEASE_MS),
          attempts: sql`${emailOutbox.attempts} + 1`,
        })
        .where(
          inArray(
            emailOutbox.id,
            db
              .select({ id: emailOutbox.id })
              .from(emailOutbox)
              .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
              .orderBy(emailOutbox.nextAttemptAt)
              .limit(BATCH)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning();
      let sent = 0;
      for (const message of claimed) {
        try {
          await transport.sendMail({
            from: options.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
          });
          await db
            .update(emailOutbox)
            .set({ status: 'sent', sentAt: clock.now(), lastError: null })
            .where(eq(emailOutbox.id, message.id));
          sent += 1;
        } catch (error) {
          options.onError?.(error, message.id);
          const failedForGood = message.attempts >= MAX_ATTEMPTS;
          await db
            .update(emailOutbox)
            .set({
              status: failedForGood ? 'failed' : 'pending',
              lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
              nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(message.attempts)),
            })
            .where(eq(emailOutbox.id, message.id));
        }
      }
      return sent;
    },
    close() {
      transport?.close();
    },
  };
}
