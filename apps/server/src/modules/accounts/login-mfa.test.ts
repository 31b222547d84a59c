import { MFA_MESSAGES, MFA_TOKEN_TTL_MINUTES } from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { codeNow, nextStep, postJson, turnOnTotp } from '../../../test/mfa';
import { accessTokens, securityEvents, userGames, users } from '../../db/schema/index';
import { LOCKOUT_POLICIES } from '../../lib/lockout';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A player with TOTP on, signed out: the password step answers the second step's token. */
async function playerWithTotp(overrides: Parameters<typeof createPlayer>[1] = {}) {
  const player = await createPlayer(t.app.ctx, overrides);
  const totp = await turnOnTotp(t, player.auth);
  return { ...player, ...totp };
}

const login = (email: string, password: string, extra: Record<string, unknown> = {}) =>
  postJson(t, '/login', { email, password, ...extra });
const loginMfa = (body: unknown) => postJson(t, '/login/mfa', body);

async function sessionsOf(userId: string) {
  const [row] = await t.app.ctx.db
    .select({ n: count() })
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId));
  return row!.n;
}

async function mfaToken(email: string, password: string, extra: Record<string, unknown> = {}) {
  const res = await login(email, password, extra);
  expect(res.statusCode).toBe(200);
  expect(Object.keys(res.json()).sort()).toEqual(['mfa_required', 'mfa_token']);
  expect(res.json().mfa_required).toBe(true);
  return res.json().mfa_token as string;
}

const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST /login with two-step verification on', () => {
  it('answers the second step instead of a session, and /login/mfa answers the normal sign-in', async () => {
    const { user, password, secret } = await playerWithTotp();
    const before = await sessionsOf(user.id);
    const token = await mfaToken(user.email, password);
    expect(await sessionsOf(user.id)).toBe(before);

    const res = await loginMfa({ mfa_token: token, code: codeNow(t, secret) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: 'Login Successfully!', isAuthenticated: true });
    expect(body.user.email).toBe(user.email);
    const profile = await t.app.inject({
      url: '/api/profile',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(profile.statusCode).toBe(200);
    const events = await t.app.ctx.db.select().from(securityEvents).where(eq(securityEvents.userId, user.id));
    expect(events.map((e) => e.kind)).toContain('mfa_succeeded');
  });

  it('still answers 401 for a wrong password, before any second step', async () => {
    const { user } = await playerWithTotp();
    const res = await login(user.email, 'not-the-password');
    expect(res.statusCode).toBe(401);
    expect(res.json().mfa_token).toBeUndefined();
  });

  it('signs in without a second step when TOTP is off (the reply of the spec)', async () => {
    const { user, password } = await createPlayer(t.app.ctx);
    const res = await login(user.email, password);
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeDefined();
    expect(res.json().mfa_required).toBeUndefined();
  });

  it('registers for Yggdra only when the second step completes', async () => {
    const { user, password, secret } = await playerWithTotp({ games: ['caliber'] });
    const token = await mfaToken(user.email, password, { game: 'yggdra' });
    const games = () => t.app.ctx.db.select().from(userGames).where(eq(userGames.userId, user.id));
    expect((await games()).map((g) => g.game)).toEqual(['caliber']);
    expect((await loginMfa({ mfa_token: token, code: codeNow(t, secret) })).statusCode).toBe(200);
    expect((await games()).map((g) => g.game).sort()).toEqual(['caliber', 'yggdra']);
  });
});

describe('POST /login/mfa', () => {
  it('refuses a reused token (401)', async () => {
    const { user, password, secret } = await playerWithTotp();
    const token = await mfaToken(user.email, password);
    expect((await loginMfa({ mfa_token: token, code: codeNow(t, secret) })).statusCode).toBe(200);
    nextStep(t);
    const again = await loginMfa({ mfa_token: token, code: codeNow(t, secret) });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(MFA_MESSAGES.tokenInvalid);
  });

  it('refuses an expired token (401) and an unknown one', async () => {
    const { user, password, secret } = await playerWithTotp();
    const token = await mfaToken(user.email, password);
    t.clock.advance(MFA_TOKEN_TTL_MINUTES * 60_000 + 1);
    expect((await loginMfa({ mfa_token: token, code: codeNow(t, secret) })).statusCode).toBe(401);
    expect((await loginMfa({ mfa_token: 'x'.repeat(43), code: codeNow(t, secret) })).statusCode).toBe(401);
  });

  it('keeps the token over a wrong code (422), so the player can type it again', async () => {
    const { user, password, secret } = await playerWithTotp();
    const token = await mfaToken(user.email, password);
    const wrong = await loginMfa({ mfa_token: token, code: wrongFor(codeNow(t, secret)) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: [MFA_MESSAGES.wrongCode] });
    expect((await loginMfa({ mfa_token: token, code: codeNow(t, secret) })).statusCode).toBe(200);
  });

  it('refuses a replayed code: a code works once, also for a second sign-in in the same window', async () => {
    const { user, password, secret } = await playerWithTotp();
    const code = codeNow(t, secret);
    expect((await loginMfa({ mfa_token: await mfaToken(user.email, password), code })).statusCode).toBe(200);
    const replay = await loginMfa({ mfa_token: await mfaToken(user.email, password), code });
    expect(replay.statusCode).toBe(422);
    // Nor does the previous step's code, still inside the window.
    const older = await loginMfa({
      mfa_token: await mfaToken(user.email, password),
      code: codeNow(t, secret, -1),
    });
    expect(older.statusCode).toBe(422);
    nextStep(t);
    const fresh = await loginMfa({
      mfa_token: await mfaToken(user.email, password),
      code: codeNow(t, secret),
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('takes a recovery code once (any case, spaces around), then reports one fewer left', async () => {
    const { user, password, recoveryCodes, auth } = await playerWithTotp();
    const code = ` ${recoveryCodes[0]!.toUpperCase()} `;
    const first = await loginMfa({ mfa_token: await mfaToken(user.email, password), code });
    expect(first.statusCode).toBe(200);
    const again = await loginMfa({ mfa_token: await mfaToken(user.email, password), code });
    expect(again.statusCode).toBe(422);
    const status = await t.app.inject({ url: '/api/mfa', headers: auth });
    expect(status.json().recovery_codes_left).toBe(recoveryCodes.length - 1);
    const events = await t.app.ctx.db.select().from(securityEvents).where(eq(securityEvents.userId, user.id));
    expect(events.map((e) => e.kind)).toContain('recovery_code_used');
  });

  it('locks the account after repeated wrong codes (429), even with the right code', async () => {
    const { user, password, secret } = await playerWithTotp();
    const token = await mfaToken(user.email, password);
    const wrong = wrongFor(codeNow(t, secret));
    for (let i = 1; i < LOCKOUT_POLICIES.mfa.threshold; i += 1)
      expect((await loginMfa({ mfa_token: token, code: wrong })).statusCode).toBe(422);
    expect((await loginMfa({ mfa_token: token, code: wrong })).statusCode).toBe(429);
    const right = await loginMfa({ mfa_token: token, code: codeNow(t, secret) });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/Too many wrong codes/);
  });

  it('refuses a suspended account when the second step completes (403)', async () => {
    const { user, password, secret } = await playerWithTotp();
    const token = await mfaToken(user.email, password);
    await t.app.ctx.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, user.id));
    expect((await loginMfa({ mfa_token: token, code: codeNow(t, secret) })).statusCode).toBe(403);
  });

  it('answers 422 to bad input', async () => {
    for (const body of [
      {},
      { mfa_token: 'abc' },
      { code: '123456' },
      { mfa_token: '', code: '123456' },
      { mfa_token: 'abc', code: '12345' },
      { mfa_token: 'abc', code: 'abcd-12345' },
      { mfa_token: 'abc', code: 123456 },
      { mfa_token: 'a'.repeat(201), code: '123456' },
    ])
      expect((await loginMfa(body)).statusCode).toBe(422);
  });
});
