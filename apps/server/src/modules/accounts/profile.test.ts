import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allMail,
  expectResetLinkVoid,
  latestMail,
  linkToken,
  post,
  registeredPlayer,
  resetLinkFor,
  uniqueEmail,
  uniqueNick,
} from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer, FIXTURE_PASSWORD } from '../../../test/fixtures';
import { stepUp } from '../../../test/step-up';
import { referralCodes, userGames, users } from '../../db/schema/index';
import { verifySecret } from '../../lib/hashing';
import { createPersonalReferralCode } from '../referrals';
import { serveAccountEmailRequests } from './email-requests';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const profileOf = async (auth: Record<string, string>) =>
  (await t.app.inject({ url: '/api/profile', headers: auth })).json().user;

function edit(user: Record<string, unknown>, changes: Record<string, unknown> = {}) {
  return { ...user, ...changes };
}

describe('GET /api/profile', () => {
  it('returns the spec User shape with games, dates and the personal referral code', async () => {
    const player = await registeredPlayer(t.app, { pin: '4321' });
    const res = await t.app.inject({ url: '/api/profile', headers: player.auth });
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(Object.keys(user)).toEqual(
      expect.arrayContaining([
        'uuid',
        'name',
        'email',
        'phone_number',
        'timeZone',
        'isp',
        'account_status',
        'created_at',
        'role',
        'referral_code',
        'nickname',
        'pin',
        'profile',
        'addresses',
        'games',
      ]),
    );
    expect(user.has_password).toBe(true);
    expect(user).toMatchObject({
      email: player.email,
      nickname: player.nickname,
      pin: '****',
      account_status: 'active',
    });
    expect(user.games).toEqual([{ id: expect.any(String), name: 'caliber', created_at: expect.any(String) }]);
    expect(user.my_referral_codes).toHaveLength(1);
    expect(user.addresses).toEqual([{ address1: null, city: null, province: null, country: null }]);
  });

  it('answers 401 without a valid token', async () => {
    expect((await t.app.inject('/api/profile')).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/profile', headers: { authorization: 'Bearer nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(res.json().message);
  });
});

describe('POST /profile/update', () => {
  it('saves every form field and ignores role, status and other unknown fields', async () => {
    const player = await registeredPlayer(t.app);
    const user = await profileOf(player.auth);
    // A new PIN outlives the session: the player confirms it's them first (the step-up tests: step-up.test.ts).
    await stepUp(t, player.auth, '/api', { password: player.password });
    const res = await post(
      t.app,
      '/profile/update',
      edit(user, {
        name: 'New Name',
        phone_number: '09171234567',
        nickname: uniqueNick(),
        pin: '9876',
        role: 'admin',
        account_status: 'suspended',
        created_at: '2001-01-01T00:00:00.000Z',
        timeZone: 'Mars/Base',
        profile: { gender: 'non-binary', birthdate: '1990-05-06', occupation: 'Engineer', age: 3 },
        addresses: [{ address1: '1 Main St', city: 'Cebu', province: 'Cebu', country: 'Philippines' }],
        hacker: true,
      }),
      player.auth,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Profile Updated Successfully!');
    expect(body.user).toMatchObject({
      name: 'New Name',
      phone_number: '09171234567',
      role: 'member',
      account_status: 'active',
      timeZone: null,
      pin: '****',
      profile: { gender: 'non-binary', birthdate: '1990-05-06', occupation: 'Engineer' },
      addresses: [{ address1: '1 Main St', city: 'Cebu', province: 'Cebu', country: 'Philippines' }],
    });
    expect(body.user.created_at).toBe(user.created_at);
    expect(body.user.profile.age).toBeGreaterThan(30);
    const [game] = await t.app.ctx.db.select().from(userGames).where(eq(userGames.userId, user.uuid));
    expect(await verifySecret(game!.pinHash!, '9876')).toBe(true);
  });

  it('keeps the PIN when the masked value or nothing is sent', async () => {
    const player = await registeredPlayer(t.app, { pin: '1111' });
    const user = await profileOf(player.auth);
    expect((await post(t.app, '/profile/update', edit(user, { pin: '****' }), player.auth)).statusCode).toBe(
      200,
    );
    expect((await post(t.app, '/profile/update', edit(user, { pin: null }), player.auth)).statusCode).toBe(
      200,
    );
    const [game] = await t.app.ctx.db.select().from(userGames).where(eq(userGames.userId, user.uuid));
    expect(await verifySecret(game!.pinHash!, '1111')).toBe(true);
  });

  it('answers 422 for a bad mobile number, PIN, gender, date, email and too long text', async () => {
    const player = await registeredPlayer(t.app);
    const user = await profileOf(player.auth);
    const cases: [Record<string, unknown>, string][] = [
      [{ phone_number: '0917-123' }, 'phone_number'],
      [{ phone_number: '1'.repeat(21) }, 'phone_number'],
      [{ pin: '12345' }, 'pin'],
      [{ profile: { gender: 'robot' } }, 'profile.gender'],
      [{ profile: { birthdate: '31/12/1990' } }, 'profile.birthdate'],
      [{ profile: { birthdate: '2099-01-01' } }, 'profile.birthdate'],
      [{ profile: { birthdate: '1899-12-31' } }, 'profile.birthdate'],
      [{ email: 'not-an-email' }, 'email'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(256) }, 'name'],
      [{ name: 7 }, 'name'],
    ];
    for (const [changes, field] of cases) {
      const res = await post(t.app, '/profile/update', edit(user, changes), player.auth);
      expect(res.statusCode, JSON.stringify(changes)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    const future = await post(
      t.app,
      '/profile/update',
      edit(user, { profile: { birthdate: '2099-01-01' } }),
      player.auth,
    );
    expect(future.json().errors['profile.birthdate']).toEqual(['Enter a birthday between 1900 and today.']);
    expect((await profileOf(player.auth)).profile.birthdate).toBe(user.profile.birthdate);
  });

  it('refuses a nickname taken by another Caliber player and an unknown or own referral code', async () => {
    const other = await registeredPlayer(t.app);
    const player = await registeredPlayer(t.app);
    const user = await profileOf(player.auth);
    const nick = await post(
      t.app,
      '/profile/update',
      edit(user, { nickname: other.nickname.toUpperCase() }),
      player.auth,
    );
    expect(nick.statusCode).toBe(422);
    expect(nick.json().errors.nickname).toEqual(['The nickname has already been taken.']);
    const bad = await post(
      t.app,
      '/profile/update',
      edit(user, { referral_code: 'NOSUCHCODE' }),
      player.auth,
    );
    expect(bad.json().errors.referral_code).toEqual(['The referral code does not exist.']);
    const own = await post(
      t.app,
      '/profile/update',
      edit(user, { referral_code: user.my_referral_codes[0].code }),
      player.auth,
    );
    expect(own.json().errors.referral_code).toEqual(['You cannot use your own referral code.']);
    const otherCode = (await profileOf(other.auth)).my_referral_codes[0].code;
    const ok = await post(t.app, '/profile/update', edit(user, { referral_code: otherCode }), player.auth);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.referral_code).toBe(otherCode);
  });

  it('keeps the old email until the new one is confirmed through the emailed link', async () => {
    const player = await registeredPlayer(t.app);
    const user = await profileOf(player.auth);
    const newEmail = uniqueEmail('moved');
    const res = await post(
      t.app,
      '/profile/update',
      edit(user, { email: newEmail, current_password: player.password }),
      player.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain(newEmail);
    expect(res.json().user).toMatchObject({ email: player.email, pending_email: newEmail });
    const mail = await latestMail(t.app, newEmail);
    expect(mail?.kind).toBe('change-email');
    // Still signs in with the old address.
    expect((await post(t.app, '/login', { email: player.email, password: player.password })).statusCode).toBe(
      200,
    );
    const { token, game } = await linkToken(t.app, newEmail, 'verifyemail');
    const confirm = await post(t.app, `/verifyemail/${token}/${game}`, undefined);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().message).toMatch(/new email address has been confirmed/);
    expect(await profileOf(player.auth)).toMatchObject({ email: newEmail, pending_email: null });
    expect((await post(t.app, '/login', { email: newEmail, password: player.password })).statusCode).toBe(
      200,
    );
    expect((await post(t.app, `/verifyemail/${token}/${game}`, undefined)).statusCode).toBe(400);
  });

  it('refuses an email taken by another account', async () => {
    const other = await createPlayer(t.app.ctx);
    const player = await registeredPlayer(t.app);
    const user = await profileOf(player.auth);
    const res = await post(
      t.app,
      '/profile/update',
      edit(user, { email: other.user.email.toUpperCase(), current_password: player.password }),
      player.auth,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email has already been taken.']);
  });

  it('answers 401 without a session', async () => {
    expect((await post(t.app, '/profile/update', { name: 'x' })).statusCode).toBe(401);
  });
});

describe('POST /profile/register-game', () => {
  it('registers Tales Runner in one click, makes a referral code and sends a confirmation email', async () => {
    const player = await registeredPlayer(t.app);
    const res = await post(t.app, '/profile/register-game', { game: 'talesrunner' }, player.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('You have successfully registered for the TALESRUNNER game. Thank you.');
    expect(res.json().user.games.map((g: { name: string }) => g.name)).toEqual(['caliber', 'talesrunner']);
    expect(res.json().user.my_referral_codes.map((c: { game: string }) => c.game)).toEqual([
      'caliber',
      'talesrunner',
    ]);
    expect((await allMail(t.app, player.email)).map((m) => m.kind)).toContain('game-registered');
    const again = await post(t.app, '/profile/register-game', { game: 'talesrunner' }, player.auth);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.game).toEqual(['You are already registered for Tales Runner.']);
  });

  it('registers Caliber with nickname, hashed PIN and the current password', async () => {
    const player = await registeredPlayer(t.app, { selectedGame: 'talesrunner', nickname: null });
    const nickname = uniqueNick();
    const wrong = await post(
      t.app,
      '/profile/register-game',
      { game: 'caliber', nickname, pin: '2468', password: 'Wrong-Password-1' },
      player.auth,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toEqual(['The password is incorrect.']);
    const missing = await post(t.app, '/profile/register-game', { game: 'caliber' }, player.auth);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['nickname', 'password', 'pin']);
    const badPin = await post(
      t.app,
      '/profile/register-game',
      { game: 'caliber', nickname, pin: '12', password: player.password },
      player.auth,
    );
    expect(badPin.json().errors.pin).toEqual(['PIN (4 digits)']);
    const res = await post(
      t.app,
      '/profile/register-game',
      { game: 'caliber', nickname, pin: '2468', password: player.password, level: 99 },
      player.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Caliber registered successfully.',
      user: { nickname, pin: '****' },
    });
    const [game] = await t.app.ctx.db.select().from(userGames).where(eq(userGames.nickname, nickname));
    expect(game?.level).toBe(0);
    expect(await verifySecret(game!.pinHash!, '2468')).toBe(true);
    expect((await allMail(t.app, player.email)).filter((m) => m.kind === 'game-registered')).toHaveLength(1);
  });

  it('voids a reset link asked for before a social account sets its first password here', async () => {
    const social = await createPlayer(t.app.ctx, { passwordHash: null, games: ['talesrunner'] });
    const token = await resetLinkFor(t.app, social.user.email);
    const password = 'First-Password-42';
    const registered = await post(
      t.app,
      '/profile/register-game',
      { game: 'caliber', nickname: uniqueNick(), pin: '2468', password },
      social.auth,
    );
    expect(registered.statusCode).toBe(200);

    await expectResetLinkVoid(t.app, token);
    expect((await post(t.app, '/login', { email: social.user.email, password })).statusCode).toBe(200);
  });

  it('refuses a taken Caliber nickname, yggdra and unknown games', async () => {
    const other = await registeredPlayer(t.app);
    const player = await registeredPlayer(t.app, { selectedGame: 'talesrunner', nickname: null });
    const taken = await post(
      t.app,
      '/profile/register-game',
      { game: 'caliber', nickname: other.nickname, pin: '1234', password: player.password },
      player.auth,
    );
    expect(taken.json().errors.nickname).toEqual(['The nickname has already been taken.']);
    expect((await post(t.app, '/profile/register-game', { game: 'yggdra' }, player.auth)).statusCode).toBe(
      422,
    );
    expect((await post(t.app, '/profile/register-game', {}, player.auth)).statusCode).toBe(422);
    expect((await post(t.app, '/profile/register-game', { game: 'talesrunner' })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('sends a link, resets once, ends every session, and the new password signs in', async () => {
    const player = await registeredPlayer(t.app, { selectedGame: 'talesrunner', nickname: null });
    const second = await post(t.app, '/login', { email: player.email, password: player.password });
    const res = await post(t.app, '/sendForgotPassword', { email: player.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    await serveAccountEmailRequests(t.app.ctx);
    const { token, game } = await linkToken(t.app, player.email, 'reset-password');
    expect(game).toBe('talesrunner');
    const mismatch = await post(t.app, '/reset-password', {
      token,
      new_password: 'Fresh-Pass-77',
      new_password_confirmation: 'Other-Pass-77',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.new_password_confirmation).toEqual(['Passwords do not match.']);
    const short = await post(t.app, '/reset-password', {
      token,
      new_password: 'short',
      new_password_confirmation: 'short',
    });
    expect(short.json().errors.new_password).toEqual(['Password must be 8-70 characters long.']);
    const ok = await post(t.app, '/reset-password', {
      token,
      new_password: 'Fresh-Pass-77',
      new_password_confirmation: 'Fresh-Pass-77',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      message: 'Your password has been changed. You can now log in with your new password.',
      game: 'talesrunner',
    });
    for (const auth of [player.auth, { authorization: `Bearer ${second.json().token}` }]) {
      expect((await t.app.inject({ url: '/api/user-info', headers: auth })).statusCode).toBe(401);
    }
    expect((await post(t.app, '/login', { email: player.email, password: player.password })).statusCode).toBe(
      401,
    );
    expect((await post(t.app, '/login', { email: player.email, password: 'Fresh-Pass-77' })).statusCode).toBe(
      200,
    );
    const reused = await post(t.app, '/reset-password', {
      token,
      new_password: 'Another-Pass-88',
      new_password_confirmation: 'Another-Pass-88',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatch(/invalid, has already been used or has expired/);
  });

  it('refuses a link older than 60 minutes', async () => {
    const player = await createPlayer(t.app.ctx);
    await post(t.app, '/sendForgotPassword', { email: player.user.email });
    await serveAccountEmailRequests(t.app.ctx);
    const { token, game } = await linkToken(t.app, player.user.email, 'reset-password');
    expect(game).toBe('caliber');
    t.clock.advance(60 * 60_000 + 1000);
    const res = await post(t.app, '/reset-password', {
      token,
      new_password: 'Fresh-Pass-77',
      new_password_confirmation: 'Fresh-Pass-77',
    });
    expect(res.statusCode).toBe(400);
    expect(
      (await post(t.app, '/login', { email: player.user.email, password: FIXTURE_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('answers the same for unknown and known addresses and sends mail only to the known', async () => {
    const player = await createPlayer(t.app.ctx);
    const ghost = uniqueEmail('ghost');
    const a = await post(t.app, '/sendForgotPassword', { email: ghost });
    const b = await post(t.app, '/sendForgotPassword', {
      email: player.user.email,
      game: 'talesrunner',
      junk: 1,
    });
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(a.json().message).toMatch(/^If an account exists for that email/);
    expect(await serveAccountEmailRequests(t.app.ctx)).toBe(2);
    expect(await latestMail(t.app, ghost)).toBeNull();
    expect((await linkToken(t.app, player.user.email, 'reset-password')).game).toBe('talesrunner');
  });

  it('answers 422 for a missing token or fields, and a verification token does not reset', async () => {
    expect((await post(t.app, '/reset-password', {})).statusCode).toBe(422);
    expect((await post(t.app, '/sendForgotPassword', {})).statusCode).toBe(422);
    const email = uniqueEmail('v');
    await post(t.app, '/register', {
      name: 'V',
      email,
      password: 'Fresh-Pass-77',
      selectedGame: 'talesrunner',
    });
    const { token } = await linkToken(t.app, email, 'verifyemail');
    const res = await post(t.app, '/reset-password', {
      token,
      new_password: 'Fresh-Pass-78',
      new_password_confirmation: 'Fresh-Pass-78',
    });
    expect(res.statusCode).toBe(400);
    // ...and the verification token still works afterwards.
    expect((await post(t.app, `/verifyemail/${token}/talesrunner`, undefined)).statusCode).toBe(200);
    const [u] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(u?.emailVerifiedAt).not.toBeNull();
  });

  it('a reset confirms an unverified address', async () => {
    const email = uniqueEmail('unv');
    await post(t.app, '/register', {
      name: 'U',
      email,
      password: 'Fresh-Pass-77',
      selectedGame: 'talesrunner',
    });
    t.clock.advance(1000);
    await post(t.app, '/sendForgotPassword', { email });
    await serveAccountEmailRequests(t.app.ctx);
    const { token } = await linkToken(t.app, email, 'reset-password');
    await post(t.app, '/reset-password', {
      token,
      new_password: 'Fresh-Pass-99',
      new_password_confirmation: 'Fresh-Pass-99',
    });
    expect((await post(t.app, '/login', { email, password: 'Fresh-Pass-99' })).statusCode).toBe(200);
  });
});

describe('referral codes service', () => {
  it('createPersonalReferralCode is idempotent per player and game', async () => {
    const player = await createPlayer(t.app.ctx);
    const a = await createPersonalReferralCode(t.app.ctx, {
      userId: player.user.id,
      game: 'caliber',
      name: 'Zoë Ünicode',
    });
    const b = await createPersonalReferralCode(t.app.ctx, {
      userId: player.user.id,
      game: 'caliber',
      name: 'Zoë Ünicode',
    });
    expect(a).toEqual(b);
    expect(a.code).toMatch(/^ZOEU[A-Z2-9]{6}$/);
    const rows = await t.app.ctx.db
      .select()
      .from(referralCodes)
      .where(eq(referralCodes.ownerUserId, player.user.id));
    expect(rows).toHaveLength(1);
  });
});
