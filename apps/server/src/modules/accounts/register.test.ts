import { ACCOUNT_MESSAGES, tooManyRequestsMessage } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  latestMail,
  linkToken,
  post,
  registration,
  uniqueEmail,
} from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { referralCodes, userGames, users } from '../../db/schema/index';
import { createPersonalReferralCode } from '../referrals';
import { serveAccountEmailRequests } from './email-requests';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const userByEmail = async (email: string) =>
  (
    await t.app.ctx.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  )[0];

describe('POST /register', () => {
  it('creates an unverified Caliber account with a hashed PIN, a personal referral code and a verification email', async () => {
    const body = registration({ pin: '1234' });
    const res = await post(t.app, '/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/^Registration Successful!/);
    const user = await userByEmail(String(body.email));
    expect(user?.emailVerifiedAt).toBeNull();
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [game] = await t.app.ctx.db.select().from(userGames).where(eq(userGames.userId, user!.id));
    expect(game).toMatchObject({ game: 'caliber', nickname: body.nickname });
    expect(game?.pinHash).toMatch(/^\$argon2id\$/);
    const codes = await t.app.ctx.db
      .select()
      .from(referralCodes)
      .where(eq(referralCodes.ownerUserId, user!.id));
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({ game: 'caliber' });
    expect(codes[0]!.url).toBe(`http://portal.test/register/caliber?referral_code=${codes[0]!.code}`);
    const mail = await latestMail(t.app, String(body.email));
    expect(mail?.kind).toBe('verify-email');
    expect(mail?.html).toContain('http://portal.test/verifyemail/');
    const { token, game: linkGame } = await linkToken(t.app, String(body.email), 'verifyemail');
    expect(linkGame).toBe('caliber');
    expect(token).not.toContain(user!.id);
    expect(token.length).toBeGreaterThanOrEqual(43);
  });

  it('registers Tales Runner without a nickname and ignores a nickname and PIN sent anyway', async () => {
    const body = registration({ selectedGame: 'talesrunner', pin: '1234' });
    expect((await post(t.app, '/register', body)).statusCode).toBe(201);
    const user = await userByEmail(String(body.email));
    const [game] = await t.app.ctx.db.select().from(userGames).where(eq(userGames.userId, user!.id));
    expect(game).toMatchObject({ game: 'talesrunner', nickname: null, pinHash: null });
  });

  it('accepts confirmPassword in place of password_confirmation', async () => {
    const { password_confirmation: _, ...rest } = registration();
    const res = await post(t.app, '/register', { ...rest, confirmPassword: GOOD_PASSWORD });
    expect(res.statusCode).toBe(201);
  });

  it('ignores unknown fields and never stores them', async () => {
    const body = registration({
      role: 'admin',
      account_status: 'suspended',
      emailVerifiedAt: '2020-01-01',
      id: '00000000-0000-0000-0000-000000000001',
    });
    expect((await post(t.app, '/register', body)).statusCode).toBe(201);
    const user = await userByEmail(String(body.email));
    expect(user).toMatchObject({ role: 'member', accountStatus: 'active', emailVerifiedAt: null });
    expect(user!.id).not.toBe('00000000-0000-0000-0000-000000000001');
  });

  it('answers 422 with field-keyed messages for missing fields', async () => {
    const res = await post(t.app, '/register', {});
    expect(res.statusCode).toBe(422);
    const { errors, message } = res.json();
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['name', 'email', 'password', 'selectedGame']),
    );
    expect(errors.name).toEqual(['Required field']);
    expect(errors.email).toEqual(['Required field and must be a valid email address']);
    expect(typeof message).toBe('string');
  });

  it('answers 422 for wrong types and too long values', async () => {
    const res = await post(
      t.app,
      '/register',
      registration({ name: 42, email: ['x'], selectedGame: 'yggdra' }),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['name', 'email', 'selectedGame']));
    const long = await post(
      t.app,
      '/register',
      registration({ name: 'x'.repeat(256), email: `${'a'.repeat(250)}@x.io` }),
    );
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(expect.arrayContaining(['name', 'email']));
  });

  it('enforces 8-70 characters and refuses common passwords', async () => {
    for (const password of ['short1!', 'x'.repeat(71)]) {
      const res = await post(t.app, '/register', registration({ password, password_confirmation: password }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.password).toEqual(['Password must be 8-70 characters long.']);
    }
    const common = await post(
      t.app,
      '/register',
      registration({ password: 'Password123', password_confirmation: 'Password123' }),
    );
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.password[0]).toMatch(/too common/);
    const seventy = `${'a1B-'.repeat(17)}xy`;
    expect(
      (await post(t.app, '/register', registration({ password: seventy, password_confirmation: seventy })))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a confirmation that does not match', async () => {
    const res = await post(t.app, '/register', registration({ password_confirmation: 'Other-Password-9' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password_confirmation).toEqual(['Passwords do not match.']);
  });

  it('refuses a taken email case-insensitively', async () => {
    const email = uniqueEmail('dup');
    expect((await post(t.app, '/register', registration({ email }))).statusCode).toBe(201);
    const res = await post(t.app, '/register', registration({ email: email.toUpperCase() }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
    });
  });

  it('requires a Caliber nickname, unique case-insensitively', async () => {
    const missing = await post(t.app, '/register', registration({ nickname: '' }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.nickname).toEqual(['Nickname field is required.']);
    const first = registration();
    expect((await post(t.app, '/register', first)).statusCode).toBe(201);
    const dup = await post(
      t.app,
      '/register',
      registration({ nickname: String(first.nickname).toUpperCase() }),
    );
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.nickname).toEqual(['The nickname has already been taken.']);
  });

  it('refuses a PIN that is not 4 digits', async () => {
    const res = await post(t.app, '/register', registration({ pin: '12a4' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.pin).toEqual(['PIN (4 digits)']);
  });

  it('takes an existing referral code (any case) and refuses an unknown one', async () => {
    const owner = await createPlayer(t.app.ctx);
    const { code } = await createPersonalReferralCode(t.app.ctx, {
      userId: owner.user.id,
      game: 'caliber',
      name: 'Owner',
    });
    const body = registration({ referralCode: code.toLowerCase() });
    expect((await post(t.app, '/register', body)).statusCode).toBe(201);
    const user = await userByEmail(String(body.email));
    expect(user?.referralCode).toBe(code);
    const [game] = await t.app.ctx.db.select().from(userGames).where(eq(userGames.userId, user!.id));
    expect(game?.referralCode).toBe(code);
    const bad = await post(t.app, '/register', registration({ referralCode: 'NOPE-NOT-A-CODE' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.referralCode).toEqual(['The referral code does not exist.']);
    expect((await post(t.app, '/register', registration({ referralCode: '' }))).statusCode).toBe(201);
  });

  it('limits registrations per IP with a 429', async () => {
    const remoteAddress = '10.77.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/register', payload: {}, remoteAddress });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses[5]).toBe(429);
    const res = await t.app.inject({ method: 'POST', url: '/register', payload: {}, remoteAddress });
    // The refusal says how long to wait: what its Retry-After header says, within the minute's window.
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    const message = tooManyRequestsMessage(wait);
    expect(message).toMatch(/^Too many attempts\. Please wait (\d+ seconds?|1 minute) and try again\.$/);
    expect(res.json()).toEqual({ message, code: 'TOO_MANY_REQUESTS', error: message });
  });
});

describe('POST /verifyemail/{token}/{game}', () => {
  it('verifies once; opened again, the link says the address is already verified', async () => {
    const body = registration({ selectedGame: 'talesrunner' });
    await post(t.app, '/register', body);
    const { token } = await linkToken(t.app, String(body.email), 'verifyemail');
    const res = await post(t.app, `/verifyemail/${token}/talesrunner`, undefined);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Your email address has been verified. You can now log in.',
      game: 'talesrunner',
    });
    expect((await userByEmail(String(body.email)))?.emailVerifiedAt).not.toBeNull();
    const again = await post(t.app, `/verifyemail/${token}/talesrunner`, undefined);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.alreadyVerified, game: 'talesrunner' });
  });

  it('refuses a used verification link whose address is no longer verified, and a reset link', async () => {
    const player = await createPlayer(t.app.ctx, { emailVerifiedAt: null });
    await post(t.app, '/resendEmail', { email: player.user.email });
    await serveAccountEmailRequests(t.app.ctx);
    const { token } = await linkToken(t.app, player.user.email, 'verifyemail');
    expect((await post(t.app, `/verifyemail/${token}/caliber`, undefined)).statusCode).toBe(200);
    await t.app.ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, player.user.id));
    const again = await post(t.app, `/verifyemail/${token}/caliber`, undefined);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatch(/invalid, has already been used or has expired/);

    await post(t.app, '/sendForgotPassword', { email: player.user.email });
    await serveAccountEmailRequests(t.app.ctx);
    const reset = await linkToken(t.app, player.user.email, 'reset-password');
    expect((await post(t.app, `/verifyemail/${reset.token}/caliber`, undefined)).statusCode).toBe(400);
  });

  it('refuses an expired token (24 h) and an unknown one; the user id is not a token', async () => {
    const body = registration();
    await post(t.app, '/register', body);
    const { token } = await linkToken(t.app, String(body.email), 'verifyemail');
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await post(t.app, `/verifyemail/${token}/caliber`, undefined)).statusCode).toBe(400);
    const user = await userByEmail(String(body.email));
    expect((await post(t.app, `/verifyemail/${user!.id}/caliber`, undefined)).statusCode).toBe(400);
    expect((await userByEmail(String(body.email)))?.emailVerifiedAt).toBeNull();
  });
});

describe('POST /resendEmail', () => {
  it('answers the same for unknown, verified and unverified addresses; only the unverified gets a new link', async () => {
    const body = registration();
    await post(t.app, '/register', body);
    const { token: first } = await linkToken(t.app, String(body.email), 'verifyemail');
    const verified = await createPlayer(t.app.ctx);
    t.clock.advance(1000);
    const replies = await Promise.all(
      [uniqueEmail('ghost'), verified.user.email, String(body.email)].map((email) =>
        post(t.app, '/resendEmail', { email }),
      ),
    );
    for (const res of replies) expect(res.statusCode).toBe(200);
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    await serveAccountEmailRequests(t.app.ctx);
    expect(await latestMail(t.app, verified.user.email)).toBeNull();
    const { token: second } = await linkToken(t.app, String(body.email), 'verifyemail');
    expect(second).not.toBe(first);
    // Only the newest link works.
    expect((await post(t.app, `/verifyemail/${first}/caliber`, undefined)).statusCode).toBe(400);
    expect((await post(t.app, `/verifyemail/${second}/caliber`, undefined)).statusCode).toBe(200);
  });

  it('answers 422 without an email and ignores unknown fields', async () => {
    const res = await post(t.app, '/resendEmail', { mail: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email field is required.']);
    expect((await post(t.app, '/resendEmail', { email: uniqueEmail(), extra: 1 })).statusCode).toBe(200);
  });
});

describe('POST /api/referral-visit', () => {
  it('counts visits of a known code and ignores unknown ones', async () => {
    const owner = await createPlayer(t.app.ctx, { games: ['talesrunner'] });
    const { code } = await createPersonalReferralCode(t.app.ctx, {
      userId: owner.user.id,
      game: 'talesrunner',
      name: 'TR',
    });
    expect((await post(t.app, '/api/referral-visit', { referral_code: code })).json()).toEqual({
      counted: true,
    });
    await post(t.app, '/api/referral-visit', { referral_code: code.toLowerCase() });
    expect((await post(t.app, '/api/referral-visit', { referral_code: 'UNKNOWN1' })).json()).toEqual({
      counted: false,
    });
    const [row] = await t.app.ctx.db.select().from(referralCodes).where(eq(referralCodes.code, code));
    expect(row?.visitCount).toBe(2);
    expect((await post(t.app, '/api/referral-visit', {})).statusCode).toBe(422);
  });
});
