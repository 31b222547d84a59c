import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authFailures } from '../db/schema/index';
import type { ServiceContext } from './context';
import { LOCKOUT_POLICIES, type LockoutPolicy, type LockoutScope } from './lockout-policy';

/*
 * The lockout's records in `auth_failures`: read, counted in one atomic upsert, cleared and purged, each by
 * the policy of its scope (lockout-policy.ts). The attempts that use them: lockout.ts.
 */

export interface LockoutState {
  /** Milliseconds the key stays locked, 0 when it is not. */
  lockedForMs: number;
  /** Whether the key has a failure record (a success then clears it). */
  hasFailures: boolean;
}

export type FailureRecord = { failures: number; lockedUntil: Date | null };

const lockoutColumns = { failures: authFailures.failures, lockedUntil: authFailures.lockedUntil };
export const msUntil = (until: Date | null, now: Date) =>
  Math.max((until?.getTime() ?? 0) - now.getTime(), 0);

/** The state of a record (none: no failures). */
function lockoutStateOf(record: FailureRecord | null | undefined, now: Date): LockoutState {
  return { lockedForMs: msUntil(record?.lockedUntil ?? null, now), hasFailures: Boolean(record) };
}

/**
 * The states of several (scope, key) pairs, read in one round trip, in the order asked. Takes the database: the
 * store's reads and counts are lockout.ts's, whose attempts hold the context.
 */
export async function readLockouts(
  db: Database,
  now: Date,
  pairs: readonly (readonly [LockoutScope, string])[],
): Promise<LockoutState[]> {
  const records = await db
    .select({ scope: authFailures.scope, key: authFailures.key, ...lockoutColumns })
    .from(authFailures)
    .where(or(...pairs.map(([scope, key]) => and(eq(authFailures.scope, scope), eq(authFailures.key, key)))));
  return pairs.map(([scope, key]) =>
    lockoutStateOf(
      records.find((r) => r.scope === scope && r.key === key),
      now,
    ),
  );
}

/** Growth stops where the cap is reached, so the count of a long attack cannot overflow the arithmetic. */
const growthSteps = (policy: LockoutPolicy) =>
  policy.growth > 1
    ? Math.ceil(Math.log(policy.maxLockMs / policy.firstLockMs) / Math.log(policy.growth))
    : 0;

/** Counts one failure in a single atomic upsert: the new count, and the lock it starts or that runs. */
export async function countFailure(
  db: Database,
  now: Date,
  scope: LockoutScope,
  key: string,
): Promise<FailureRecord> {
  const policy = LOCKOUT_POLICIES[scope];
  const at = sql`${now.toISOString()}::timestamptz`;
  const forgetBefore = new Date(now.getTime() - policy.forgetAfterMs).toISOString();
  const forgotten = sql`${authFailures.lastFailureAt} < ${forgetBefore}::timestamptz`;
  const fresh = policy.restartAfterLock
    ? sql`(${forgotten} or ${authFailures.lockedUntil} <= ${at})`
    : forgotten;
  const failures = sql`(case when ${fresh} then 1 else ${authFailures.failures} + 1 end)`;
  const lockMs = sql`least(${policy.firstLockMs}::float8 * power(${policy.growth}::float8,
    least(${failures} - ${policy.threshold}, ${growthSteps(policy)})), ${policy.maxLockMs}::float8)`;
  const [record] = await db
    .insert(authFailures)
    .values({ scope, key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [authFailures.scope, authFailures.key],
      set: {
        failures,
        // A running lock stands: a failure counted during one lost a race to the failure that locked.
        lockedUntil: sql`case when ${authFailures.lockedUntil} > ${at} then ${authFailures.lockedUntil}
          when ${failures} >= ${policy.threshold} then ${at} + ${lockMs} * interval '1 millisecond'
          else null end`,
        lastFailureAt: now,
      },
    })
    .returning(lockoutColumns);
  return record!;
}
/** Forgets every failure of (scope, key) and ends its lock. */
export async function clearFailures(
  ctx: Pick<ServiceContext, 'db'>,
  scope: LockoutScope,
  key: string,
): Promise<void> {
  await ctx.db.delete(authFailures).where(and(eq(authFailures.scope, scope), eq(authFailures.key, key)));
}

/** Deletes records that lock nothing and whose failures are forgotten (scheduled). */
export async function purgeForgottenFailures(ctx: Pick<ServiceContext, 'db' | 'clock'>): Promise<void> {
  const now = ctx.clock.now();
  const policies = Object.entries(LOCKOUT_POLICIES) as [LockoutScope, LockoutPolicy][];
  await ctx.db
    .delete(authFailures)
    .where(
      and(
        or(isNull(authFailures.lockedUntil), lte(authFailures.lockedUntil, now)),
        or(
          ...policies.map(([scope, policy]) =>
            and(
              eq(authFailures.scope, scope),
              lt(authFailures.lastFailureAt, new Date(now.getTime() - policy.forgetAfterMs)),
            ),
          ),
        ),
      ),
    );
}
