import { LAUNCHER_MESSAGES, MFA_MESSAGES, MFA_TOKEN_TTL_MINUTES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { codeNow, postJson, turnOnTotp } from '../../../test/mfa';
import { developers } from '../../db/schema/index';
import { LOCKOUT_POLICIES } from '../../lib/lockout';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function playerWithTotp(games: ('caliber' | 'yggdra')[] = ['caliber']) {
  const player = await createPlayer(t.app.ctx, { games });
  return { ...player, ...(await turnOnTotp(t, player.auth)) };
}

async function launcherToken(email: string, password: string, developer?: boolean) {
  const res = await postJson(t, '/api/login-caliber', { email, password, developer });
  expect(res.statusCode).toBe(200);
  expect(Object.keys(res.json()).sort()).toEqual(['mfa_required', 'mfa_token']);
  return res.json().mfa_token as string;
}

const complete = (body: unknown) => postJson(t, '/api/login-caliber/mfa', body);
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST /api/login-caliber with two-step verification on', () => {
  it('answers the second step; /api/login-caliber/mfa answers the launcher redirect with a code', async () => {
    const { user, password, secret } = await playerWithTotp();
    const token = await launcherToken(user.email, password);
    const res = await complete({ mfa_token: token, code: codeNow(t, secret) });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().data.redirectURL);
    expect(`${url.protocol}//${url.host}`).toBe('caliber://login');
    expect(url.searchParams.get('code')).toMatch(/^[\w-]{43}$/);
  });

  it('keeps the developer flag: a player who is no developer gets the launcher error after the code', async () => {
    const { user, password, secret } = await playerWithTotp();
    const token = await launcherToken(user.email, password, true);
    const res = await complete({ mfa_token: token, code: codeNow(t, secret) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { errorCode: 'NOT_A_DEVELOPER', errorMessage: LAUNCHER_MESSAGES.notDeveloper },
    });
  });

  it('sends a verified developer to the developer launcher', async () => {
    const { user, password, secret } = await playerWithTotp();
    const now = t.clock.now();
    await t.app.ctx.db
      .insert(developers)
      .values({ userId: user.id, markedBy: 'test', markedAt: now, verifiedAt: now });
    const token = await launcherToken(user.email, password, true);
    const res = await complete({ mfa_token: token, code: codeNow(t, secret) });
    expect(res.json().data.redirectURL).toMatch(/^caliber-dev:\/\/login\?code=/);
  });

  it('checks the Caliber registration when the second step completes', async () => {
    const { user, password, secret } = await playerWithTotp(['yggdra']);
    const token = await launcherToken(user.email, password);
    const res = await complete({ mfa_token: token, code: codeNow(t, secret) });
    expect(res.json().data.errorCode).toBe('NOT_REGISTERED_FOR_CALIBER');
  });

  it('refuses reused, expired and other flows’ tokens (401), wrong (422) and replayed codes, bad input', async () => {
    const { user, password, secret, recoveryCodes } = await playerWithTotp();
    const token = await launcherToken(user.email, password);
    const code = codeNow(t, secret);
    const wrong = await complete({ mfa_token: token, code: wrongFor(code) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: [MFA_MESSAGES.wrongCode] });
    expect((await complete({ mfa_token: token, code })).statusCode).toBe(200);
    expect((await complete({ mfa_token: token, code: recoveryCodes[0] })).statusCode).toBe(401);
    const second = await launcherToken(user.email, password);
    expect((await complete({ mfa_token: second, code })).statusCode).toBe(422);
    // A launcher token does not complete /login, nor a /login token the launcher.
    expect((await postJson(t, '/login/mfa', { mfa_token: second, code: recoveryCodes[0] })).statusCode).toBe(
      401,
    );
    const web = (await postJson(t, '/login', { email: user.email, password })).json().mfa_token;
    expect((await complete({ mfa_token: web, code: recoveryCodes[0] })).statusCode).toBe(401);
    t.clock.advance(MFA_TOKEN_TTL_MINUTES * 60_000 + 1);
    expect((await complete({ mfa_token: second, code: recoveryCodes[0] })).statusCode).toBe(401);
    for (const body of [{}, { mfa_token: 'abc' }, { mfa_token: 'abc', code: '12 34' }])
      expect((await complete(body)).statusCode).toBe(422);
  });

  it('locks after repeated wrong codes (429)', async () => {
    const { user, password, secret } = await playerWithTotp();
    const token = await launcherToken(user.email, password);
    const wrong = wrongFor(codeNow(t, secret));
    for (let i = 1; i < LOCKOUT_POLICIES.mfa.threshold; i += 1)
      expect((await complete({ mfa_token: token, code: wrong })).statusCode).toBe(422);
    expect((await complete({ mfa_token: token, code: wrong })).statusCode).toBe(429);
    expect((await complete({ mfa_token: token, code: codeNow(t, secret) })).statusCode).toBe(429);
  });
});
