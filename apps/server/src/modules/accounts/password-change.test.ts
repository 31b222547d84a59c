import { ACCOUNT_MESSAGES, MESSAGES, MFA_MESSAGES } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMail, expectResetLinkVoid, post, resetLinkFor } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer, FIXTURE_PASSWORD } from '../../../test/fixtures';
import { codeNow, turnOnTotp } from '../../../test/mfa';
import { securityEvents, users } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Fresh-Meadow-58';
type Auth = { authorization: string };

const change = (auth: Auth | undefined, body: unknown, address?: string) =>
  address
    ? t.app.inject({
        method: 'POST',
        url: '/api/account/password',
        payload: body as object,
        headers: auth,
        remoteAddress: address,
      })
    : post(t.app, '/api/account/password', body, auth);

const body = (overrides: Record<string, unknown> = {}) => ({
  current_password: FIXTURE_PASSWORD,
  password: NEW_PASSWORD,
  password_confirmation: NEW_PASSWORD,
  ...overrides,
});

const login = (email: string, password: string) => post(t.app, '/login', { email, password });
const profile = (auth: Auth) => t.app.inject({ url: '/api/profile', headers: auth });

/** A second session of the same player, as another browser would have. */
async function secondSession(email: string, password = FIXTURE_PASSWORD): Promise<Auth> {
  const res = await login(email, password);
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

describe('POST /api/account/password', () => {
  it('changes the password, ends every other session, records it and mails a notice', async () => {
    const player = await createPlayer(t.app.ctx);
    const other = await secondSession(player.user.email);
    const res = await change(player.auth, body());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordUpdated });

    expect((await profile(player.auth)).statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await login(player.user.email, FIXTURE_PASSWORD)).statusCode).toBe(401);
    expect((await login(player.user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const mails = await allMail(t.app, player.user.email);
    expect(mails.filter((m) => m.kind === 'password-changed')).toHaveLength(1);
    const events = await t.app.ctx.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, player.user.id), eq(securityEvents.kind, 'password_changed')));
    expect(events).toHaveLength(1);
  });

  it('voids a reset link mailed before the change: it answers as a used link does', async () => {
    const player = await createPlayer(t.app.ctx);
    const token = await resetLinkFor(t.app, player.user.email);
    expect((await change(player.auth, body())).statusCode).toBe(200);

    await expectResetLinkVoid(t.app, token);
    expect((await login(player.user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await change(undefined, body())).statusCode).toBe(401);
  });

  it('answers 422 for a wrong current password, and changes nothing', async () => {
    const player = await createPlayer(t.app.ctx);
    const res = await change(player.auth, body({ current_password: 'Wrong-Password-9' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
    expect((await login(player.user.email, FIXTURE_PASSWORD)).statusCode).toBe(200);
    const mails = await allMail(t.app, player.user.email);
    expect(mails.filter((m) => m.kind === 'password-changed')).toEqual([]);
  });

  it('answers 422 for a new password against the policy or a confirmation that differs', async () => {
    const player = await createPlayer(t.app.ctx);
    const weak = await change(player.auth, body({ password: 'password', password_confirmation: 'password' }));
    expect(weak.statusCode).toBe(422);
    expect(Object.keys(weak.json().errors)).toEqual(['password']);
    const mismatch = await change(player.auth, body({ password_confirmation: 'Other-Meadow-58' }));
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: [MESSAGES.passwordsDoNotMatch] });
    expect((await login(player.user.email, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 422 for a bad body', async () => {
    const player = await createPlayer(t.app.ctx);
    const missing = await change(player.auth, { password: NEW_PASSWORD });
    expect(missing.statusCode).toBe(422);
    const empty = await change(player.auth, body({ current_password: '' }));
    expect(empty.statusCode).toBe(422);
    const wrongType = await change(player.auth, body({ code: 42 }));
    expect(wrongType.statusCode).toBe(422);
    expect((await login(player.user.email, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('counts wrong current passwords toward the sign-in lockout (429)', async () => {
    const player = await createPlayer(t.app.ctx);
    const address = '10.78.1.1';
    for (let i = 0; i < 5; i += 1)
      expect((await change(player.auth, body({ current_password: 'Wrong-9' }), address)).statusCode).toBe(
        422,
      );
    const locked = await change(player.auth, body(), address);
    expect(locked.statusCode).toBe(429);
    expect((await login(player.user.email, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 409 for an account without a password (social sign-in only)', async () => {
    const player = await createPlayer(t.app.ctx);
    await t.app.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.id, player.user.id));
    const res = await change(player.auth, body());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.passwordNotSet);
  });

  it('with two-step verification on, needs a code too: an app code or a recovery code', async () => {
    const player = await createPlayer(t.app.ctx);
    const { secret, recoveryCodes } = await turnOnTotp(t, player.auth);
    const missing = await change(player.auth, body());
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ code: [MFA_MESSAGES.codeRequired] });
    const right = codeNow(t, secret);
    const wrong = await change(player.auth, body({ code: right === '000000' ? '111111' : '000000' }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: [MFA_MESSAGES.wrongCode] });
    expect((await change(player.auth, body({ code: recoveryCodes[0] }))).statusCode).toBe(200);
    const again = await change(
      player.auth,
      body({
        current_password: NEW_PASSWORD,
        password: 'Third-Meadow-77',
        password_confirmation: 'Third-Meadow-77',
        code: right,
      }),
    );
    expect(again.statusCode).toBe(200);
  });
});
