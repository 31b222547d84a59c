import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, linkToken, post } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { postJson } from '../../../test/mfa';
import { SoftPasskey } from '../../../test/passkeys';
import { stepUp } from '../../../test/step-up';
import { serveAccountEmailRequests } from './email-requests';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Passkeys outlive a password reset: its confirmation email names the ones added lately (decision 0038). */
describe('the password reset email and recently added passkeys', () => {
  it('names them and links the Security page; without any, it says nothing of them', async () => {
    const { user, auth } = await createPlayer(t.app.ctx);
    await stepUp(t, auth);
    const { options } = (await postJson(t, '/api/passkeys/register/options', undefined, auth)).json();
    const response = new SoftPasskey(t.app.ctx.config.PUBLIC_URL).register(options);
    const added = await postJson(
      t,
      '/api/passkeys/register/verify',
      { name: 'Thief’s <b>key</b>', response },
      auth,
    );
    expect(added.statusCode).toBe(200);

    const reset = async () => {
      await post(t.app, '/sendForgotPassword', { email: user.email });
      await serveAccountEmailRequests(t.app.ctx);
      const { token } = await linkToken(t.app, user.email, 'reset-password');
      t.clock.advance(1_000); // so the confirmation is the newest mail
      const res = await post(t.app, '/reset-password', {
        token,
        new_password: 'Fresh-Pass-77',
        new_password_confirmation: 'Fresh-Pass-77',
      });
      expect(res.statusCode).toBe(200);
      return (await latestMail(t.app, user.email))!;
    };
    const mail = await reset();
    expect(mail.subject).toBe('Your password was changed');
    expect(mail.text).toContain('These passkeys were added to your account in the last 7 days');
    expect(mail.text).toContain('“Thief’s <b>key</b>”');
    expect(mail.html).toContain('Thief’s &lt;b&gt;key&lt;/b&gt;');
    expect(mail.text).toContain(`${t.app.ctx.config.PUBLIC_URL}/security`);

    t.clock.advance(8 * 24 * 3_600_000);
    const later = await reset();
    expect(later.subject).toBe('Your password was changed');
    expect(later.text).not.toContain('passkeys were added');
  });
});
