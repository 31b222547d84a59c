import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database';
import type { Database, DatabaseHandle } from '../db/client';
import { authFailures } from '../db/schema/index';
import { fixedClock } from './clock';
import {
  beginAttempt,
  beginPasswordAttempt,
  clearFailures,
  clearPasswordFailures,
  LOCKOUT_POLICIES,
  type LockoutScope,
  purgeForgottenFailures,
  type SignInClient,
} from './lockout';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let database: DatabaseHandle;
let db: Database;
const clock = fixedClock(new Date('2026-06-01T12:00:00Z'));
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const newKey = () => `test:${randomUUID()}`;

/** One attempt whose secret is wrong: the refusal when locked, else what the failure answered. */
async function wrongAttempt(scope: LockoutScope, key: string) {
  const attempt = await beginAttempt({ db, clock }, scope, key);
  if (attempt.locked) return { refused: true, lockedForMs: attempt.lockedForMs };
  return { refused: false, ...(await attempt.failed()) };
}

async function rightAttempt(scope: LockoutScope, key: string) {
  const attempt = await beginAttempt({ db, clock }, scope, key);
  if (attempt.locked) return { refused: true, lockedForMs: attempt.lockedForMs };
  await attempt.succeeded();
  return { refused: false };
}

async function recordOf(scope: LockoutScope, key: string) {
  const [row] = await db
    .select()
    .from(authFailures)
    .where(and(eq(authFailures.scope, scope), eq(authFailures.key, key)));
  return row;
}

describe.each(['player-password', 'admin-password'] as const)('the %s lockout', (scope) => {
  it('locks from the 5th failure for 1 minute, doubling with each further failure up to an hour', async () => {
    const key = newKey();
    for (const attemptsLeft of [4, 3, 2, 1])
      expect(await wrongAttempt(scope, key)).toEqual({ refused: false, attemptsLeft, lockedForMs: 0 });
    const locks: number[] = [];
    for (let failure = 5; failure <= 13; failure += 1) {
      const { lockedForMs } = await wrongAttempt(scope, key);
      locks.push(lockedForMs);
      expect(await wrongAttempt(scope, key)).toEqual({ refused: true, lockedForMs });
      clock.advance(lockedForMs);
    }
    expect(locks).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60].map((minutes) => minutes * MINUTE));
  });

  it('counts failures after the check: a refused or successful attempt counts nothing', async () => {
    const key = newKey();
    const attempt = await beginAttempt({ db, clock }, scope, key);
    expect(attempt.locked).toBe(false);
    expect(await recordOf(scope, key)).toBeUndefined();
    for (let i = 0; i < 5; i += 1) await wrongAttempt(scope, key);
    await wrongAttempt(scope, key);
    expect((await recordOf(scope, key))?.failures).toBe(5);
  });

  it('forgets failures a day after the last one, and a success clears them', async () => {
    const key = newKey();
    for (let i = 0; i < 4; i += 1) await wrongAttempt(scope, key);
    clock.advance(24 * HOUR);
    expect((await wrongAttempt(scope, key)).lockedForMs).toBe(MINUTE);
    clock.advance(24 * HOUR + 1);
    expect(await wrongAttempt(scope, key)).toMatchObject({ attemptsLeft: 4, lockedForMs: 0 });
    for (let i = 0; i < 3; i += 1) await wrongAttempt(scope, key);
    expect(await rightAttempt(scope, key)).toEqual({ refused: false });
    expect(await recordOf(scope, key)).toBeUndefined();
    expect(await wrongAttempt(scope, key)).toMatchObject({ attemptsLeft: 4 });
  });

  it('caps the lock however long an attack has run', async () => {
    const key = newKey();
    await db.insert(authFailures).values({ scope, key, failures: 2_000_000_000, lastFailureAt: clock.now() });
    expect(await wrongAttempt(scope, key)).toEqual({ refused: false, attemptsLeft: 0, lockedForMs: HOUR });
  });
});

describe('the pin lockout', () => {
  it('locks for 15 minutes at the 5th wrong PIN, then allows 5 more tries', async () => {
    const key = newKey();
    for (const attemptsLeft of [4, 3, 2, 1])
      expect(await wrongAttempt('pin', key)).toEqual({ refused: false, attemptsLeft, lockedForMs: 0 });
    expect(await wrongAttempt('pin', key)).toEqual({
      refused: false,
      attemptsLeft: 0,
      lockedForMs: 15 * MINUTE,
    });
    expect(await rightAttempt('pin', key)).toEqual({ refused: true, lockedForMs: 15 * MINUTE });
    clock.advance(10 * MINUTE);
    expect(await rightAttempt('pin', key)).toEqual({ refused: true, lockedForMs: 5 * MINUTE });
    clock.advance(5 * MINUTE);
    expect(await wrongAttempt('pin', key)).toEqual({ refused: false, attemptsLeft: 4, lockedForMs: 0 });
  });

  it('counts every attempt before the check, and a success clears the count', async () => {
    const key = newKey();
    const attempt = await beginAttempt({ db, clock }, 'pin', key);
    expect((await recordOf('pin', key))?.failures).toBe(1);
    if (attempt.locked) throw new Error('a first attempt is never locked');
    await attempt.succeeded();
    expect(await recordOf('pin', key)).toBeUndefined();
  });

  it('forgets wrong PINs 15 minutes after the last one', async () => {
    const key = newKey();
    for (let i = 0; i < 4; i += 1) await wrongAttempt('pin', key);
    clock.advance(15 * MINUTE);
    expect(await wrongAttempt('pin', key)).toMatchObject({ lockedForMs: 15 * MINUTE });
    const other = newKey();
    for (let i = 0; i < 4; i += 1) await wrongAttempt('pin', other);
    clock.advance(15 * MINUTE + 1);
    expect(await wrongAttempt('pin', other)).toMatchObject({ attemptsLeft: 4, lockedForMs: 0 });
  });

  it('lets no more than 5 of 30 parallel attempts reach the check', async () => {
    const key = newKey();
    const attempts = await Promise.all(
      Array.from({ length: 30 }, () => beginAttempt({ db, clock }, 'pin', key)),
    );
    const checked = attempts.filter((attempt) => !attempt.locked);
    expect(checked).toHaveLength(LOCKOUT_POLICIES.pin.threshold);
    const failures = await Promise.all(checked.map((attempt) => attempt.failed()));
    expect(failures.map((f) => f.attemptsLeft).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(attempts.filter((attempt) => attempt.locked).every((a) => a.lockedForMs === 15 * MINUTE)).toBe(
      true,
    );
    expect(await rightAttempt('pin', key)).toEqual({ refused: true, lockedForMs: 15 * MINUTE });
  });
});

describe('scopes and keys', () => {
  it('counts each (scope, key) on its own', async () => {
    const key = newKey();
    for (let i = 0; i < 5; i += 1) await wrongAttempt('player-password', key);
    expect((await rightAttempt('player-password', key)).refused).toBe(true);
    expect((await rightAttempt('admin-password', key)).refused).toBe(false);
    expect((await rightAttempt('player-password', newKey())).refused).toBe(false);
    await clearFailures({ db }, 'player-password', key);
    expect((await rightAttempt('player-password', key)).refused).toBe(false);
  });

  it('purges records whose failures are forgotten', async () => {
    const forgotten = newKey();
    const recent = newKey();
    const pin = newKey();
    await wrongAttempt('player-password', forgotten);
    clock.advance(24 * HOUR - MINUTE);
    await wrongAttempt('player-password', recent);
    clock.advance(MINUTE + 1);
    await wrongAttempt('pin', pin);
    await purgeForgottenFailures({ db, clock });
    expect(await recordOf('player-password', forgotten)).toBeUndefined();
    expect(await recordOf('player-password', recent)).toBeDefined();
    expect(await recordOf('pin', pin)).toBeDefined();
    clock.advance(15 * MINUTE + 1);
    await purgeForgottenFailures({ db, clock });
    expect(await recordOf('pin', pin)).toBeUndefined();
    expect(await recordOf('player-password', recent)).toBeDefined();
  });
});

describe.each(['player', 'admin'] as const)('%s password attempts per account and client', (kind) => {
  const ip = (n: number): SignInClient => ({ key: `ip:192.0.2.${n}`, trusted: false });
  const device: SignInClient = { key: `device:${randomUUID()}`, trusted: true };

  async function passwordAttempt(account: string, client: SignInClient, right: boolean) {
    const attempt = await beginPasswordAttempt({ db, clock }, kind, account, client);
    if (attempt.locked)
      return {
        refused: true,
        lockedForMs: attempt.lockedForMs,
        ...(attempt.challengeRequired ? { challengeRequired: true } : {}),
      };
    if (right) {
      await attempt.succeeded();
      return { refused: false };
    }
    return { refused: false, ...(await attempt.failed()) };
  }

  it('locks a pair after 5 failures; other clients of the account stay open', async () => {
    const account = newKey();
    for (const attemptsLeft of [4, 3, 2, 1, 0])
      expect(await passwordAttempt(account, ip(1), false)).toMatchObject({ refused: false, attemptsLeft });
    expect(await passwordAttempt(account, ip(1), true)).toEqual({ refused: true, lockedForMs: MINUTE });
    expect(await passwordAttempt(account, ip(2), true)).toEqual({ refused: false });
    expect(await passwordAttempt(account, device, true)).toEqual({ refused: false });
  });

  it('asks untrusted clients for a proof of work after 20 failures from any, never a trusted one', async () => {
    const account = newKey();
    const proofs: boolean[] = [];
    /** An untrusted client whose request carries a proof of work that is (or is not) good. */
    const proving = (n: number, good: boolean): SignInClient => ({
      ...ip(n),
      proveWork: async () => {
        proofs.push(good);
        return good;
      },
    });
    for (let n = 1; n <= 19; n += 1) await passwordAttempt(account, proving(n, true), false);
    // Below the threshold nobody is asked: no proof was spent.
    expect(proofs).toEqual([]);
    expect(await passwordAttempt(account, ip(20), false)).toEqual({
      refused: false,
      attemptsLeft: 0,
      lockedForMs: 15 * MINUTE,
    });
    const asked = { refused: true, lockedForMs: 15 * MINUTE, challengeRequired: true };
    expect(await passwordAttempt(account, ip(99), true)).toEqual(asked);
    expect(await passwordAttempt(account, proving(99, false), true)).toEqual(asked);
    // A good proof opens this one attempt; a failure with it still counts on the account.
    expect(await passwordAttempt(account, proving(97, true), true)).toEqual({ refused: false });
    expect(await passwordAttempt(account, proving(96, true), false)).toMatchObject({ refused: false });
    expect(proofs).toEqual([false, true, true]);
    expect(await recordOf(`${kind}-account`, account)).toMatchObject({ failures: 21 });
    // The per-(account, client) lock comes first: a locked pair is refused, proof or not, without spending it.
    for (let i = 0; i < 5; i += 1) await passwordAttempt(account, proving(95, true), false);
    const spent = proofs.length;
    expect(await passwordAttempt(account, proving(95, true), true)).toEqual({
      refused: true,
      lockedForMs: MINUTE,
    });
    expect(proofs).toHaveLength(spent);
    expect(await passwordAttempt(account, device, true)).toEqual({ refused: false });
    // The trusted device's failures count on its pair only, not on the account's counter.
    for (let i = 0; i < 5; i += 1) await passwordAttempt(account, device, false);
    expect(await recordOf(`${kind}-account`, account)).toMatchObject({ failures: 26 });
    clock.advance(15 * MINUTE + 1);
    expect(await passwordAttempt(account, ip(99), true)).toEqual({ refused: false });
    // A success does not end the account's count: one more (the 27th) asks for proofs again, for longer
    // (15 minutes doubled per failure past 20, capped at the hour).
    expect(await passwordAttempt(account, ip(98), false)).toMatchObject({ lockedForMs: 60 * MINUTE });
  });

  it('forgets the account count after a quiet hour', async () => {
    const account = newKey();
    for (let n = 1; n <= 19; n += 1) await passwordAttempt(account, ip(n), false);
    clock.advance(HOUR + 1);
    expect(await passwordAttempt(account, ip(20), false)).toMatchObject({ lockedForMs: 0 });
  });

  it('clearPasswordFailures ends the account lock and every pair, and only those of the account', async () => {
    const account = `${newKey()}_%`;
    const neighbour = `${account.slice(0, -2)}xx`;
    for (let n = 1; n <= 20; n += 1) await passwordAttempt(account, ip(1), false);
    for (let n = 1; n <= 5; n += 1) await passwordAttempt(neighbour, ip(1), false);
    await clearPasswordFailures({ db, clock }, kind, account);
    expect(await passwordAttempt(account, ip(1), true)).toEqual({ refused: false });
    expect((await passwordAttempt(neighbour, ip(1), true)).refused).toBe(true);
  });
});
