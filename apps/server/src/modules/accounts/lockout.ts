import { eq, sql } from 'drizzle-orm';
import { preparedOnce } from '../../db/prepared';
import { loginFailures, users } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import type { UserRow } from './users';

/**
 * Per-account sign-in lockout, keyed by the lower-cased email whether or not an account has it (so a
 * lockout reveals nothing). From the 5th failure in a row the address is locked for 1 minute, then 2, 4 ...
 * up to 1 hour. A success clears the counter; failures older than a day are forgotten.
 */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_BASE_MS = 60_000;
export const LOCKOUT_MAX_MS = 60 * 60_000;
const FORGET_AFTER_MS = 24 * 60 * 60_000;

const keyOf = (email: string) => email.trim().toLowerCase().slice(0, 254);

export function lockoutMs(failures: number): number {
  if (failures < LOCKOUT_THRESHOLD) return 0;
  return Math.min(LOCKOUT_BASE_MS * 2 ** (failures - LOCKOUT_THRESHOLD), LOCKOUT_MAX_MS);
}

export interface Lockout {
  /** Milliseconds the address stays locked (0 when not). */
  ms: number;
  /** Whether the address has a failure record at all (a success then clears it). */
  hasFailures: boolean;
}

function lockoutOf(record: { lockedUntil: Date | null } | null, now: Date): Lockout {
  const left = (record?.lockedUntil?.getTime() ?? 0) - now.getTime();
  return { ms: Math.max(left, 0), hasFailures: record !== null };
}

export async function lockoutState(ctx: ServiceContext, email: string): Promise<Lockout> {
  const [row] = await ctx.db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(eq(loginFailures.emailKey, keyOf(email)))
    .limit(1);
  return lockoutOf(row ?? null, ctx.clock.now());
}

const accountWithLockoutQuery = preparedOnce((db) =>
  db
    .select({ user: users, lockedUntil: loginFailures.lockedUntil, failureKey: loginFailures.emailKey })
    .from(sql`(select 1) as one`)
    .leftJoin(users, eq(sql`lower(${users.email})`, sql.placeholder('email')))
    .leftJoin(loginFailures, eq(loginFailures.emailKey, sql.placeholder('emailKey')))
    .limit(1)
    .prepare('account_with_lockout'),
);

/**
 * The account for `email` (null when there is none) and the address's lockout, in one round trip: the
 * first read of every sign-in, which competes with password hashing for the CPU.
 */
export async function accountWithLockout(
  ctx: ServiceContext,
  email: string,
): Promise<{ user: UserRow | null; lockout: Lockout }> {
  const [row] = await accountWithLockoutQuery(ctx.db).execute({
    email: email.trim().toLowerCase(),
    emailKey: keyOf(email),
  });
  const record = row?.failureKey ? { lockedUntil: row.lockedUntil } : null;
  return { user: row?.user ?? null, lockout: lockoutOf(record, ctx.clock.now()) };
}

/** Records a failed sign-in; returns the lockout it starts (0 when none). */
export async function recordFailure(ctx: ServiceContext, email: string): Promise<number> {
  const now = ctx.clock.now();
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS);
  const [row] = await ctx.db
    .insert(loginFailures)
    .values({ emailKey: keyOf(email), failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: loginFailures.emailKey,
      set: {
        failures: sql`case when ${loginFailures.lastFailureAt} < ${forgetBefore.toISOString()}::timestamptz then 1 else ${loginFailures.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: loginFailures.failures });
  const ms = lockoutMs(row?.failures ?? 1);
  if (ms > 0) {
    await ctx.db
      .update(loginFailures)
      .set({ lockedUntil: new Date(now.getTime() + ms) })
      .where(eq(loginFailures.emailKey, keyOf(email)));
  }
  return ms;
}

export async function clearFailures(ctx: ServiceContext, email: string): Promise<void> {
  await ctx.db.delete(loginFailures).where(eq(loginFailures.emailKey, keyOf(email)));
}

/** Milliseconds the address stays locked, or 0 (used by the launcher login too). */
export async function lockedForMs(ctx: ServiceContext, email: string): Promise<number> {
  return (await lockoutState(ctx, email)).ms;
}
