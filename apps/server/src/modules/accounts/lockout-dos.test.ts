import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer, FIXTURE_PASSWORD } from '../../../test/fixtures';
import { solvedAltcha } from '../../../test/proof-of-work';
import { LOCKOUT_POLICIES } from '../../lib/lockout';

/**
 * The lockout denial of service of issue #24, replayed (docs/decisions/0039-proof-of-work-throttles.md): an
 * attacker with five addresses makes 25 failed sign-ins on an account; then its real owner signs in from a
 * new browser, from the launcher, and (for a staff account) from a new machine. Nobody is locked out: each
 * owner solves one challenge; every guess of the attacker past the account's threshold costs a solved
 * challenge, and a guess without one is refused before the password is looked at.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => t.close());

const ACCOUNT_LIMIT = LOCKOUT_POLICIES['player-account'].threshold;
const WRONG = 'Wrong-Password-9';
let next = 1;
const freshAddress = () => `203.0.${Math.floor(next / 250)}.${(next++ % 250) + 1}`;

const send = (url: string, payload: Record<string, unknown>, address: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: address });

/** One attempt as a client that solves challenges: asked for one, it solves it and repeats the attempt. */
async function attempt(
  url: string,
  payload: Record<string, unknown>,
  address: string,
): Promise<{ first: LightMyRequestResponse; final: LightMyRequestResponse; solved: boolean }> {
  const first = await send(url, payload, address);
  if (first.statusCode !== 429 || first.json().code !== 'CHALLENGE_REQUIRED')
    return { first, final: first, solved: false };
  const altcha = await solvedAltcha(first.json().challenge);
  return { first, final: await send(url, { ...payload, altcha }, address), solved: true };
}

/** 25 failures from 5 addresses (5 each): the last 5 come after the threshold and each solves a challenge. */
async function attack(url: string, email: string) {
  const outcomes: { status: number; solved: boolean }[] = [];
  for (let a = 0; a < 5; a += 1) {
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      const { final, solved } = await attempt(url, { email, password: WRONG }, address);
      outcomes.push({ status: final.statusCode, solved });
    }
  }
  return outcomes;
}

describe('the lockout DoS replayed: 25 failures from 5 addresses, then the owners', () => {
  it('the player signs in from a new browser and from the launcher; the attacker paid a challenge per guess past the threshold', async () => {
    const { user } = await createPlayer(t.app.ctx);
    const outcomes = await attack('/login', user.email);
    expect(outcomes.map((o) => o.status)).toEqual(Array(25).fill(401));
    expect(outcomes.map((o) => o.solved)).toEqual([
      ...Array(ACCOUNT_LIMIT).fill(false),
      ...Array(25 - ACCOUNT_LIMIT).fill(true),
    ]);
    // A guess without a challenge is refused before the password is checked, right or wrong.
    const unpaid = await send('/login', { email: user.email, password: FIXTURE_PASSWORD }, freshAddress());
    expect(unpaid.statusCode).toBe(429);
    expect(unpaid.json().code).toBe('CHALLENGE_REQUIRED');

    // The owner, from a new browser (no device cookie, a new address): one challenge, then signed in.
    const browser = await attempt(
      '/login',
      { email: user.email, password: FIXTURE_PASSWORD },
      freshAddress(),
    );
    expect(browser.solved).toBe(true);
    expect(browser.final.statusCode).toBe(200);
    expect(browser.final.json()).toMatchObject({ isAuthenticated: true, token: expect.any(String) });

    // The owner's launcher (no cookie, no device token): one challenge, then the launcher's redirect.
    const launcher = await attempt(
      '/api/login-caliber',
      { email: user.email, password: FIXTURE_PASSWORD },
      freshAddress(),
    );
    expect(launcher.solved).toBe(true);
    expect(launcher.final.statusCode).toBe(200);
    expect(launcher.final.json().data.redirectURL).toMatch(/^caliber:\/\/login\?code=/);
    // From then on the launcher has a device token: no challenge while strangers are still asked for one.
    const token = launcher.final.headers['device-token'] as string;
    const stranger = await send('/api/login-caliber', { email: user.email, password: WRONG }, freshAddress());
    expect(stranger.json().code).toBe('CHALLENGE_REQUIRED');
    const remembered = await t.app.inject({
      method: 'POST',
      url: '/api/login-caliber',
      payload: { email: user.email, password: FIXTURE_PASSWORD },
      remoteAddress: freshAddress(),
      headers: { 'device-token': token },
    });
    expect(remembered.json().data.redirectURL).toBeDefined();
  }, 120_000);

  it('an admin signs in from a new machine after the same attack on the staff account', async () => {
    const { admin } = await createAdmin(t.app.ctx);
    const outcomes = await attack('/api/admin/login', admin.email);
    expect(outcomes.map((o) => o.status)).toEqual(Array(25).fill(401));
    expect(outcomes.filter((o) => o.solved)).toHaveLength(25 - LOCKOUT_POLICIES['admin-account'].threshold);
    const machine = await attempt(
      '/api/admin/login',
      { email: admin.email, password: FIXTURE_PASSWORD },
      freshAddress(),
    );
    expect(machine.first.json()).toMatchObject({
      message: 'Please wait while your browser is checked, then try again.',
      code: 'CHALLENGE_REQUIRED',
    });
    expect(machine.final.statusCode).toBe(200);
    expect(machine.final.json()).toMatchObject({ adminAuthenticated: true, token: expect.any(String) });
  }, 120_000);
});

describe('POST /profile/register-game under the password lockout', () => {
  const registerCaliber = (auth: Record<string, string>, password: string, altcha?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/profile/register-game',
      headers: auth,
      remoteAddress: '198.18.0.1',
      payload: {
        game: 'caliber',
        nickname: `nick${next++}`,
        pin: '2468',
        password,
        ...(altcha ? { altcha } : {}),
      },
    });

  it('counts wrong passwords, locks the session’s client after 5, and asks for work when the account is under attack', async () => {
    const { auth } = await createPlayer(t.app.ctx, { games: ['talesrunner'] });
    for (let i = 0; i < 5; i += 1) {
      const wrong = await registerCaliber(auth, WRONG);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.password).toEqual(['The password is incorrect.']);
    }
    const locked = await registerCaliber(auth, FIXTURE_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(
      /^Too many failed sign-in attempts\. Please try again in 1 minute\.$/,
    );

    // Another account under attack from elsewhere: a proof of work, then the registration goes through.
    const other = await createPlayer(t.app.ctx, { games: ['talesrunner'] });
    for (let i = 0; i < ACCOUNT_LIMIT; i += 1)
      await send('/login', { email: other.user.email, password: WRONG }, freshAddress());
    const asked = await registerCaliber(other.auth, FIXTURE_PASSWORD);
    expect(asked.statusCode).toBe(429);
    expect(asked.json().code).toBe('CHALLENGE_REQUIRED');
    const done = await registerCaliber(
      other.auth,
      FIXTURE_PASSWORD,
      await solvedAltcha(asked.json().challenge),
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().user.nickname).toMatch(/^nick/);
  }, 60_000);
});
