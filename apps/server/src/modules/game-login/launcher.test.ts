import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { alteredFirstCharacter, createPlayer } from '../../../test/fixtures';
import { codeNow, turnOnTotp } from '../../../test/mfa';
import { solvedAltcha } from '../../../test/proof-of-work';
import { developers, emailOutbox, pinDevices, userGames, users } from '../../db/schema/index';
import { DEVICE_COOKIE, DEVICE_TOKEN_HEADER } from '../../lib/device-cookie';
import { hashSecret } from '../../lib/hashing';
import { createServerKey } from '../events';
import { purgeLauncherCodes } from './service';

let t: TestApp;
let caliberKey: string;
let talesKey: string;
let ip = 0;
/** Each test gets its own client address, so the per-IP limits of one test do not leak into another. */
const nextIp = () => `10.1.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  t = await buildTestApp();
  caliberKey = (await createServerKey(t.app.ctx, 'caliber', 'test')).key;
  talesKey = (await createServerKey(t.app.ctx, 'talesrunner', 'test')).key;
});
afterAll(() => t.close());

async function caliberPlayer(overrides: Parameters<typeof createPlayer>[1] = {}) {
  const p = await createPlayer(t.app.ctx, overrides);
  await t.app.ctx.db
    .update(userGames)
    .set({ pinHash: await hashSecret('4321') })
    .where(eq(userGames.userId, p.user.id));
  return p;
}

const post = (url: string, payload: unknown, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress });

const exchange = (code: string, key = caliberKey) =>
  t.app.inject({
    method: 'POST',
    url: '/api/game-login/exchange',
    headers: { authorization: `Bearer ${key}` },
    payload: { code },
  });

function codeOf(redirectURL: string): string {
  const url = new URL(redirectURL);
  return url.searchParams.get('code')!;
}

describe('POST /api/login-caliber', () => {
  it('redirects to the launcher URL with a one-time code that a Caliber server key exchanges once', async () => {
    const p = await caliberPlayer();
    const res = await post('/api/login-caliber', {
      email: p.user.email,
      password: p.password,
      developer: '',
    });
    expect(res.statusCode).toBe(200);
    const { redirectURL } = res.json().data;
    expect(redirectURL).toMatch(/^caliber:\/\/login\?code=[\w-]{43}$/);
    const first = await exchange(codeOf(redirectURL));
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      uuid: p.user.id,
      email: p.user.email,
      game: 'caliber',
      developer: false,
      method: 'password',
    });
    expect(first.json().data.nickname).toMatch(/^nick/);
    const replay = await exchange(codeOf(redirectURL));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/already used/);
  });

  it('codes expire after 60 seconds', async () => {
    const p = await caliberPlayer();
    const res = await post('/api/login-caliber', { email: p.user.email, password: p.password });
    t.clock.advance(61_000);
    expect((await exchange(codeOf(res.json().data.redirectURL))).statusCode).toBe(400);
  });

  it('the exchange needs a live Caliber server key', async () => {
    const p = await caliberPlayer();
    const code = codeOf(
      (await post('/api/login-caliber', { email: p.user.email, password: p.password })).json().data
        .redirectURL,
    );
    const none = await t.app.inject({ method: 'POST', url: '/api/game-login/exchange', payload: { code } });
    expect(none.statusCode).toBe(401);
    expect((await exchange(code, 'gsk_caliber_forged')).statusCode).toBe(401);
    expect((await exchange(code, talesKey)).statusCode).toBe(401);
    // The code was not burnt by the refused attempts.
    expect((await exchange(code)).statusCode).toBe(200);
  });

  it('answers credential problems as 200 errorMessage, bad bodies as 422', async () => {
    const p = await caliberPlayer();
    const wrong = await post('/api/login-caliber', { email: p.user.email, password: 'Wrong-password-1' });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json().data).toEqual({
      errorCode: 'INVALID_CREDENTIALS',
      errorMessage: 'The email or password is not correct.',
    });
    const unknown = await post('/api/login-caliber', {
      email: 'nobody@example.test',
      password: 'Whatever-123',
    });
    expect(unknown.json().data.errorCode).toBe('INVALID_CREDENTIALS');
    const malformed = await post('/api/login-caliber', { email: 42 });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toHaveProperty('email');
  });

  it('lets only active, verified players registered for Caliber pass', async () => {
    const tales = await createPlayer(t.app.ctx, { games: ['talesrunner'] });
    const notReg = await post('/api/login-caliber', { email: tales.user.email, password: tales.password });
    expect(notReg.json().data.errorCode).toBe('NOT_REGISTERED_FOR_CALIBER');
    const unverified = await caliberPlayer({ emailVerifiedAt: null });
    expect(
      (
        await post('/api/login-caliber', { email: unverified.user.email, password: unverified.password })
      ).json().data.errorCode,
    ).toBe('EMAIL_NOT_VERIFIED');
    const suspended = await caliberPlayer({ accountStatus: 'suspended' });
    expect(
      (await post('/api/login-caliber', { email: suspended.user.email, password: suspended.password })).json()
        .data.errorCode,
    ).toBe('ACCOUNT_SUSPENDED');
  });

  it('locks the guessing address, not the player: another address and a trusted device sign in', async () => {
    const p = await caliberPlayer();
    const trustedAt = nextIp();
    const first = await post('/api/login-caliber', { email: p.user.email, password: p.password }, trustedAt);
    const cookie = first.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const attacker = nextIp();
    const wrong = { email: p.user.email, password: 'Wrong-password-1' };
    for (let i = 0; i < 5; i++) await post('/api/login-caliber', wrong, attacker);
    const locked = await post('/api/login-caliber', { email: p.user.email, password: p.password }, attacker);
    expect(locked.json().data).toEqual({
      errorCode: 'PASSWORD_LOCKED',
      errorMessage: expect.stringMatching(/1 minute/),
    });
    const right = { email: p.user.email, password: p.password };
    expect((await post('/api/login-caliber', right)).json().data.redirectURL).toBeDefined();
    // Failures from many addresses make launchers without the cookie or token solve a challenge (decision
    // 0039), not the one with it.
    for (let i = 0; i < 20; i++) await post('/api/login-caliber', wrong);
    const challenged = await post('/api/login-caliber', right);
    expect(challenged.statusCode).toBe(429);
    expect(challenged.json()).toMatchObject({ code: 'CHALLENGE_REQUIRED', challenge: expect.any(Object) });
    const solved = await post('/api/login-caliber', {
      ...right,
      altcha: await solvedAltcha(challenged.json().challenge),
    });
    expect(solved.json().data.redirectURL).toBeDefined();
    const withToken = await t.app.inject({
      method: 'POST',
      url: '/api/login-caliber',
      payload: right,
      remoteAddress: nextIp(),
      headers: { [DEVICE_TOKEN_HEADER]: first.headers[DEVICE_TOKEN_HEADER] as string },
    });
    expect(withToken.json().data.redirectURL).toBeDefined();
    const withCookie = await t.app.inject({
      method: 'POST',
      url: '/api/login-caliber',
      payload: right,
      remoteAddress: nextIp(),
      headers: { cookie: `${DEVICE_COOKIE}=${cookie.value}` },
    });
    expect(withCookie.json().data.redirectURL).toBeDefined();
  });

  it('rate-limits one IP with 429', async () => {
    const addr = nextIp();
    let last = 0;
    for (let i = 0; i < 21; i++) {
      last = (await post('/api/login-caliber', { email: `x${i}@example.test`, password: 'x' }, addr))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('developer sign-in', () => {
  it('refuses unverified developers and admits verified ones to the developer launcher', async () => {
    const p = await caliberPlayer();
    const body = { email: p.user.email, password: p.password, developer: 'true' };
    expect((await post('/api/login-caliber', body)).json().data.errorCode).toBe('NOT_A_DEVELOPER');

    const { markDeveloper } = await import('../developers');
    await markDeveloper(t.app.ctx, { email: p.user.email, actor: 'cli' });
    expect((await post('/api/login-caliber', body)).json().data.errorCode).toBe('NOT_A_DEVELOPER');

    const [mail] = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, p.user.email));
    const token = /\/developer-verifyemail\/([\w-]+)/.exec(mail!.text)![1]!;
    const verified = await t.app.inject({ method: 'GET', url: `/api/developer-verifyemail/${token}` });
    expect(verified.json()).toMatchObject({ success: true });

    const ok = await post('/api/login-caliber', body);
    expect(ok.json().data.redirectURL).toMatch(/^caliber-dev:\/\/login\?code=/);
    const identity = await exchange(codeOf(ok.json().data.redirectURL));
    expect(identity.json().data.developer).toBe(true);
    const [row] = await t.app.ctx.db.select().from(developers).where(eq(developers.userId, p.user.id));
    expect(row!.verifiedAt).not.toBeNull();
  });
});

/** A launcher's full password sign-in of `p`: the device token it is handed (decision 0039). */
async function launcherDevice(p: { user: { email: string }; password: string }): Promise<string> {
  const res = await post('/api/login-caliber', { email: p.user.email, password: p.password });
  expect(res.json().data.redirectURL).toBeDefined();
  const token = res.headers[DEVICE_TOKEN_HEADER];
  if (typeof token !== 'string') throw new Error('no device token handed out');
  return token;
}

const pinLogin = (body: Record<string, unknown>, token?: string, remoteAddress = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login-pin-caliber',
    payload: body,
    remoteAddress,
    headers: token ? { [DEVICE_TOKEN_HEADER]: token } : {},
  });

describe('POST /api/login-pin-caliber', () => {
  it('signs in by email or uuid and PIN on a launcher that signed in with the password', async () => {
    const p = await caliberPlayer();
    const device = await launcherDevice(p);
    const byEmail = await pinLogin({ user: p.user.email, pin: '4321' }, device);
    expect(byEmail.json().data.redirectURL).toMatch(/^caliber:\/\/login\?code=/);
    const byId = await pinLogin({ user: p.user.id, pin: '4321' }, device);
    const identity = await exchange(codeOf(byId.json().data.redirectURL));
    expect(identity.json().data).toMatchObject({ uuid: p.user.id, method: 'pin' });
    // The device cookie carries the same trust for a launcher that keeps cookies.
    const viaCookie = await t.app.inject({
      method: 'POST',
      url: '/api/login-pin-caliber',
      payload: { user: p.user.email, pin: '4321' },
      remoteAddress: nextIp(),
      headers: { cookie: `${DEVICE_COOKIE}=${device}` },
    });
    expect(viaCookie.json().data.redirectURL).toBeDefined();
  });

  it('answers PIN_NOT_ON_THIS_DEVICE elsewhere, before any PIN is checked, for known and unknown players', async () => {
    const p = await caliberPlayer();
    const notHere = {
      errorCode: 'PIN_NOT_ON_THIS_DEVICE',
      errorMessage:
        'PIN sign-in is not set up on this device. Sign in with your email and password once, then your PIN works here for 30 days.',
    };
    // No device token; another player's launcher; a forged token; an unknown player: the same answer.
    expect((await pinLogin({ user: p.user.email, pin: '4321' })).json().data).toEqual(notHere);
    const other = await caliberPlayer();
    const othersDevice = await launcherDevice(other);
    expect((await pinLogin({ user: p.user.email, pin: '4321' }, othersDevice)).json().data).toEqual(notHere);
    const device = await launcherDevice(p);
    const forged = alteredFirstCharacter(device);
    expect((await pinLogin({ user: p.user.email, pin: '4321' }, forged)).json().data).toEqual(notHere);
    expect((await pinLogin({ user: 'ghost@example.test', pin: '4321' }, device)).json().data).toEqual(
      notHere,
    );
    // None of those counted as a wrong PIN.
    expect((await pinLogin({ user: p.user.email, pin: '0000' }, device)).json().data.errorMessage).toContain(
      '4 attempts left',
    );
  });

  it('works for 30 days after the full sign-in; a new password sign-in starts the 30 days again', async () => {
    const p = await caliberPlayer();
    const device = await launcherDevice(p);
    t.clock.advance(29 * 24 * 3_600_000);
    expect((await pinLogin({ user: p.user.id, pin: '4321' }, device)).json().data.redirectURL).toBeDefined();
    t.clock.advance(2 * 24 * 3_600_000);
    expect((await pinLogin({ user: p.user.id, pin: '4321' }, device)).json().data.errorCode).toBe(
      'PIN_NOT_ON_THIS_DEVICE',
    );
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/login-caliber',
      payload: { email: p.user.email, password: p.password },
      remoteAddress: nextIp(),
      headers: { [DEVICE_TOKEN_HEADER]: device },
    });
    expect(renewed.headers[DEVICE_TOKEN_HEADER]).toBeDefined();
    expect((await pinLogin({ user: p.user.id, pin: '4321' }, device)).json().data.redirectURL).toBeDefined();
  });

  it('turning two-step on voids launchers trusted before it: the PIN follows a full sign-in with the code again', async () => {
    const p = await caliberPlayer();
    const device = await launcherDevice(p);
    expect((await pinLogin({ user: p.user.id, pin: '4321' }, device)).json().data.redirectURL).toBeDefined();
    const { secret } = await turnOnTotp(t, p.auth);
    expect((await pinLogin({ user: p.user.id, pin: '4321' }, device)).json().data.errorCode).toBe(
      'PIN_NOT_ON_THIS_DEVICE',
    );
    // The password alone no longer trusts it: the second step first.
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/login-caliber',
      payload: { email: p.user.email, password: p.password },
      remoteAddress: nextIp(),
      headers: { [DEVICE_TOKEN_HEADER]: device },
    });
    expect(first.json()).toMatchObject({ mfa_required: true });
    expect((await pinLogin({ user: p.user.id, pin: '4321' }, device)).json().data.errorCode).toBe(
      'PIN_NOT_ON_THIS_DEVICE',
    );
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/login-caliber/mfa',
      payload: { mfa_token: first.json().mfa_token, code: codeNow(t, secret) },
      remoteAddress: nextIp(),
      headers: { [DEVICE_TOKEN_HEADER]: device },
    });
    expect(second.json().data.redirectURL).toBeDefined();
    expect((await pinLogin({ user: p.user.id, pin: '4321' }, device)).json().data.redirectURL).toBeDefined();
  });

  it('"sign out everywhere" ends the PIN on every launcher of the player, and only of that player', async () => {
    const p = await caliberPlayer();
    const other = await caliberPlayer();
    const device = await launcherDevice(p);
    const othersDevice = await launcherDevice(other);
    const ended = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/revoke-others',
      headers: p.auth,
    });
    expect(ended.statusCode).toBe(200);
    expect((await pinLogin({ user: p.user.id, pin: '4321' }, device)).json().data.errorCode).toBe(
      'PIN_NOT_ON_THIS_DEVICE',
    );
    expect(
      (await pinLogin({ user: other.user.id, pin: '4321' }, othersDevice)).json().data.redirectURL,
    ).toBeDefined();
  });

  it('forgets launchers whose 30 days have passed (scheduled clean-up)', async () => {
    const p = await caliberPlayer();
    await launcherDevice(p);
    const rows = () => t.app.ctx.db.select().from(pinDevices).where(eq(pinDevices.userId, p.user.id));
    expect(await rows()).toHaveLength(1);
    await purgeLauncherCodes(t.app.ctx);
    expect(await rows()).toHaveLength(1);
    t.clock.advance(30 * 24 * 3_600_000 + 1000);
    await purgeLauncherCodes(t.app.ctx);
    expect(await rows()).toHaveLength(0);
  });

  it('locks PIN sign-in for 15 minutes after 5 wrong PINs, and says so', async () => {
    const p = await caliberPlayer();
    const device = await launcherDevice(p);
    const attempt = (pin: string) => pinLogin({ user: p.user.email, pin }, device);
    const first = await attempt('0000');
    expect(first.json().data).toEqual({
      errorCode: 'INVALID_PIN',
      errorMessage: 'The PIN is not correct. 4 attempts left before PIN sign-in is locked for 15 minutes.',
    });
    for (const left of [3, 2, 1]) {
      expect((await attempt('0000')).json().data.errorMessage).toContain(`${left} attempt`);
    }
    const fifth = await attempt('0000');
    expect(fifth.json().data.errorCode).toBe('PIN_LOCKED');
    expect(fifth.json().data.errorMessage).toMatch(/locked for 15 more minutes/);
    // The right PIN does not open a locked account.
    expect((await attempt('4321')).json().data.errorCode).toBe('PIN_LOCKED');
    t.clock.advance(10 * 60_000);
    expect((await attempt('4321')).json().data.errorMessage).toMatch(/5 more minutes/);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await attempt('4321')).json().data.redirectURL).toBeDefined();
    // A success clears the counter.
    expect((await attempt('0000')).json().data.errorMessage).toContain('4 attempts');
  });

  it('a password sign-in ends a PIN lockout', async () => {
    const p = await caliberPlayer();
    const device = await launcherDevice(p);
    for (let i = 0; i < 5; i++) await pinLogin({ user: p.user.id, pin: '1111' }, device);
    expect((await pinLogin({ user: p.user.id, pin: '4321' }, device)).json().data.errorCode).toBe(
      'PIN_LOCKED',
    );
    await launcherDevice(p);
    expect((await pinLogin({ user: p.user.id, pin: '4321' }, device)).json().data.redirectURL).toBeDefined();
  });

  it('treats a player without a PIN on an unlocked launcher like a wrong PIN', async () => {
    const noPin = await createPlayer(t.app.ctx);
    const device = await launcherDevice(noPin);
    const res = await pinLogin({ user: noPin.user.email, pin: '1234' }, device);
    expect(res.json().data.errorCode).toBe('INVALID_PIN');
  });

  it('validates the body and rate-limits one IP', async () => {
    const bad = await pinLogin({ user: 'a@b.c', pin: '12a4' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.pin).toEqual(['Enter your 4-digit PIN.']);
    const addr = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await pinLogin({ user: `r${i}@example.test`, pin: '1234' }, undefined, addr)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('GET /api/developer-verifyemail/{token}', () => {
  it('answers success false with a message for unknown, used or expired links', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/developer-verifyemail/not-a-real-token' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      message: expect.stringMatching(/not valid or has expired/),
    });

    const p = await createPlayer(t.app.ctx);
    const { markDeveloper } = await import('../developers');
    await markDeveloper(t.app.ctx, { email: p.user.email, actor: 'cli' });
    const [mail] = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, p.user.email));
    const token = /\/developer-verifyemail\/([\w-]+)/.exec(mail!.text)![1]!;
    t.clock.advance(24 * 60 * 60_000 + 1);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/developer-verifyemail/${token}` })).json().success,
    ).toBe(false);
    expect((await t.app.ctx.db.select().from(users).where(eq(users.id, p.user.id))).length).toBe(1);
  });
});
