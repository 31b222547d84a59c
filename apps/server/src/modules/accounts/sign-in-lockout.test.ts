import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMail, linkToken, post } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/app';
import { alteredFirstCharacter, createPlayer, FIXTURE_PASSWORD } from '../../../test/fixtures';
import { solvedAltcha } from '../../../test/proof-of-work';
import { emailOutbox } from '../../db/schema/index';
import { DEVICE_COOKIE } from '../../lib/device-cookie';
import { LOCKOUT_POLICIES } from '../../lib/lockout';
import { serveAccountEmailRequests } from './email-requests';

/**
 * The device-cookie lockout of POST /login (docs/decisions/0028-device-cookie-lockout.md), behind a proxy
 * (TRUST_PROXY, X-Forwarded-For) as in production; the per-IP rate limit is raised so only the lockout speaks.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => t.close());

const PAIR_LIMIT = LOCKOUT_POLICIES['player-password'].threshold;
const ACCOUNT_LIMIT = LOCKOUT_POLICIES['player-account'].threshold;
const WRONG = 'Wrong-Password-9';

let nextAddress = 1;
/** A client address no other test uses. */
const freshAddress = () => `198.51.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

const login = (email: string, password: string, address: string, cookie?: string, altcha?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/login',
    payload: { email, password, ...(altcha !== undefined ? { altcha } : {}) },
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
  });

/** Repeats a sign-in that was asked for a proof of work, with the challenge solved (altcha-lib's solver). */
async function loginSolving(
  email: string,
  password: string,
  address: string,
  asked: Awaited<ReturnType<typeof login>>,
) {
  expect(asked.json().code).toBe('CHALLENGE_REQUIRED');
  return login(email, password, address, undefined, await solvedAltcha(asked.json().challenge));
}

/** The device cookie a reply set, as a Cookie header. */
function deviceCookieOf(res: Awaited<ReturnType<typeof login>>): string {
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  if (!cookie) throw new Error('no device cookie set');
  return `${DEVICE_COOKIE}=${cookie.value}`;
}

const newDeviceMails = (to: string) =>
  t.app.ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, 'new-device-sign-in')));

describe('POST /login lockout per account and client', () => {
  it('locks the attacking address only: the right password from another address signs in', async () => {
    const { user } = await createPlayer(t.app.ctx);
    const attacker = freshAddress();
    for (let i = 0; i < 10; i += 1) {
      const res = await login(user.email, WRONG, attacker);
      expect(res.statusCode).toBe(i < PAIR_LIMIT ? 401 : 429);
    }
    expect((await login(user.email, FIXTURE_PASSWORD, freshAddress())).statusCode).toBe(200);
    const still = await login(user.email, FIXTURE_PASSWORD, attacker);
    expect(still.statusCode).toBe(429);
    expect(still.json().error).toMatch(
      /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/,
    );
  });

  it('locks a pair 1 minute after 5 failures, then 2, and a success clears the pair', async () => {
    const { user } = await createPlayer(t.app.ctx);
    const address = freshAddress();
    for (let i = 0; i < PAIR_LIMIT; i += 1)
      expect((await login(user.email, WRONG, address)).statusCode).toBe(401);
    const locked = await login(user.email, FIXTURE_PASSWORD, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
    t.clock.advance(61_000);
    expect((await login(user.email, WRONG, address)).statusCode).toBe(401);
    expect((await login(user.email, FIXTURE_PASSWORD, address)).json().error).toMatch(/2 minutes/);
    t.clock.advance(121_000);
    expect((await login(user.email, FIXTURE_PASSWORD, address)).statusCode).toBe(200);
    for (let i = 0; i < PAIR_LIMIT - 1; i += 1) await login(user.email, WRONG, address);
    expect((await login(user.email, FIXTURE_PASSWORD, address)).statusCode).toBe(200);
  });

  it('locks unknown addresses the same way, so a lockout tells nothing', async () => {
    const ghost = `ghost-${nextAddress}@example.test`;
    const address = freshAddress();
    for (let i = 0; i < PAIR_LIMIT; i += 1) await login(ghost, WRONG, address);
    expect((await login(ghost, WRONG, address)).statusCode).toBe(429);
  });

  it('after failures from many addresses, asks every untrusted client for a proof of work per attempt; the trusted device signs in as before', async () => {
    const { user } = await createPlayer(t.app.ctx);
    const home = await login(user.email, FIXTURE_PASSWORD, freshAddress());
    expect(home.statusCode).toBe(200);
    const trusted = deviceCookieOf(home);
    for (let i = 0; i < ACCOUNT_LIMIT; i += 1)
      expect((await login(user.email, WRONG, freshAddress())).statusCode).toBe(401);
    const stranger = await login(user.email, FIXTURE_PASSWORD, freshAddress());
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toMatchObject({
      message: 'Please wait while your browser is checked, then try again.',
      error: 'Please wait while your browser is checked, then try again.',
      code: 'CHALLENGE_REQUIRED',
      challenge: { parameters: { algorithm: 'PBKDF2/SHA-256' }, signature: expect.any(String) },
    });
    // Solved, the same attempt gets in: nobody is locked out by others' failures (decision 0039).
    const solved = await loginSolving(user.email, FIXTURE_PASSWORD, freshAddress(), stranger);
    expect(solved.statusCode).toBe(200);
    // The trusted device signs in from any address, even one of the attackers', without a challenge.
    expect((await login(user.email, FIXTURE_PASSWORD, freshAddress(), trusted)).statusCode).toBe(200);
    // The account's counter still runs: the next stranger is asked again, until a quiet spell ends it.
    expect((await login(user.email, FIXTURE_PASSWORD, freshAddress())).statusCode).toBe(429);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(user.email, FIXTURE_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('counts a solved attempt’s wrong password, keeps the per-(account, client) lock, and takes each challenge once', async () => {
    const { user } = await createPlayer(t.app.ctx);
    for (let i = 0; i < ACCOUNT_LIMIT; i += 1) await login(user.email, WRONG, freshAddress());
    const guesser = freshAddress();
    const asked = await login(user.email, WRONG, guesser);
    expect(asked.json().code).toBe('CHALLENGE_REQUIRED');
    const payload = await solvedAltcha(asked.json().challenge);
    const guessed = await login(user.email, WRONG, guesser, undefined, payload);
    expect(guessed.statusCode).toBe(401);
    // The same solution again: refused and asked anew, in this process or any other (stored in the database).
    const replay = await login(user.email, FIXTURE_PASSWORD, freshAddress(), undefined, payload);
    expect(replay.statusCode).toBe(429);
    expect(replay.json().code).toBe('CHALLENGE_REQUIRED');
    // A tampered or malformed payload proves nothing.
    for (const bad of [
      '',
      'not-base64!',
      Buffer.from('{"challenge":1}').toString('base64'),
      payload.slice(4),
    ])
      expect((await login(user.email, FIXTURE_PASSWORD, freshAddress(), undefined, bad)).json().code).toBe(
        'CHALLENGE_REQUIRED',
      );
    // Per (account, client) the lock stays: the guesser's 5th failure locks it, challenge or not.
    for (let i = 1; i < PAIR_LIMIT; i += 1) {
      const again = await login(user.email, WRONG, guesser);
      expect((await loginSolving(user.email, WRONG, guesser, again)).statusCode).toBe(401);
    }
    const locked = await login(user.email, FIXTURE_PASSWORD, guesser);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(
      /^Too many failed sign-in attempts\. Please try again in 1 minute\.$/,
    );
  });

  it('ignores a tampered or expired cookie and another account’s cookie: such a client is untrusted', async () => {
    const { user } = await createPlayer(t.app.ctx);
    const other = await createPlayer(t.app.ctx);
    const own = deviceCookieOf(await login(user.email, FIXTURE_PASSWORD, freshAddress()));
    const foreign = deviceCookieOf(await login(other.user.email, FIXTURE_PASSWORD, freshAddress()));
    for (let i = 0; i < ACCOUNT_LIMIT; i += 1) await login(user.email, WRONG, freshAddress());
    const [body, mac] = own.slice(DEVICE_COOKIE.length + 1).split('.');
    const forged = Buffer.from(body!, 'base64url')
      .toString()
      .replace(/"a":\[[^\]]*\]/, `"a":["player:${user.id}","player:${other.user.id}"]`);
    const tampered = [
      `${DEVICE_COOKIE}=${Buffer.from(forged).toString('base64url')}.${mac}`,
      `${DEVICE_COOKIE}=${body}.${alteredFirstCharacter(mac!)}`,
      `${DEVICE_COOKIE}=not-a-cookie`,
      `${DEVICE_COOKIE}=%E0%A4%A`,
      foreign,
    ];
    for (const cookie of tampered)
      expect((await login(user.email, FIXTURE_PASSWORD, freshAddress(), cookie)).json().code).toBe(
        'CHALLENGE_REQUIRED',
      );
    expect((await login(user.email, FIXTURE_PASSWORD, freshAddress(), own)).statusCode).toBe(200);
    t.clock.advance(401 * 24 * 3_600_000);
    for (let i = 0; i < ACCOUNT_LIMIT; i += 1) await login(user.email, WRONG, freshAddress());
    expect((await login(user.email, FIXTURE_PASSWORD, freshAddress(), own)).json().code).toBe(
      'CHALLENGE_REQUIRED',
    );
  });

  it('counts a trusted device’s failures on that device only', async () => {
    const { user } = await createPlayer(t.app.ctx);
    const device = deviceCookieOf(await login(user.email, FIXTURE_PASSWORD, freshAddress()));
    for (let i = 0; i < PAIR_LIMIT; i += 1)
      expect((await login(user.email, WRONG, freshAddress(), device)).statusCode).toBe(401);
    expect((await login(user.email, FIXTURE_PASSWORD, freshAddress(), device)).statusCode).toBe(429);
    expect((await login(user.email, FIXTURE_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('sets a long-lived httpOnly, SameSite=Lax device cookie that keeps both accounts of a shared browser', async () => {
    const first = await createPlayer(t.app.ctx);
    const second = await createPlayer(t.app.ctx);
    const res = await login(first.user.email, FIXTURE_PASSWORD, freshAddress());
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 400 * 24 * 3600 });
    expect(cookie.secure).toBeUndefined(); // http PUBLIC_URL outside production
    const both = deviceCookieOf(
      await login(second.user.email, FIXTURE_PASSWORD, freshAddress(), deviceCookieOf(res)),
    );
    for (const { user } of [first, second]) {
      for (let i = 0; i < ACCOUNT_LIMIT; i += 1) await login(user.email, WRONG, freshAddress());
      expect((await login(user.email, FIXTURE_PASSWORD, freshAddress(), both)).statusCode).toBe(200);
    }
    expect((await login(first.user.email, WRONG, freshAddress())).cookies).toEqual([]);
  });

  it('tells the player about a sign-in from a device not seen before, once per device', async () => {
    const { user } = await createPlayer(t.app.ctx);
    // The account's very first sign-in alerts nobody (issue #27): every device is new to a new account.
    const first = deviceCookieOf(await login(user.email, FIXTURE_PASSWORD, freshAddress()));
    expect(await newDeviceMails(user.email)).toHaveLength(0);
    await login(user.email, FIXTURE_PASSWORD, freshAddress(), first);
    expect(await newDeviceMails(user.email)).toHaveLength(0);
    const address = freshAddress();
    const device = deviceCookieOf(await login(user.email, FIXTURE_PASSWORD, address));
    const [mail] = await newDeviceMails(user.email);
    expect(mail?.subject).toBe('New sign-in to your account');
    expect(mail?.text).toContain(address);
    expect(mail?.text).toContain('http://portal.test/password/request');
    await login(user.email, FIXTURE_PASSWORD, freshAddress(), device);
    expect(await newDeviceMails(user.email)).toHaveLength(1);
    await login(user.email, WRONG, freshAddress());
    expect(await newDeviceMails(user.email)).toHaveLength(1);
    await login(user.email, FIXTURE_PASSWORD, freshAddress());
    expect(await newDeviceMails(user.email)).toHaveLength(2);
  });

  it('a password reset ends every lock of the account and tells the address', async () => {
    const { user } = await createPlayer(t.app.ctx);
    const attacker = freshAddress();
    for (let i = 0; i < ACCOUNT_LIMIT; i += 1) await login(user.email, WRONG, attacker);
    await post(t.app, '/sendForgotPassword', { email: user.email });
    await serveAccountEmailRequests(t.app.ctx);
    const { token } = await linkToken(t.app, user.email, 'reset-password');
    const reset = { token, new_password: 'Fresh-Pass-77', new_password_confirmation: 'Fresh-Pass-77' };
    expect((await post(t.app, '/reset-password', reset)).statusCode).toBe(200);
    expect((await allMail(t.app, user.email)).map((m) => m.kind)).toContain('password-changed');
    expect((await login(user.email, 'Fresh-Pass-77', attacker)).statusCode).toBe(200);
  });
});
