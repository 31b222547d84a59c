import { PIN_LOCK_MINUTES, PIN_LOCK_THRESHOLD } from '@portal/contract';
import type { authFailures } from '../db/schema/index';

/**
 * Sign-in lockout, one rule for every secret (docs/decisions/0017-accounts-tokens-and-lockout.md). Failures are
 * counted per (scope, key) in `auth_failures`; from its scope's threshold on, a key is locked, longer with
 * each further failure up to a cap. The key is opaque and composed by the caller (a lower-cased email, a
 * user id, a hash of an unknown identifier), so a key is locked whether or not its account exists, and a
 * finer key (an account on one client device) is only a longer string.
 */
export type LockoutScope = (typeof authFailures.$inferSelect)['scope'];

export interface LockoutPolicy {
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
