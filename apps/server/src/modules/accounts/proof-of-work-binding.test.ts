import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer, FIXTURE_PASSWORD } from '../../../test/fixtures';
import { solvedAltcha } from '../../../test/proof-of-work';
import { LOCKOUT_POLICIES } from '../../lib/lockout';
import { createWorkChallenge } from '../../lib/proof-of-work';

/**
 * The proof of work a sign-in asks for past the account's failures (decision 0039) is held to what it was
 * asked for: the solution's counter must be the one that derives its key, and a challenge asked for one
 * account (or for registration) does not open another account's attempt. Through POST /login and the back
 * office's sign-in, behind a proxy as in production.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => t.close());

const ACCOUNT_LIMIT = LOCKOUT_POLICIES['player-account'].threshold;
const WRONG = 'Wrong-Password-9';
let nextAddress = 1;
const freshAddress = () => `203.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

const signIn = (url: string, email: string, password: string, altcha?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: { email, password, ...(altcha === undefined ? {} : { altcha }) },
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': freshAddress() },
  });
const login = (email: string, password: string, altcha?: string) => signIn('/login', email, password, altcha);

const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/** A player whose account has had enough failures from strangers that every stranger is asked for work. */
async function challengedPlayer() {
  const player = await createPlayer(t.app.ctx);
  for (let i = 0; i < ACCOUNT_LIMIT; i += 1)
    expect((await login(player.user.email, WRONG)).statusCode).toBe(401);
  const asked = await login(player.user.email, FIXTURE_PASSWORD);
  expect(asked.statusCode).toBe(429);
  expect(asked.json().code).toBe('CHALLENGE_REQUIRED');
  return { ...player, challenge: asked.json().challenge };
}

describe('a sign-in proof of work', () => {
  it("is refused with a counter that does not derive the solution's key, accepted with the right one", async () => {
    const { user, challenge } = await challengedPlayer();
    const payload = decode(await solvedAltcha(challenge));
    for (const counter of [payload.solution.counter + 1, 0, payload.solution.counter - 1]) {
      const wrong = encode({ ...payload, solution: { ...payload.solution, counter } });
      const refused = await login(user.email, FIXTURE_PASSWORD, wrong);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('CHALLENGE_REQUIRED');
    }
    // The refused tries did not spend it: the true solution still opens the attempt.
    expect((await login(user.email, FIXTURE_PASSWORD, encode(payload))).statusCode).toBe(200);
  }, 30_000);

  it('asked for one account does not open another account’s attempt', async () => {
    const victim = await challengedPlayer();
    const other = await challengedPlayer();
    const solvedForOther = await solvedAltcha(other.challenge);
    const refused = await login(victim.user.email, FIXTURE_PASSWORD, solvedForOther);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('CHALLENGE_REQUIRED');
    // Its challenge is asked for the victim: solved, it opens the victim's attempt (not spent by the refusal
    // above, the other's still opens the other's).
    expect(
      (await login(victim.user.email, FIXTURE_PASSWORD, await solvedAltcha(refused.json().challenge)))
        .statusCode,
    ).toBe(200);
    expect((await login(other.user.email, FIXTURE_PASSWORD, solvedForOther)).statusCode).toBe(200);
  }, 60_000);

  it('of another purpose (registration) or asked for no account does not open a sign-in', async () => {
    const { user } = await challengedPlayer();
    for (const purpose of ['register', 'sign-in'] as const) {
      const unbound = await solvedAltcha(await createWorkChallenge(t.app.ctx, purpose));
      const refused = await login(user.email, FIXTURE_PASSWORD, unbound);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('CHALLENGE_REQUIRED');
    }
  }, 30_000);

  it("asked for a player's address does not open the staff account of the same address", async () => {
    const { user, challenge } = await challengedPlayer();
    const admin = await createAdmin(t.app.ctx, { email: user.email });
    const adminLimit = LOCKOUT_POLICIES['admin-account'].threshold;
    for (let i = 0; i < adminLimit; i += 1)
      expect((await signIn('/api/admin/login', admin.admin.email, WRONG)).statusCode).toBe(401);
    const refused = await signIn(
      '/api/admin/login',
      admin.admin.email,
      FIXTURE_PASSWORD,
      await solvedAltcha(challenge),
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('CHALLENGE_REQUIRED');
  }, 30_000);
});
