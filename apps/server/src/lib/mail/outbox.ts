import { desc, sql } from 'drizzle-orm';
import { emailOutbox } from '../../db/schema/index';
import type { ServiceContext, TxContext } from '../context';

/*
 * The outbox (`email_outbox`, lib's table) as modules read and clear it; the mailer (mailer.ts) writes it.
 */

/** The newest `limit` messages of the outbox, newest first (the development mailbox). */
export function latestOutboxMessages(ctx: ServiceContext, limit: number) {
  return ctx.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}

/** Deletes every message to `address` (any case): erasing a player, whose address and name they carry. */
export async function forgetMailTo(tx: TxContext, address: string): Promise<void> {
  await tx.db.delete(emailOutbox).where(sql`lower(${emailOutbox.to}) = lower(${address})`);
}
