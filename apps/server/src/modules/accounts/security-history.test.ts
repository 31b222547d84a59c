import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, post, registeredPlayer, uniqueEmail } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/app';
import { serveAccountEmailRequests } from './email-requests';

/** Password resets and email changes write the account's security history (decision 0030). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const AGENT = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' };

async function kinds(token: string) {
  const reply = await t.app.inject({
    url: '/api/security/events',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.statusCode).toBe(200);
  return (reply.json() as { kind: string; device: string | null }[]).map((e) => [e.kind, e.device]);
}

describe('the security history of account changes', () => {
  it('records a password reset through the emailed link', async () => {
    const player = await registeredPlayer(t.app);
    await post(t.app, '/sendForgotPassword', { email: player.email });
    await serveAccountEmailRequests(t.app.ctx);
    const { token } = await linkToken(t.app, player.email, 'reset-password');
    const password = 'Fresh-Lantern-77';
    const reset = await post(
      t.app,
      '/reset-password',
      { token, new_password: password, new_password_confirmation: password },
      AGENT,
    );
    expect(reset.statusCode).toBe(200);
    const login = await post(t.app, '/login', { email: player.email, password });
    expect(await kinds(login.json().token)).toEqual([
      ['sign_in', null],
      ['password_reset', 'Firefox on Linux'],
      ['sign_in', null],
    ]);
  });

  it('records a confirmed email change', async () => {
    const player = await registeredPlayer(t.app);
    const email = uniqueEmail('moved');
    const update = await post(
      t.app,
      '/profile/update',
      { name: player.name, email, current_password: player.password },
      player.auth,
    );
    expect(update.statusCode).toBe(200);
    const link = await linkToken(t.app, email, 'verifyemail');
    expect((await post(t.app, `/verifyemail/${link.token}/${link.game}`, undefined, AGENT)).statusCode).toBe(
      200,
    );
    const login = await post(t.app, '/login', { email, password: player.password });
    expect((await kinds(login.json().token)).slice(0, 2)).toEqual([
      ['sign_in', null],
      ['email_changed', 'Firefox on Linux'],
    ]);
  });
});
