import { PIN_LOCK_MINUTES, PIN_LOCK_THRESHOLD } from '@portal/contract';
import { and, eq, isNull, like, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authFailures } from '../db/schema/index';
import type { Clock } from './clock';

/**
 * Sign-in lockout, one rule for every secret (docs/decisions/0017-accounts-tokens-and-lockout.md). Failures are
 * counted per (scope, key) in `auth_failures`; from its scope's threshold on, a key is locked, longer with
 * each further failure up to a cap. The key is opaque and composed by the caller (a lower-cased email, a
 * user id, a hash of an unknown identifier), so a key is locked whether or not its account exists, and a
 * finer key (an account on one client device) is only a longer string.
 */
export type LockoutScope = (typeof authFailures.$inferSelect)['scope'];

interface LockoutPolicy {
  /** Failures in a row that lock the key; above 1, so a first failure never locks. */
  threshold: number;
  firstLockMs: number;
  /** Each failure past the threshold multiplies the lock by this, up to `maxLockMs`. */
  growth: number;
  maxLockMs: number;
  /** A failure this long after the previous one starts the count afresh. */
  forgetAfterMs: number;
  /** A lock that has run out starts the count afresh; otherwise the next failure locks for longer. */
  restartAfterLock: boolean;
  /**
   * Every attempt is counted before the secret is checked (a success then clears the count), so parallel
   * attempts cannot get more than `threshold` checks; otherwise failures are counted after the check.
   */
  countBeforeCheck: boolean;
}

const MINUTE = 60_000;

/** Passwords: 5 failures lock 1 minute, then 2, 4 ... up to an hour; failures older than a day are forgotten. */
const PASSWORD_POLICY: LockoutPolicy = {
  threshold: 5,
  firstLockMs: MINUTE,
  growth: 2,
  maxLockMs: 60 * MINUTE,
  forgetAfterMs: 24 * 60 * MINUTE,
  restartAfterLock: false,
  countBeforeCheck: false,
};

/**
 * An account's count of failures from untrusted clients (any address, any cookie-less device): from 20 on,
 * every untrusted client must solve a proof-of-work challenge per attempt (docs/decisions/0039) for 15
 * minutes, then 30, up to an hour; a quiet hour forgets them. Nobody is locked out by it.
 */
const ACCOUNT_POLICY: LockoutPolicy = {
  threshold: 20,
  firstLockMs: 15 * MINUTE,
  growth: 2,
  maxLockMs: 60 * MINUTE,
  forgetAfterMs: 60 * MINUTE,
  restartAfterLock: false,
  countBeforeCheck: false,
};

/**
 * Requests (not failures) from one address, counted only: it never locks (the gate of decision 0039
 * compares the count with CHALLENGE_AFTER_REQUESTS); a quiet hour forgets them.
 */
const REQUESTS_PER_ADDRESS_POLICY: LockoutPolicy = {
  // The largest count the integer column holds: never reached.
  threshold: 2 ** 31 - 1,
  firstLockMs: 0,
  growth: 1,
  maxLockMs: 0,
  forgetAfterMs: 60 * MINUTE,
  restartAfterLock: false,
  countBeforeCheck: true,
};

export const LOCKOUT_POLICIES: Record<LockoutScope, LockoutPolicy> = {
  'player-password': PASSWORD_POLICY,
  'admin-password': PASSWORD_POLICY,
  'player-account': ACCOUNT_POLICY,
  'admin-account': ACCOUNT_POLICY,
  // The launcher PIN has 10,000 values: 5 wrong PINs lock it 15 minutes, then 5 more tries.
  pin: {
    threshold: PIN_LOCK_THRESHOLD,
    firstLockMs: PIN_LOCK_MINUTES * MINUTE,
    growth: 1,
    maxLockMs: PIN_LOCK_MINUTES * MINUTE,
    forgetAfterMs: PIN_LOCK_MINUTES * MINUTE,
    restartAfterLock: true,
    countBeforeCheck: true,
  },
  // Registrations; forgot-password and resend emails: requests per address (decision 0039).
  'register-ip': REQUESTS_PER_ADDRESS_POLICY,
  'email-ip': REQUESTS_PER_ADDRESS_POLICY,
  // Second-step codes (TOTP: 10^6 values, three valid at a time), after a right password: like the PIN, 5
  // wrong codes lock 15 minutes (at most 480 guesses a day), counted before the check so parallel guesses
  // cannot pass the threshold.
  mfa: {
    threshold: 5,
    firstLockMs: 15 * MINUTE,
    growth: 1,
    maxLockMs: 15 * MINUTE,
    forgetAfterMs: 15 * MINUTE,
    restartAfterLock: true,
    countBeforeCheck: true,
  },
};

/** The key of an email address: trimmed and lower-cased (so case does not split the count), at most 254 characters. */
export const emailLockoutKey = (email: string) => email.trim().toLowerCase().slice(0, 254);

/** Whole minutes a lock has left, for messages (at least 1). */
export const lockMinutes = (lockedForMs: number) => Math.max(1, Math.ceil(lockedForMs / MINUTE));

interface LockoutState {
  /** Milliseconds the key stays locked, 0 when it is not. */
  lockedForMs: number;
  /** Whether the key has a failure record (a success then clears it). */
  hasFailures: boolean;
}

type FailureRecord = { failures: number; lockedUntil: Date | null };

const lockoutColumns = { failures: authFailures.failures, lockedUntil: authFailures.lockedUntil };

const msUntil = (until: Date | null, now: Date) => Math.max((until?.getTime() ?? 0) - now.getTime(), 0);

/** The state of a record (none: no failures). */
function lockoutStateOf(record: FailureRecord | null | undefined, now: Date): LockoutState {
  return { lockedForMs: msUntil(record?.lockedUntil ?? null, now), hasFailures: Boolean(record) };
}

/** The states of several (scope, key) pairs, read in one round trip, in the order asked. */
async function readLockouts(
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
async function countFailure(
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

interface Failure {
  /** Failures left before the key locks; 0 once it is locked. */
  attemptsLeft: number;
  /** Milliseconds the key is now locked, 0 when it is not. */
  lockedForMs: number;
}

type Attempt =
  | { locked: true; lockedForMs: number; challengeRequired?: boolean }
  | { locked: false; failed(): Promise<Failure>; succeeded(): Promise<void> };

/**
 * Starts a sign-in attempt at (scope, key). A locked attempt is refused without checking the secret; an
 * open one ends with `failed()` or `succeeded()`.
 */
export async function beginAttempt(
  db: Database,
  clock: Clock,
  scope: LockoutScope,
  key: string,
): Promise<Attempt> {
  const begun = clock.now();
  const [state] = await readLockouts(db, begun, [[scope, key]]);
  return attemptFrom(db, clock, begun, scope, key, state!);
}

/** The attempt at (scope, key) whose lockout `state` was read at `begun`. */
async function attemptFrom(
  db: Database,
  clock: Clock,
  begun: Date,
  scope: LockoutScope,
  key: string,
  state: LockoutState,
): Promise<Attempt> {
  const policy = LOCKOUT_POLICIES[scope];
  if (state.lockedForMs > 0) return { locked: true, lockedForMs: state.lockedForMs };
  const failureOf = (record: FailureRecord, now: Date): Failure => ({
    attemptsLeft: Math.max(policy.threshold - record.failures, 0),
    lockedForMs: msUntil(record.lockedUntil, now),
  });
  if (policy.countBeforeCheck) {
    const counted = await countFailure(db, begun, scope, key);
    // Attempts beyond the threshold raced the one that locked the key: they get no check.
    if (counted.failures > policy.threshold)
      return { locked: true, lockedForMs: msUntil(counted.lockedUntil, begun) };
    return {
      locked: false,
      failed: async () => failureOf(counted, begun),
      succeeded: () => clearFailures(db, scope, key),
    };
  }
  return {
    locked: false,
    failed: async () => {
      const now = clock.now();
      return failureOf(await countFailure(db, now, scope, key), now);
    },
    succeeded: async () => {
      if (state.hasFailures) await clearFailures(db, scope, key);
    },
  };
}

/**
 * Counts one request of `key` at `scope` (a per-address counter, decision 0039) and answers how many came
 * in a row, without a quiet spell of the scope's `forgetAfterMs`.
 */
export async function countRequest(db: Database, clock: Clock, scope: LockoutScope, key: string) {
  return (await countFailure(db, clock.now(), scope, key)).failures;
}

/**
 * Who is signing in, for the password lockout (docs/decisions/0028-device-cookie-lockout.md): a device that
 * signed in to this account before (`trusted`, keyed by its device id) or else the client's IP address.
 * `proveWork` spends the solved proof-of-work challenge the client sent, if any (decision 0039).
 */
export interface SignInClient {
  key: string;
  trusted: boolean;
  proveWork?: () => Promise<boolean>;
}

type PasswordAccount = 'player' | 'admin';
const PASSWORD_SCOPES = {
  player: { pair: 'player-password', account: 'player-account' },
  admin: { pair: 'admin-password', account: 'admin-account' },
} as const satisfies Record<PasswordAccount, { pair: LockoutScope; account: LockoutScope }>;

/** The key of one client's failures on one account: the account's key, then the client's. */
const pairKey = (accountKey: string, client: SignInClient) => `${accountKey}|${client.key}`;

/**
 * Starts a password sign-in on `accountKey` (an email key, so unknown accounts lock alike) from `client`,
 * with two counters: the (account, client) pair locks after 5 failures, growing; past the account's
 * counter of failures from untrusted clients, an untrusted client must prove work on each attempt (refused
 * with `challengeRequired` until it does). A trusted client is neither asked by nor counted in the
 * account's counter, so no one else's failures slow it down.
 */
export async function beginPasswordAttempt(
  db: Database,
  clock: Clock,
  kind: PasswordAccount,
  accountKey: string,
  client: SignInClient,
): Promise<Attempt> {
  const scopes = PASSWORD_SCOPES[kind];
  const pairAt = [scopes.pair, pairKey(accountKey, client)] as const;
  const accountAt = [scopes.account, accountKey] as const;
  const begun = clock.now();
  // Both counters in one round trip: sign-in's reads compete with password hashing for the CPU.
  const [pairState, accountState] = await readLockouts(
    db,
    begun,
    client.trusted ? [pairAt] : [pairAt, accountAt],
  );
  const pair = await attemptFrom(db, clock, begun, pairAt[0], pairAt[1], pairState!);
  if (pair.locked) return pair;
  // Past the account's counter, a solved challenge opens this one attempt, whose failure still counts.
  const challenged = Boolean(accountState && accountState.lockedForMs > 0);
  if (challenged && !(await client.proveWork?.()))
    return { locked: true, lockedForMs: accountState!.lockedForMs, challengeRequired: true };
  const account = accountState
    ? await attemptFrom(db, clock, begun, accountAt[0], accountAt[1], { ...accountState, lockedForMs: 0 })
    : null;
  if (account?.locked) return account;
  return {
    locked: false,
    failed: async () => {
      const [pairFailure, accountFailure] = [await pair.failed(), await account?.failed()];
      return {
        attemptsLeft: Math.min(pairFailure.attemptsLeft, accountFailure?.attemptsLeft ?? Infinity),
        lockedForMs: Math.max(pairFailure.lockedForMs, accountFailure?.lockedForMs ?? 0),
      };
    },
    // The account's counter stays: a success proves this client, not that the attack has stopped.
    succeeded: () => pair.succeeded(),
  };
}

/** Forgets every password failure on an account, from every client (its owner proved the address). */
export async function clearPasswordFailures(
  db: Database,
  kind: PasswordAccount,
  accountKey: string,
): Promise<void> {
  const scopes = PASSWORD_SCOPES[kind];
  const escaped = accountKey.replace(/[\\%_]/g, (c) => `\\${c}`);
  await db
    .delete(authFailures)
    .where(
      or(
        and(eq(authFailures.scope, scopes.account), eq(authFailures.key, accountKey)),
        and(eq(authFailures.scope, scopes.pair), like(authFailures.key, `${escaped}|%`)),
      ),
    );
}

/** Forgets every failure of (scope, key) and ends its lock. */
export async function clearFailures(db: Database, scope: LockoutScope, key: string): Promise<void> {
  await db.delete(authFailures).where(and(eq(authFailures.scope, scope), eq(authFailures.key, key)));
}

/** Deletes records that lock nothing and whose failures are forgotten (scheduled). */
export async function purgeForgottenFailures(db: Database, clock: Clock): Promise<void> {
  const now = clock.now();
  const policies = Object.entries(LOCKOUT_POLICIES) as [LockoutScope, LockoutPolicy][];
  await db
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
