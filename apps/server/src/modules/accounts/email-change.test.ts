import { ACCOUNT_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMail, latestMail, linkToken, post, uniqueEmail } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/app';
import { alteredFirstCharacter, createPlayer, FIXTURE_PASSWORD } from '../../../test/fixtures';
import { users } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Player = Awaited<ReturnType<typeof createPlayer>>;

const profileOf = async (player: Player) =>
  (await t.app.inject({ url: '/api/profile', headers: player.auth })).json().user;

/** POST /profile/update with the player's whole profile and `changes`, from `remoteAddress`. */
async function update(player: Player, changes: Record<string, unknown>, remoteAddress = '10.77.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/profile/update',
    payload: { ...(await profileOf(player)), ...changes },
    headers: player.auth,
    remoteAddress,
  });
}

const emailOf = async (id: string) =>
  (await t.app.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;

/** Changes the player's email to `newEmail` all the way: the profile form, then the new address's link. */
async function changeEmail(player: Player, newEmail: string) {
  expect((await update(player, { email: newEmail, current_password: FIXTURE_PASSWORD })).statusCode).toBe(
    200,
  );
  const { token, game } = await linkToken(t.app, newEmail, 'verifyemail');
  expect((await post(t.app, `/verifyemail/${token}/${game}`, undefined)).statusCode).toBe(200);
}

/** The cancel link's token from the newest mail to `to`. */
async function cancelTokenFor(to: string) {
  const mail = await latestMail(t.app, to);
  expect(mail?.kind).toBe('email-changed');
  const link = /http:\/\/portal\.test\/email-change\/cancel\/(\S+)/.exec(mail!.text);
  return link![1]!;
}

const cancel = (token: unknown) => post(t.app, '/api/email-change/cancel', { token });

describe('POST /profile/update: changing the email needs the current password', () => {
  it('answers 422 on current_password without it, and changes nothing', async () => {
    const player = await createPlayer(t.app.ctx);
    const newEmail = uniqueEmail('moved');
    for (const current_password of [undefined, null, '']) {
      const res = await update(player, { email: newEmail, current_password });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        current_password: ['Enter your current password to change your email address.'],
      });
    }
    expect(await allMail(t.app, newEmail)).toEqual([]);
    expect((await profileOf(player)).pending_email).toBeNull();
  });

  it('answers 422 for a wrong one before telling whether the address is taken', async () => {
    const player = await createPlayer(t.app.ctx);
    const other = await createPlayer(t.app.ctx);
    const res = await update(player, { email: other.user.email, current_password: 'Wrong-Password-9' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: ['The current password is incorrect.'] });
  });

  it('counts wrong ones toward the sign-in lockout of that client', async () => {
    const player = await createPlayer(t.app.ctx);
    const newEmail = uniqueEmail('moved');
    const address = '10.77.1.1';
    for (let i = 0; i < 5; i += 1)
      expect(
        (await update(player, { email: newEmail, current_password: 'Wrong-9' }, address)).statusCode,
      ).toBe(422);
    const locked = await update(player, { email: newEmail, current_password: FIXTURE_PASSWORD }, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
    const login = await t.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: player.user.email, password: FIXTURE_PASSWORD },
      remoteAddress: address,
    });
    expect(login.statusCode).toBe(429);
    // Other fields still save without the password.
    expect((await update(player, { name: 'Renamed Player' }, address)).statusCode).toBe(200);
  });

  it('accepts the right one; an account without a password (social only) has no proof to give and sets one first (409)', async () => {
    const player = await createPlayer(t.app.ctx);
    const res = await update(player, { email: uniqueEmail('moved'), current_password: FIXTURE_PASSWORD });
    expect(res.statusCode).toBe(200);
    // A stolen session of a social account would otherwise move the address, then reset a password there.
    const social = await createPlayer(t.app.ctx, { passwordHash: null });
    const refused = await update(social, { email: uniqueEmail('moved') });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PASSWORD_NOT_SET',
      message: ACCOUNT_MESSAGES.passwordNotSet,
    });
    expect(await emailOf(social.user.id)).toBe(social.user.email);
    // Its other fields still save.
    expect((await update(social, { name: 'Renamed Social' })).statusCode).toBe(200);
  });
});

describe("the new address's link", () => {
  it('answers 409 when another account has taken the new address meanwhile, and changes nothing', async () => {
    const player = await createPlayer(t.app.ctx);
    const newEmail = uniqueEmail('wanted');
    expect((await update(player, { email: newEmail, current_password: FIXTURE_PASSWORD })).statusCode).toBe(
      200,
    );
    const { token, game } = await linkToken(t.app, newEmail, 'verifyemail');
    await createPlayer(t.app.ctx, { email: newEmail.toUpperCase() });
    const res = await post(t.app, `/verifyemail/${token}/${game}`, undefined);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: ACCOUNT_MESSAGES.emailTaken });
    expect(await emailOf(player.user.id)).toBe(player.user.email);
  });
});

describe('the old address is told, and can cancel the change within 24 hours', () => {
  it('mails the old address once the new one is confirmed, with a link that restores it and signs out everywhere', async () => {
    const player = await createPlayer(t.app.ctx);
    const oldEmail = player.user.email;
    const newEmail = uniqueEmail('moved');
    await changeEmail(player, newEmail);
    expect(await emailOf(player.user.id)).toBe(newEmail);
    const mail = await latestMail(t.app, oldEmail);
    expect(mail?.subject).toBe('Your email address was changed');
    expect(mail?.text).toContain(newEmail);
    const token = await cancelTokenFor(oldEmail);
    // A change started meanwhile from the new address dies with the cancel.
    await update(player, { email: uniqueEmail('third'), current_password: FIXTURE_PASSWORD });

    const res = await cancel(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/^The email change was cancelled/);
    expect(await emailOf(player.user.id)).toBe(oldEmail);
    expect((await t.app.inject({ url: '/api/user-info', headers: player.auth })).statusCode).toBe(401);
    const login = (email: string) => post(t.app, '/login', { email, password: FIXTURE_PASSWORD });
    expect((await login(oldEmail)).statusCode).toBe(200);
    expect((await login(newEmail)).statusCode).toBe(401);
    const relogged = { authorization: `Bearer ${(await login(oldEmail)).json().token}` };
    const profile = (await t.app.inject({ url: '/api/profile', headers: relogged })).json().user;
    expect(profile).toMatchObject({ email: oldEmail, pending_email: null });
    const history = await t.app.inject({ url: '/api/security/events', headers: relogged });
    expect(history.json().map((e: { kind: string }) => e.kind)).toContain('email_change_cancelled');
    // Spent: the account no longer has the new address.
    const again = await cancel(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/^This cancel link is invalid or has expired/);
  });

  it('works once: after the undo, a second change to the same address is undone only by its own link', async () => {
    const player = await createPlayer(t.app.ctx);
    const oldEmail = player.user.email;
    const newEmail = uniqueEmail('twice');
    await changeEmail(player, newEmail);
    const first = await cancelTokenFor(oldEmail);
    expect((await cancel(first)).statusCode).toBe(200);
    t.clock.advance(60_000);
    // Signed in again (the undo ended every session), the player moves to the same new address again.
    const login = await post(t.app, '/login', { email: oldEmail, password: FIXTURE_PASSWORD });
    const again = { ...player, auth: { authorization: `Bearer ${login.json().token}` } };
    await changeEmail(again, newEmail);
    expect(await emailOf(player.user.id)).toBe(newEmail);
    // The newest "email changed" mail (a sign-in from a new device was mailed meanwhile too).
    const changed = (await allMail(t.app, oldEmail))
      .filter((m) => m.kind === 'email-changed')
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const second = /\/email-change\/cancel\/(\S+)/.exec(changed[0]!.text)![1]!;
    expect(second).not.toBe(first);

    const replayed = await cancel(first);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toMatch(/^This cancel link is invalid or has expired/);
    expect(await emailOf(player.user.id)).toBe(newEmail);
    expect((await cancel(second)).statusCode).toBe(200);
    expect(await emailOf(player.user.id)).toBe(oldEmail);
    expect((await cancel(second)).statusCode).toBe(400);
  });

  it('refuses a link older than 24 hours, a tampered one and a bad body', async () => {
    const player = await createPlayer(t.app.ctx);
    const oldEmail = player.user.email;
    await changeEmail(player, uniqueEmail('moved'));
    const token = await cancelTokenFor(oldEmail);
    const [body, mac] = token.split('.');
    const forged = Buffer.from(
      Buffer.from(body!, 'base64url').toString().replace(oldEmail, 'attacker@example.test'),
    ).toString('base64url');
    for (const bad of [`${forged}.${mac}`, `${body}.${alteredFirstCharacter(mac!)}`, 'nonsense', 'a.b']) {
      const res = await cancel(bad);
      expect(res.statusCode).toBe(400);
    }
    for (const bad of [undefined, '', 42, 'x'.repeat(2001)]) expect((await cancel(bad)).statusCode).toBe(422);
    t.clock.advance(24 * 3_600_000 + 1000);
    expect((await cancel(token)).statusCode).toBe(400);
    expect(await emailOf(player.user.id)).not.toBe(oldEmail);
  });

  it('answers 409 when another account has taken the old address meanwhile', async () => {
    const player = await createPlayer(t.app.ctx);
    const oldEmail = player.user.email;
    await changeEmail(player, uniqueEmail('moved'));
    const token = await cancelTokenFor(oldEmail);
    await createPlayer(t.app.ctx, { email: oldEmail.toUpperCase() });
    const res = await cancel(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The email has already been taken.');
    expect((await t.app.inject({ url: '/api/user-info', headers: player.auth })).statusCode).toBe(200);
  });
});
