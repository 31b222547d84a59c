import { ACCOUNT_MESSAGES } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allMail, latestMail, linkToken, post, uniqueEmail } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer, FIXTURE_PASSWORD } from '../../../test/fixtures';
import { turnOnTotp } from '../../../test/mfa';
import { accountTokens, securityEvents } from '../../db/schema/index';
import { issueAccountToken } from '../../lib/account-tokens';
import { onPlayerSessionsEnded } from '../../lib/session-ends';
import { issueSession } from '../../lib/sessions';

let t: TestApp;
/** Players whose sessions ended through the registry (the launcher's PIN devices and apps' grants end there). */
const ended: string[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  onPlayerSessionsEnded('secure-account-test', async (_ctx, userId) => {
    ended.push(userId);
  });
});
afterAll(() => t.close());

type Auth = { authorization: string };
type Player = Awaited<ReturnType<typeof createPlayer>>;

const NEW_PASSWORD = 'Fresh-Meadow-58';
const DAY = 24 * 3_600_000;
const LINK = /http:\/\/portal\.test\/secure-account\/([A-Za-z0-9_-]{43})/;

const secure = (token: unknown) => post(t.app, '/api/account/secure', { token });
const profile = (auth: Auth) => t.app.inject({ url: '/api/profile', headers: auth });
const login = (email: string, password: string) => post(t.app, '/login', { email, password });

/** Changes the player's password on the Security page: the "Your password was changed" alert is mailed. */
async function alertByPasswordChange(player: Player, password = FIXTURE_PASSWORD) {
  const res = await post(
    t.app,
    '/api/account/password',
    { current_password: password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    player.auth,
  );
  expect(res.statusCode).toBe(200);
  const mail = await latestMail(t.app, player.user.email);
  expect(mail?.kind).toBe('password-changed');
  return mail!;
}

const tokenIn = (text: string) => LINK.exec(text)![1]!;

/** Moves the account to `newEmail` all the way: the profile form with the password, then the new address's link. */
async function changeEmail(player: Player, newEmail: string, password = NEW_PASSWORD) {
  const current = (await profile(player.auth)).json().user;
  const res = await t.app.inject({
    method: 'POST',
    url: '/profile/update',
    payload: { ...current, email: newEmail, current_password: password },
    headers: player.auth,
    remoteAddress: '10.63.0.1',
  });
  expect(res.statusCode).toBe(200);
  const { token, game } = await linkToken(t.app, newEmail, 'verifyemail');
  expect((await post(t.app, `/verifyemail/${token}/${game}`, undefined)).statusCode).toBe(200);
}

describe('"Not you? Secure my account" in alert emails', () => {
  it('puts a single-use link in the text and the HTML of an alert, keeping its other texts', async () => {
    const player = await createPlayer(t.app.ctx);
    const mail = await alertByPasswordChange(player);
    expect(mail.text).toContain(
      'If you did not change it, reset your password now and contact customer support.',
    );
    expect(mail.text).toContain('Reset your password: http://portal.test/password/request');
    const token = tokenIn(mail.text);
    expect(mail.text).toContain(
      `Not you? Secure my account (signs you out everywhere, then lets you choose a new password): http://portal.test/secure-account/${token}`,
    );
    expect(mail.html).toContain(`<a href="http://portal.test/secure-account/${token}"`);
    expect(mail.html).toContain('>Secure my account</a>');
    // Only the token's hash is stored, for 7 days.
    const [row] = await t.app.ctx.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, player.user.id), eq(accountTokens.purpose, 'secure_account')));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * DAY);
  });

  it('closes the alerts of other modules too (two-step on), but not a staff member’s', async () => {
    const player = await createPlayer(t.app.ctx);
    await turnOnTotp(t, player.auth);
    const mail = await latestMail(t.app, player.user.email);
    expect(mail?.kind).toBe('two-step-enabled');
    expect(mail!.text).toMatch(LINK);

    const admin = await createAdmin(t.app.ctx);
    await turnOnTotp(t, admin.auth, '/api/admin');
    const staffMail = await latestMail(t.app, admin.admin.email);
    expect(staffMail?.kind).toBe('two-step-enabled');
    expect(staffMail!.text).not.toContain('Secure my account');
  });
});

describe('POST /api/account/secure', () => {
  it('ends every session, records it and answers a reset token that sets a new password', async () => {
    const player = await createPlayer(t.app.ctx);
    const token = tokenIn((await alertByPasswordChange(player)).text);
    // Someone else signed in after the change, in another browser.
    const other = {
      authorization: `Bearer ${await issueSession(t.app.ctx, 'player', player.user.id)}`,
    };
    expect((await profile(other)).statusCode).toBe(200);

    const res = await secure(token);
    expect(res.statusCode).toBe(200);
    const reply = res.json();
    expect(reply).toEqual({
      message: ACCOUNT_MESSAGES.accountSecured,
      reset_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      game: 'caliber',
    });
    expect((await profile(player.auth)).statusCode).toBe(401);
    expect((await profile(other)).statusCode).toBe(401);
    expect(ended).toContain(player.user.id);
    const events = await t.app.ctx.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, player.user.id), eq(securityEvents.kind, 'account_secured')));
    expect(events).toHaveLength(1);

    const reset = await post(t.app, '/reset-password', {
      token: reply.reset_token,
      new_password: 'Quiet-Harbour-93',
      new_password_confirmation: 'Quiet-Harbour-93',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(player.user.email, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await login(player.user.email, 'Quiet-Harbour-93')).statusCode).toBe(200);
  });

  it('leads to the reset of the player’s own game', async () => {
    const player = await createPlayer(t.app.ctx, { games: ['talesrunner'] });
    const res = await secure(tokenIn((await alertByPasswordChange(player)).text));
    expect(res.statusCode).toBe(200);
    expect(res.json().game).toBe('talesrunner');
  });

  it('answers 400 for a link used once already, and the second use changes nothing', async () => {
    const player = await createPlayer(t.app.ctx);
    const token = tokenIn((await alertByPasswordChange(player)).text);
    expect((await secure(token)).statusCode).toBe(200);
    const session = {
      authorization: `Bearer ${await issueSession(t.app.ctx, 'player', player.user.id)}`,
    };
    const again = await secure(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: ACCOUNT_MESSAGES.secureLinkInvalid });
    expect((await profile(session)).statusCode).toBe(200);
  });

  it('answers 400 for an expired link (7 days) and for an unknown one', async () => {
    const player = await createPlayer(t.app.ctx);
    const token = tokenIn((await alertByPasswordChange(player)).text);
    t.clock.advance(7 * DAY + 1000);
    const expired = await secure(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: ACCOUNT_MESSAGES.secureLinkInvalid });
    expect((await profile(player.auth)).statusCode).toBe(200);
    const unknown = await secure('A'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: ACCOUNT_MESSAGES.secureLinkInvalid });
  });

  it('does not take another kind of link (a password reset token)', async () => {
    const player = await createPlayer(t.app.ctx);
    const resetToken = await issueAccountToken(t.app.ctx, {
      userId: player.user.id,
      purpose: 'reset_password',
      game: 'caliber',
    });
    expect((await secure(resetToken)).statusCode).toBe(400);
    expect((await profile(player.auth)).statusCode).toBe(200);
  });

  it('keeps every alert’s link live until one is used, then voids the others and pending resets', async () => {
    const player = await createPlayer(t.app.ctx);
    const first = tokenIn((await alertByPasswordChange(player)).text);
    // A second later, so the newest mail is the second alert (two mails of one instant come in any order).
    t.clock.advance(1000);
    const second = tokenIn((await alertByPasswordChange(player, NEW_PASSWORD)).text);
    expect(second).not.toBe(first);
    const pendingReset = await issueAccountToken(t.app.ctx, {
      userId: player.user.id,
      purpose: 'reset_password',
      game: 'caliber',
    });
    expect((await secure(first)).statusCode).toBe(200);
    expect((await secure(second)).statusCode).toBe(400);
    const reset = await post(t.app, '/reset-password', {
      token: pendingReset,
      new_password: 'Quiet-Harbour-93',
      new_password_confirmation: 'Quiet-Harbour-93',
    });
    expect(reset.statusCode).toBe(400);
  });

  it('answers 422 with a clear message for a malformed token or body', async () => {
    for (const token of [undefined, null, 42, '', 'short', `${'A'.repeat(42)}!`, 'A'.repeat(44)]) {
      const res = await secure(token);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ token: [ACCOUNT_MESSAGES.secureLinkMalformed] });
    }
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/account/secure',
      remoteAddress: '10.61.0.1',
    });
    expect(noBody.statusCode).toBe(422);
  });

  it('is rate limited per address like the other link endpoints (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/secure',
        payload: { token: 'B'.repeat(43) },
        remoteAddress: '10.62.0.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});

describe('a "Secure my account" link after the account’s email changed (decision 0068)', () => {
  it('is refused once the account moved away from the address it was sent to, and changes nothing', async () => {
    const player = await createPlayer(t.app.ctx);
    const oldEmail = player.user.email;
    const token = tokenIn((await alertByPasswordChange(player)).text);
    const newEmail = uniqueEmail('moved');
    await changeEmail(player, newEmail);

    // Whoever reads the old mailbox now gets no reset token and signs no one out.
    const res = await secure(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'LINK_INVALID',
      message: ACCOUNT_MESSAGES.secureLinkAddressChanged,
    });
    expect(res.json()).not.toHaveProperty('reset_token');
    expect((await profile(player.auth)).statusCode).toBe(200);
    const secured = await t.app.ctx.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, player.user.id), eq(securityEvents.kind, 'account_secured')));
    expect(secured).toEqual([]);
    // The mail that tells the old address of the change offers "Cancel the change", not a link it cannot use.
    const changed = (await allMail(t.app, oldEmail)).find((m) => m.kind === 'email-changed');
    expect(changed!.text).toContain('/email-change/cancel/');
    expect(changed!.text).not.toMatch(LINK);
  });

  it('still works when the email has not changed, and when the account has that address again', async () => {
    const player = await createPlayer(t.app.ctx);
    const oldEmail = player.user.email;
    const token = tokenIn((await alertByPasswordChange(player)).text);
    // Renaming the account is no email change.
    const current = (await profile(player.auth)).json().user;
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/profile/update',
      payload: { ...current, name: 'Renamed Player' },
      headers: player.auth,
    });
    expect(renamed.statusCode).toBe(200);
    await changeEmail(player, uniqueEmail('moved'));
    expect((await secure(token)).statusCode).toBe(400);
    // Moved back by the player: the refused link was not spent, and the address is the account's again.
    t.clock.advance(1000);
    await changeEmail(player, oldEmail);
    const res = await secure(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().reset_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await profile(player.auth)).statusCode).toBe(401);
  });

  it('binds the links of alerts mailed to the new address to it', async () => {
    const player = await createPlayer(t.app.ctx);
    const newEmail = uniqueEmail('moved');
    await changeEmail(player, newEmail, FIXTURE_PASSWORD);
    t.clock.advance(1000);
    const res = await post(
      t.app,
      '/api/account/password',
      { current_password: FIXTURE_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      player.auth,
    );
    expect(res.statusCode).toBe(200);
    const mail = await latestMail(t.app, newEmail);
    expect(mail?.kind).toBe('password-changed');
    const [row] = await t.app.ctx.db
      .select({ sentTo: accountTokens.sentTo })
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, player.user.id), eq(accountTokens.purpose, 'secure_account')));
    expect(row!.sentTo).toBe(newEmail);
    expect((await secure(tokenIn(mail!.text))).statusCode).toBe(200);
  });
});
