import { count } from 'drizzle-orm';
import { emailBlastRecipients } from '../db/schema/index';
import type { ServiceContext } from '../lib/context';

/** Demo: two test recipients for the Send Test Email page, only when the list is empty. */
export async function seedEmailBlastDemo(ctx: ServiceContext): Promise<Record<string, number> | null> {
  const [existing] = await ctx.db.select({ n: count() }).from(emailBlastRecipients);
  if ((existing?.n ?? 0) > 0) return null;
  await ctx.db
    .insert(emailBlastRecipients)
    .values([
      { name: 'QA Inbox', email: 'qa@demo.local' },
      { name: 'Demo Admin', email: 'admin@demo.local' },
    ])
    .onConflictDoNothing();
  return { recipients: 2 };
}
