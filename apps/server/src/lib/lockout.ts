import { and, eq, like, or } from 'drizzle-orm';
import { authFailures } from '../db/schema/index';
import type { ServiceContext } from './context';
import { LOCKOUT_POLICIES, type LockoutScope } from './lockout-policy';
import {
  clearFailures,
  countFailure,
  type FailureRecord,
  type LockoutState,
  msUntil,
  readLockouts,
} from './lockout-store';

/*
 * Sign-in attempts under the lockout: its rule and policy table are in lockout-policy.ts, its records in
 * lockout-store.ts (both re-exported here for the callers).
 */
export { emailLockoutKey, LOCKOUT_POLICIES, type LockoutScope, lockMinutes } from './lockout-policy';
export { clearFailures, purgeForgottenFailures } from './lockout-store';

/** What the lockout needs of a service context: its database and clock (a test arranges them without an app). */
export type LockoutContext = Pick<ServiceContext, 'db' | 'clock'>;

export interface Failure {
  /** Failures left before the key locks; 0 once it is locked. */
  attemptsLeft: number;
  /** Milliseconds the key is now locked, 0 when it is not. */
  lockedForMs: number;
}

export type Attempt =
  | {
      locked: true;
      lockedForMs: number;
      challengeRequired?: boolean;
      /** The account a proof-of-work challenge is asked for (bound into it), with challengeRequired. */
      challengeSubject?: string;
    }
  | { locked: false; failed(): Promise<Failure>; succeeded(): Promise<void> };

/**
 * Starts a sign-in attempt at (scope, key). A locked attempt is refused without checking the secret; an
 * open one ends with `failed()` or `succeeded()`.
 */
export async function beginAttempt(ctx: LockoutContext, scope: LockoutScope, key: string): Promise<Attempt> {
  const begun = ctx.clock.now();
  const [state] = await readLockouts(ctx.db, begun, [[scope, key]]);
  return attemptFrom(ctx, begun, scope, key, state!);
}

/** The attempt at (scope, key) whose lockout `state` was read at `begun`. */
async function attemptFrom(
  ctx: LockoutContext,
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
    const counted = await countFailure(ctx.db, begun, scope, key);
    // Attempts beyond the threshold raced the one that locked the key: they get no check.
    if (counted.failures > policy.threshold)
      return { locked: true, lockedForMs: msUntil(counted.lockedUntil, begun) };
    return {
      locked: false,
      failed: async () => failureOf(counted, begun),
      succeeded: () => clearFailures(ctx, scope, key),
    };
  }
  return {
    locked: false,
    failed: async () => {
      const now = ctx.clock.now();
      return failureOf(await countFailure(ctx.db, now, scope, key), now);
    },
    succeeded: async () => {
      if (state.hasFailures) await clearFailures(ctx, scope, key);
    },
  };
}

/**
 * Counts one request of `key` at `scope` (a per-address counter, decision 0039) and answers how many came
 * in a row, without a quiet spell of the scope's `forgetAfterMs`.
 */
export async function countRequest(ctx: LockoutContext, scope: LockoutScope, key: string) {
  return (await countFailure(ctx.db, ctx.clock.now(), scope, key)).failures;
}

/**
 * Who is signing in, for the password lockout (docs/decisions/0028-device-cookie-lockout.md): a device that
 * signed in to this account before (`trusted`, keyed by its device id) or else the client's IP address.
 * `proveWork` spends the solved proof-of-work challenge the client sent, if any (decision 0039).
 */
export interface SignInClient {
  key: string;
  trusted: boolean;
  /** `subject` is the account the attempt is for: a challenge solved for another does not count. */
  proveWork?: (subject: string) => Promise<boolean>;
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
  ctx: LockoutContext,
  kind: PasswordAccount,
  accountKey: string,
  client: SignInClient,
): Promise<Attempt> {
  const scopes = PASSWORD_SCOPES[kind];
  const pairAt = [scopes.pair, pairKey(accountKey, client)] as const;
  const accountAt = [scopes.account, accountKey] as const;
  const begun = ctx.clock.now();
  // Both counters in one round trip: sign-in's reads compete with password hashing for the CPU.
  const [pairState, accountState] = await readLockouts(
    ctx.db,
    begun,
    client.trusted ? [pairAt] : [pairAt, accountAt],
  );
  const pair = await attemptFrom(ctx, begun, pairAt[0], pairAt[1], pairState!);
  if (pair.locked) return pair;
  // Past the account's counter, a solved challenge opens this one attempt, whose failure still counts.
  const challenged = Boolean(accountState && accountState.lockedForMs > 0);
  const subject = `${kind}:${accountKey}`;
  if (challenged && !(await client.proveWork?.(subject)))
    return {
      locked: true,
      lockedForMs: accountState!.lockedForMs,
      challengeRequired: true,
      challengeSubject: subject,
    };
  const account = accountState
    ? await attemptFrom(ctx, begun, accountAt[0], accountAt[1], { ...accountState, lockedForMs: 0 })
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
  ctx: LockoutContext,
  kind: PasswordAccount,
  accountKey: string,
): Promise<void> {
  const scopes = PASSWORD_SCOPES[kind];
  const escaped = accountKey.replace(/[\\%_]/g, (c) => `\\${c}`);
  await ctx.db
    .delete(authFailures)
    .where(
      or(
        and(eq(authFailures.scope, scopes.account), eq(authFailures.key, accountKey)),
        and(eq(authFailures.scope, scopes.pair), like(authFailures.key, `${escaped}|%`)),
      ),
    );
}
