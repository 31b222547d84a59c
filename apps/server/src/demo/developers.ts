import { developers } from '../db/schema/index';
import type { ServiceContext } from '../lib/context';
import { findUserByEmail } from '../modules/accounts';

/** Demo: dan@demo.local (a Caliber player) is a verified developer. Idempotent. */
export async function seedDevelopersDemo(ctx: ServiceContext): Promise<Record<string, number> | null> {
  const dan = await findUserByEmail(ctx, 'dan@demo.local');
  if (!dan) return null;
  const now = ctx.clock.now();
  const made = await ctx.db
    .insert(developers)
    .values({ userId: dan.id, markedBy: 'demo', markedAt: now, verifiedAt: now })
    .onConflictDoNothing()
    .returning({ id: developers.userId });
  return made.length > 0 ? { developers: made.length } : null;
}
