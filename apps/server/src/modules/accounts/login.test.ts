import { isMfaRequired } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, registration, uniqueEmail } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer, FIXTURE_PASSWORD } from '../../../test/fixtures';
import { userGames, users } from '../../db/schema/index';
import { SignInDevice } from '../../lib/device-cookie';
import { createSocialAccount, signInWithProvider } from './sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, extra: Record<string, unknown> = {}) =>
  post(t.app, '/login', { email, password, ...extra });

describe('POST /login', () => {
  it('signs in with user, isAuthenticated and token in the spec shape', async () => {
    const player = await createPlayer(t.app.ctx, { games: ['caliber', 'talesrunner'], phoneNumber: '0917' });
    const res = await login(player.user.email.toUpperCase(), FIXTURE_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isAuthenticated: true, message: 'Login Successfully!' });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({
      uuid: player.user.id,
      name: 'Test Player',
      email: player.user.email,
      phone_number: '0917',
      account_status: 'active',
      role: 'member',
      pin: null,
      profile: { gender: 'female', birthdate: '2000-01-15', occupation: null },
      addresses: [{ country: 'Philippines' }],
    });
    expect(body.user.profile.age).toBeGreaterThanOrEqual(18);
    expect(body.user.games.map((g: { name: string }) => g.name).sort()).toEqual(['caliber', 'talesrunner']);
    expect(JSON.stringify(body)).not.toContain('argon2');
    const info = await t.app.inject({
      url: '/api/user-info',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ isAuthenticated: true });
  });

  it('answers the same 401 body for an unknown email and a wrong password', async () => {
    const player = await createPlayer(t.app.ctx);
    const wrong = await login(player.user.email, 'Not-The-Password-1');
    const unknown = await login(uniqueEmail('ghost'), 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({
      message: 'Invalid email or password.',
      code: 'INVALID_CREDENTIALS',
      error: 'Invalid email or password.',
    });
  });

  it('answers 403 for an unverified account (telling to verify) and a suspended one, only with the right password', async () => {
    const unverified = await createPlayer(t.app.ctx, { emailVerifiedAt: null });
    const res = await login(unverified.user.email, FIXTURE_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/verify your email/);
    expect(res.json().message).toBe(res.json().error);
    expect((await login(unverified.user.email, 'Wrong-Password-9')).statusCode).toBe(401);
    const suspended = await createPlayer(t.app.ctx, { accountStatus: 'suspended' });
    const sus = await login(suspended.user.email, FIXTURE_PASSWORD);
    expect(sus.statusCode).toBe(403);
    expect(sus.json()).toEqual({
      message: 'Your account is suspended.',
      code: 'SUSPENDED',
      error: 'Your account is suspended.',
    });
  });

  it('answers 422 with messages for missing fields and wrong types, and ignores unknown fields', async () => {
    const res = await post(t.app, '/login', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['The email field is required.'],
      password: ['The password field is required.'],
    });
    expect((await post(t.app, '/login', { email: 5, password: true })).statusCode).toBe(422);
    expect((await post(t.app, '/login', { email: 'a@b.co', password: 'x'.repeat(1025) })).statusCode).toBe(
      422,
    );
    expect((await post(t.app, '/login', { email: 'a@b.co', password: 'x', game: 'tetris' })).statusCode).toBe(
      422,
    );
    const player = await createPlayer(t.app.ctx);
    expect(
      (await login(player.user.email, FIXTURE_PASSWORD, { remember: true, role: 'admin' })).statusCode,
    ).toBe(200);
  });

  it('registers the account for Yggdra on its first Yggdra sign-in, once', async () => {
    const player = await createPlayer(t.app.ctx, { games: ['caliber'] });
    let reply: { user: { games: { name: string }[] } } | undefined;
    for (let i = 0; i < 2; i += 1) {
      const res = await login(player.user.email, FIXTURE_PASSWORD, { game: 'yggdra' });
      expect(res.statusCode).toBe(200);
      reply = res.json();
    }
    const games = await t.app.ctx.db.select().from(userGames).where(eq(userGames.userId, player.user.id));
    expect(games.map((g) => g.game).sort()).toEqual(['caliber', 'yggdra']);
    // The User reply lists every game the account has, Yggdra included (issue #27).
    expect(reply?.user.games.map((g) => g.name)).toEqual(['caliber', 'yggdra']);
  });

  it('signs in with a game the account is not registered for, without registering it', async () => {
    const player = await createPlayer(t.app.ctx, { games: ['caliber'] });
    const res = await login(player.user.email, FIXTURE_PASSWORD, { game: 'talesrunner' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.games.map((g: { name: string }) => g.name)).toEqual(['caliber']);
  });

  // The lockout (per account and client, device cookies) is in sign-in-lockout.test.ts.

  it('limits sign-ins per IP to 10 a minute', async () => {
    const remoteAddress = '10.88.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/login',
        payload: { email: uniqueEmail('ip'), password: 'Wrong-Password-9' },
        remoteAddress,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses[10]).toBe(429);
  });
});

describe('sessions: GET /api/user-info, POST /api/logout', () => {
  it('answers 401 for no token, an unknown token and an admin-kind token', async () => {
    expect((await t.app.inject('/api/user-info')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/user-info', headers: { authorization: 'Bearer x' } })).statusCode,
    ).toBe(401);
  });

  it('logout revokes the token on the server and is idempotent', async () => {
    const player = await createPlayer(t.app.ctx);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: player.auth });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user-info', headers: player.auth })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logout', headers: player.auth })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
  });
});

describe('exports for social sign-in', () => {
  it('createSocialAccount creates a verified passwordless account; signInWithProvider opens a session', async () => {
    const email = uniqueEmail('social');
    const { user, created } = await createSocialAccount(t.app.ctx, {
      email,
      name: 'Social Sam',
      emailVerified: true,
    });
    expect(created).toBe(true);
    expect(user.passwordHash).toBeNull();
    expect(user.emailVerifiedAt).not.toBeNull();
    const again = await createSocialAccount(t.app.ctx, {
      email: email.toUpperCase(),
      name: 'X',
      emailVerified: true,
    });
    expect(again).toMatchObject({ created: false, user: { id: user.id } });
    const signIn = await signInWithProvider(t.app.ctx, user, 'google', {
      client: { ip: null, userAgent: null },
      device: new SignInDevice(t.app.ctx, '127.0.0.1', null),
    });
    if (isMfaRequired(signIn)) throw new Error('no second step without TOTP');
    expect(signIn.user).toMatchObject({ uuid: user.id, email, games: [], addresses: [{ country: null }] });
    const info = await t.app.inject({
      url: '/api/user-info',
      headers: { authorization: `Bearer ${signIn.token}` },
    });
    expect(info.statusCode).toBe(200);
    // Password sign-in does not work for an account without a password.
    expect((await login(email, 'Anything-At-All-1')).statusCode).toBe(401);
  });

  it('a provider-verified email takes over an unverified password account: password cleared, sessions ended', async () => {
    const body = registration();
    await post(t.app, '/register', body);
    const { user } = await createSocialAccount(t.app.ctx, {
      email: String(body.email),
      name: 'Real Owner',
      emailVerified: true,
    });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ passwordHash: null });
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect((await login(String(body.email), String(body.password))).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the account endpoints', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/login',
        '/register',
        '/api/profile',
        '/reset-password',
        '/verifyemail/{uuid}/{game}',
      ]),
    );
  });
});
