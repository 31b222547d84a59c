import { MFA_MESSAGES, RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@portal/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { type Audience, codeNow, postJson, turnOnTotp } from '../../../test/mfa';
import { emailOutbox, mfaRecoveryCodes, securityEvents, totpCredentials } from '../../db/schema/index';
import { LOCKOUT_POLICIES } from '../../lib/lockout';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function mailsTo(to: string) {
  return t.app.ctx.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.createdAt));
}

async function eventKinds(owner: { userId: string } | { adminId: string }) {
  const column = 'userId' in owner ? securityEvents.userId : securityEvents.adminId;
  const id = 'userId' in owner ? owner.userId : owner.adminId;
  const rows = await t.app.ctx.db.select().from(securityEvents).where(eq(column, id));
  return rows.map((r) => r.kind);
}

const status = (audience: Audience, auth?: { authorization: string }) =>
  t.app.inject({ url: `${audience}/mfa`, headers: auth });

/** Each audience with a fresh account of its kind: the same routes, the same rules. */
const audiences = [
  {
    audience: '/api' as const,
    account: async () => {
      const { user, auth, password } = await createPlayer(t.app.ctx);
      return { email: user.email, auth, password, owner: { userId: user.id } };
    },
  },
  {
    audience: '/api/admin' as const,
    account: async () => {
      const { admin, auth, password } = await createAdmin(t.app.ctx);
      return { email: admin.email, auth, password, owner: { adminId: admin.id } };
    },
  },
];

describe.each(audiences)('$audience/mfa', ({ audience, account }) => {
  it('answers 401 on every route without a session', async () => {
    expect((await status(audience)).statusCode).toBe(401);
    for (const path of ['setup', 'enable', 'disable']) {
      const res = await postJson(t, `${audience}/mfa/totp/${path}`, { code: '123456', password: 'x' });
      expect(res.statusCode).toBe(401);
    }
  });

  it('sets up with a secret and an otpauth URL, turns on with one code, then reports it on', async () => {
    const { email, auth, owner } = await account();
    expect((await status(audience, auth)).json()).toEqual({
      totp_enabled: false,
      recovery_codes_left: 0,
      setup_required: false,
    });
    const setup = await postJson(t, `${audience}/mfa/totp/setup`, undefined, auth);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toContain(email);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });

    const enable = await postJson(t, `${audience}/mfa/totp/enable`, { code: codeNow(t, secret) }, auth);
    expect(enable.statusCode).toBe(200);
    const codes: string[] = enable.json().recovery_codes;
    expect(enable.json().message).toBe(MFA_MESSAGES.enabled);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect((await status(audience, auth)).json()).toEqual({
      totp_enabled: true,
      recovery_codes_left: RECOVERY_CODE_COUNT,
      setup_required: false,
    });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Two-step verification is on');
    expect(await eventKinds(owner)).toContain('two_step_enabled');
  });

  it('keeps the secret sealed and the recovery codes hashed in the database', async () => {
    const { auth, owner } = await account();
    const { secret, recoveryCodes } = await turnOnTotp(t, auth, audience);
    const column = 'userId' in owner ? totpCredentials.userId : totpCredentials.adminId;
    const [row] = await t.app.ctx.db
      .select()
      .from(totpCredentials)
      .where(eq(column, Object.values(owner)[0]!));
    expect(row!.secretEncrypted).not.toContain(secret);
    expect(row!.secretEncrypted).toMatch(/^v1\./);
    const stored = await t.app.ctx.db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.credentialId, row!.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    const hashes = stored.map((s) => s.codeHash).join(' ');
    for (const code of recoveryCodes) expect(hashes).not.toContain(code);
  });

  it('answers 409 to a setup while on (the secret is never shown again) and to a second enable', async () => {
    const { auth } = await account();
    const { secret } = await turnOnTotp(t, auth, audience);
    const again = await postJson(t, `${audience}/mfa/totp/setup`, undefined, auth);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MFA_MESSAGES.alreadyEnabled, code: 'CONFLICT' });
    expect(again.body).not.toContain(secret);
    const enable = await postJson(t, `${audience}/mfa/totp/enable`, { code: codeNow(t, secret) }, auth);
    expect(enable.statusCode).toBe(409);
  });

  it('replaces an unconfirmed setup: only the newest secret turns it on', async () => {
    const { auth } = await account();
    const first = (await postJson(t, `${audience}/mfa/totp/setup`, undefined, auth)).json().secret;
    const second = (await postJson(t, `${audience}/mfa/totp/setup`, undefined, auth)).json().secret;
    expect(second).not.toBe(first);
    const old = await postJson(t, `${audience}/mfa/totp/enable`, { code: codeNow(t, first) }, auth);
    expect(old.statusCode).toBe(422);
    const ok = await postJson(t, `${audience}/mfa/totp/enable`, { code: codeNow(t, second) }, auth);
    expect(ok.statusCode).toBe(200);
  });

  it('refuses enable without a setup (409), a wrong code (422) and malformed codes (422)', async () => {
    const { auth } = await account();
    const none = await postJson(t, `${audience}/mfa/totp/enable`, { code: '123456' }, auth);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ message: MFA_MESSAGES.noSetup, code: 'CONFLICT' });
    const { secret } = (await postJson(t, `${audience}/mfa/totp/setup`, undefined, auth)).json();
    const right = codeNow(t, secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const res = await postJson(t, `${audience}/mfa/totp/enable`, { code: wrong }, auth);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: MFA_MESSAGES.wrongCode,
      errors: { code: [MFA_MESSAGES.wrongCode] },
    });
    for (const code of ['12345', '1234567', 'abcdef', 'abcde-12345', 123456, null]) {
      const bad = await postJson(t, `${audience}/mfa/totp/enable`, { code }, auth);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().message).toBe(MFA_MESSAGES.codeFormat);
    }
    expect((await postJson(t, `${audience}/mfa/totp/enable`, {}, auth)).statusCode).toBe(422);
    // A code typed with a space in the middle is the same code.
    const spaced = `${right.slice(0, 3)} ${right.slice(3)}`;
    expect((await postJson(t, `${audience}/mfa/totp/enable`, { code: spaced }, auth)).statusCode).toBe(200);
  });

  it('accepts the previous and next step but not two steps away', async () => {
    /** A new account's replies to enabling with the codes `steps` 30-second steps from now, in turn. */
    const enableWith = async (...steps: number[]) => {
      const { auth } = await account();
      const { secret } = (await postJson(t, `${audience}/mfa/totp/setup`, undefined, auth)).json();
      const replies: number[] = [];
      for (const step of steps) {
        const code = codeNow(t, secret, step);
        replies.push((await postJson(t, `${audience}/mfa/totp/enable`, { code }, auth)).statusCode);
      }
      return replies;
    };
    // Two steps before or after now is refused; then the next step's code turns two-step on.
    expect(await enableWith(-2, 2, 1)).toEqual([422, 422, 200]);
    // The previous step's code turns it on for another account.
    expect(await enableWith(-1)).toEqual([200]);
  });

  it('turns off with the password and a fresh code, and mails the account', async () => {
    const { email, auth, password, owner } = await account();
    const { secret } = await turnOnTotp(t, auth, audience);
    const res = await postJson(
      t,
      `${audience}/mfa/totp/disable`,
      { password, code: codeNow(t, secret) },
      auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MFA_MESSAGES.disabled });
    expect((await status(audience, auth)).json()).toMatchObject({
      totp_enabled: false,
      recovery_codes_left: 0,
    });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Two-step verification is off');
    expect(await eventKinds(owner)).toContain('two_step_disabled');
    // Off again: 409, and a new setup works.
    const again = await postJson(t, `${audience}/mfa/totp/disable`, { password, code: '123456' }, auth);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MFA_MESSAGES.notEnabled, code: 'CONFLICT' });
    expect((await postJson(t, `${audience}/mfa/totp/setup`, undefined, auth)).statusCode).toBe(200);
  });

  it('turns off with a recovery code, once', async () => {
    const { auth, password } = await account();
    const { recoveryCodes } = await turnOnTotp(t, auth, audience);
    const code = recoveryCodes[3]!.toUpperCase();
    const res = await postJson(t, `${audience}/mfa/totp/disable`, { password, code }, auth);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password, a wrong or replayed code and bad input with 422', async () => {
    const { auth, password, owner } = await account();
    const { secret } = await turnOnTotp(t, auth, audience);
    const disable = (body: unknown) => postJson(t, `${audience}/mfa/totp/disable`, body, auth);
    const wrongPassword = await disable({ password: 'not-the-password', code: codeNow(t, secret) });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().errors).toEqual({ password: [MFA_MESSAGES.wrongPassword] });
    // The wrong password did not use up the code: it still turns TOTP off once...
    const used = codeNow(t, secret);
    const code = used === '000000' ? '111111' : '000000';
    const wrongCode = await disable({ password, code });
    expect(wrongCode.statusCode).toBe(422);
    expect(wrongCode.json().errors).toEqual({ code: [MFA_MESSAGES.wrongCode] });
    for (const body of [
      {},
      { password },
      { code: used },
      { password: '', code: used },
      { password, code: 'abc' },
    ])
      expect((await disable(body)).statusCode).toBe(422);
    expect(await eventKinds(owner)).toContain('mfa_failed');
    // A code the account already used (turning on used the previous step's) is refused.
    const replay = await disable({ password, code: codeNow(t, secret, -1) });
    expect(replay.statusCode).toBe(422);
    expect((await disable({ password, code: used })).statusCode).toBe(200);
  });

  it('locks after repeated wrong codes (429), even for the right code, until the lock runs out', async () => {
    const { auth, password } = await account();
    const { secret } = await turnOnTotp(t, auth, audience);
    const right = codeNow(t, secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const threshold = LOCKOUT_POLICIES.mfa.threshold;
    for (let i = 1; i < threshold; i += 1)
      expect(
        (await postJson(t, `${audience}/mfa/totp/disable`, { password, code: wrong }, auth)).statusCode,
      ).toBe(422);
    const locking = await postJson(t, `${audience}/mfa/totp/disable`, { password, code: wrong }, auth);
    expect(locking.statusCode).toBe(429);
    expect(locking.json().message).toBe(MFA_MESSAGES.lockedOut(15));
    const locked = await postJson(t, `${audience}/mfa/totp/disable`, { password, code: right }, auth);
    expect(locked.statusCode).toBe(429);
    t.clock.advance(15 * 60_000 + 1000);
    const fresh = codeNow(t, secret);
    expect(
      (await postJson(t, `${audience}/mfa/totp/disable`, { password, code: fresh }, auth)).statusCode,
    ).toBe(200);
  });
});

describe('audiences stay apart', () => {
  it('a player token cannot use the admin routes (403), an admin token not the player ones (401)', async () => {
    const player = await createPlayer(t.app.ctx);
    const admin = await createAdmin(t.app.ctx);
    expect((await status('/api/admin', player.auth)).statusCode).toBe(403);
    expect((await postJson(t, '/api/admin/mfa/totp/setup', undefined, player.auth)).statusCode).toBe(403);
    expect((await status('/api', admin.auth)).statusCode).toBe(401);
    expect((await postJson(t, '/api/mfa/totp/setup', undefined, admin.auth)).statusCode).toBe(401);
  });
});
