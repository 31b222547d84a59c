import { ADMIN_MESSAGES, MFA_MESSAGES, MFA_TOKEN_TTL_MINUTES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PRODUCTION_ENV, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { codeNow, nextStep, postJson, turnOnTotp } from '../../../test/mfa';
import { accessTokens, admins } from '../../db/schema/index';
import { LOCKOUT_POLICIES } from '../../lib/lockout';
import { hashToken } from '../../lib/tokens';

const get = (t: TestApp, url: string, auth?: { authorization: string }) =>
  t.app.inject({ url, headers: auth });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('admin sign-in with two-step verification on (ADMIN_MFA=optional)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function adminToken(email: string, password: string) {
    const res = await postJson(t, '/api/admin/login', { email, password });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['mfa_required', 'mfa_token']);
    return res.json().mfa_token as string;
  }

  it('answers the second step, then /api/admin/login/mfa answers the admin sign-in', async () => {
    const { admin, auth, password } = await createAdmin(t.app.ctx);
    const { secret } = await turnOnTotp(t, auth, '/api/admin');
    const token = await adminToken(admin.email, password);
    const res = await postJson(t, '/api/admin/login/mfa', { mfa_token: token, code: codeNow(t, secret) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ADMIN_MESSAGES.loginSuccessful,
      adminAuthenticated: true,
      admin: { id: admin.id, email: admin.email },
    });
    expect((await get(t, '/api/admin/me', bearer(res.json().token))).statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(admins).where(eq(admins.id, admin.id));
    expect(row!.lastLoginAt).not.toBeNull();
  });

  it('refuses reused, expired and player tokens (401), wrong (422) and replayed codes, bad input (422)', async () => {
    const { admin, auth, password } = await createAdmin(t.app.ctx);
    const { secret, recoveryCodes } = await turnOnTotp(t, auth, '/api/admin');
    const complete = (body: unknown) => postJson(t, '/api/admin/login/mfa', body);

    const token = await adminToken(admin.email, password);
    const code = codeNow(t, secret);
    expect((await complete({ mfa_token: token, code: wrongFor(code) })).statusCode).toBe(422);
    expect((await complete({ mfa_token: token, code })).statusCode).toBe(200);
    expect((await complete({ mfa_token: token, code: recoveryCodes[0] })).statusCode).toBe(401);
    // The same code again, for a new sign-in in the same window.
    expect((await complete({ mfa_token: await adminToken(admin.email, password), code })).statusCode).toBe(
      422,
    );

    const late = await adminToken(admin.email, password);
    t.clock.advance(MFA_TOKEN_TTL_MINUTES * 60_000 + 1);
    expect((await complete({ mfa_token: late, code: codeNow(t, secret) })).statusCode).toBe(401);

    // A player's token completes no admin sign-in, and an admin's no player sign-in.
    const player = await createPlayer(t.app.ctx);
    const playerTotp = await turnOnTotp(t, player.auth);
    const playerToken = (
      await postJson(t, '/login', { email: player.user.email, password: player.password })
    ).json().mfa_token;
    expect((await complete({ mfa_token: playerToken, code: codeNow(t, playerTotp.secret) })).statusCode).toBe(
      401,
    );
    const adminOne = await adminToken(admin.email, password);
    expect(
      (await postJson(t, '/login/mfa', { mfa_token: adminOne, code: recoveryCodes[1] })).statusCode,
    ).toBe(401);

    for (const body of [{}, { mfa_token: adminOne }, { mfa_token: adminOne, code: 'nope' }])
      expect((await complete(body)).statusCode).toBe(422);
    expect((await complete({ mfa_token: adminOne, code: recoveryCodes[1] })).statusCode).toBe(200);
  });

  it('locks after repeated wrong codes (429)', async () => {
    const { admin, auth, password } = await createAdmin(t.app.ctx);
    const { secret } = await turnOnTotp(t, auth, '/api/admin');
    const token = await adminToken(admin.email, password);
    const wrong = wrongFor(codeNow(t, secret));
    for (let i = 1; i < LOCKOUT_POLICIES.mfa.threshold; i += 1)
      expect((await postJson(t, '/api/admin/login/mfa', { mfa_token: token, code: wrong })).statusCode).toBe(
        422,
      );
    expect((await postJson(t, '/api/admin/login/mfa', { mfa_token: token, code: wrong })).statusCode).toBe(
      429,
    );
    const right = await postJson(t, '/api/admin/login/mfa', { mfa_token: token, code: codeNow(t, secret) });
    expect(right.statusCode).toBe(429);
  });

  it('signs the demo-like admin without TOTP straight in, and every admin route stays open', async () => {
    const { admin, password } = await createAdmin(t.app.ctx);
    const res = await postJson(t, '/api/admin/login', { email: admin.email, password });
    expect(res.json().token).toBeDefined();
    expect((await get(t, '/api/admin/mfa', bearer(res.json().token))).json().setup_required).toBe(false);
    expect((await get(t, '/api/admin/sessions', bearer(res.json().token))).statusCode).toBe(200);
  });
});

describe('ADMIN_MFA=required', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_MFA: 'required' } });
  });
  afterAll(() => t.close());

  it('gives an admin without TOTP a session that reaches only setup, me and logout, also once TOTP is on; a sign-in with the code opens the rest', async () => {
    const { admin, password } = await createAdmin(t.app.ctx);
    const login = await postJson(t, '/api/admin/login', { email: admin.email, password });
    expect(login.statusCode).toBe(200);
    const auth = bearer(login.json().token);

    for (const url of ['/api/admin/sessions', '/api/admin/security/events']) {
      const res = await get(t, url, auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MFA_MESSAGES.setupRequired, code: 'FORBIDDEN' });
    }
    const blocked = await get(t, '/api/users/paginate/caliber', auth);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(MFA_MESSAGES.setupRequired);
    // The sales dashboard with an admin token too (guarded before its body is read).
    const sales = await postJson(t, '/api/getorders', {}, auth);
    expect(sales.statusCode).toBe(403);
    expect(sales.json().message).toBe(MFA_MESSAGES.setupRequired);
    expect((await get(t, '/api/admin/me', auth)).statusCode).toBe(200);
    expect((await get(t, '/api/admin/mfa', auth)).json()).toEqual({
      totp_enabled: false,
      recovery_codes_left: 0,
      setup_required: true,
    });

    // The session reads its own proof (decision 0063): it signed in with the password alone, so turning
    // two-step on in it (a stolen one could, with the thief's authenticator) leaves it limited to the setup.
    const { secret } = await turnOnTotp(t, auth, '/api/admin');
    expect((await get(t, '/api/admin/sessions', auth)).json()).toEqual({
      message: MFA_MESSAGES.setupRequired,
      code: 'FORBIDDEN',
    });
    expect((await get(t, '/api/admin/mfa', auth)).json()).toMatchObject({
      totp_enabled: true,
      setup_required: true,
    });
    const [row] = await t.app.ctx.db
      .select({ signedInWith: accessTokens.signedInWith })
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashToken(login.json().token)));
    expect(row!.signedInWith).toBe('password');

    // Signed in again with the code: the back-office opens, and the session says how it was proved.
    const first = await postJson(t, '/api/admin/login', { email: admin.email, password });
    const second = await postJson(t, '/api/admin/login/mfa', {
      mfa_token: first.json().mfa_token,
      code: codeNow(t, secret),
    });
    expect(second.statusCode).toBe(200);
    const proved = bearer(second.json().token);
    expect((await get(t, '/api/admin/sessions', proved)).statusCode).toBe(200);
    expect((await get(t, '/api/admin/mfa', proved)).json().setup_required).toBe(false);
    const [provedRow] = await t.app.ctx.db
      .select({ signedInWith: accessTokens.signedInWith })
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashToken(second.json().token)));
    expect(provedRow!.signedInWith).toBe('password+code');

    // Turning it off puts the admin back behind the setup screen.
    nextStep(t);
    const off = await postJson(
      t,
      '/api/admin/mfa/totp/disable',
      { password, code: codeNow(t, secret) },
      proved,
    );
    expect(off.statusCode).toBe(200);
    expect((await get(t, '/api/admin/sessions', proved)).statusCode).toBe(403);
    expect((await postJson(t, '/api/admin/logout', undefined, proved)).statusCode).toBe(200);
  });

  it('still refuses a missing token (401) and a player token (403) first', async () => {
    const player = await createPlayer(t.app.ctx);
    expect((await get(t, '/api/admin/sessions')).statusCode).toBe(401);
    const res = await get(t, '/api/admin/sessions', player.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).not.toBe(MFA_MESSAGES.setupRequired);
  });
});

describe('production default', () => {
  it('requires two-step verification of admins when NODE_ENV=production and ADMIN_MFA is unset', async () => {
    const t = await buildTestApp({ env: { ...PRODUCTION_ENV } });
    try {
      expect(t.app.ctx.config.ADMIN_MFA).toBe('required');
      const { auth } = await createAdmin(t.app.ctx);
      const res = await get(t, '/api/admin/sessions', auth);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MFA_MESSAGES.setupRequired);
      expect((await postJson(t, '/api/admin/mfa/totp/setup', undefined, auth)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
