import { MFA_MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { codeNow, postJson, turnOnTotp } from '../../../test/mfa';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function playerWithTotp() {
  const player = await createPlayer(t.app.ctx);
  const totp = await turnOnTotp(t, player.auth);
  const profile = (await t.app.inject({ url: '/api/profile', headers: player.auth })).json().user;
  const update = (changes: Record<string, unknown>) =>
    postJson(t, '/profile/update', { ...profile, ...changes }, player.auth);
  return { ...player, ...totp, profile, update };
}

describe('POST /profile/update with two-step verification on', () => {
  it('needs a code besides the current password to change the email (422 without it or when wrong)', async () => {
    const { password, secret, update } = await playerWithTotp();
    const email = `moved-${Date.now()}@example.test`;
    const missing = await update({ email, current_password: password });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ code: [MFA_MESSAGES.codeRequired] });
    const malformed = await update({ email, current_password: password, code: '12-34' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ code: [MFA_MESSAGES.codeOrRecoveryFormat] });
    const right = codeNow(t, secret);
    const wrong = await update({
      email,
      current_password: password,
      code: right === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: [MFA_MESSAGES.wrongCode] });
    const ok = await update({ email, current_password: password, code: right });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.pending_email).toBe(email);
    // The code was used: the same one again is refused.
    const again = await update({ email: `again-${email}`, current_password: password, code: right });
    expect(again.statusCode).toBe(422);
  });

  it('takes a recovery code, and asks for none when the email stays', async () => {
    const { password, recoveryCodes, update } = await playerWithTotp();
    expect((await update({ name: 'Renamed Player' })).statusCode).toBe(200);
    const email = `recovered-${Date.now()}@example.test`;
    const ok = await update({ email, current_password: password, code: recoveryCodes[2] });
    expect(ok.statusCode).toBe(200);
  });

  it('checks the password first: a wrong password is refused without looking at the code', async () => {
    const { secret, update } = await playerWithTotp();
    const res = await update({
      email: `x-${Date.now()}@example.test`,
      current_password: 'wrong-one',
      code: codeNow(t, secret),
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['current_password']);
  });
});
