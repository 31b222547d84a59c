import { PRIVACY_MESSAGES } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer, FIXTURE_PASSWORD } from '../../../test/fixtures';
import { PERSONAL_DATA } from '../../app';
import {
  accessTokens,
  accountEmailRequests,
  accountTokens,
  auditLog,
  authFailures,
  emailOutbox,
  oidcModels,
  orderItems,
  orders,
  pinDevices,
  referralCodes,
  sandboxDeliveries,
  securityEvents,
  shopProducts,
  userAddresses,
  userGames,
  users,
  webhookDeliveries,
} from '../../db/schema/index';
import { issueAccountToken } from '../../lib/account-tokens';
import { hashSecret } from '../../lib/hashing';
import { eraseDueAccounts } from './deletion';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
let ipCounter = 1;
/** A fresh client address per call, so per-IP limits and device lockouts of one call never touch another. */
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers,
    remoteAddress: `10.66.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`,
  });
const subjectsTo = async (email: string) =>
  (await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).map((m) => m.subject);

/** A verified player who signed in through POST /login (so the history holds a sign-in). */
async function signedInPlayer() {
  const created = await createPlayer(t.app.ctx);
  const login = await post('/login', { email: created.user.email, password: FIXTURE_PASSWORD });
  const token = login.json().token as string;
  return { ...created, email: created.user.email, token, auth: { authorization: `Bearer ${token}` } };
}
const db = () => t.app.ctx.db;
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

/** A paid order with one item for the player. */
async function paidOrder(userId: string) {
  const [product] = await db()
    .insert(shopProducts)
    .values({
      game: 'yggdra',
      sku: `sku-${userId.slice(0, 8)}-${Date.now()}`,
      name: 'Gem pack',
      price: '99.00',
    })
    .returning();
  const [order] = await db()
    .insert(orders)
    .values({
      txnid: `txn-${crypto.randomUUID()}`,
      userId,
      game: 'yggdra',
      status: 'SUCCESSFUL',
      amount: '198.00',
      currency: 'PHP',
      provider: 'sandbox',
      stockState: 'committed',
      reservedUntil: t.clock.now(),
      paidAt: t.clock.now(),
    })
    .returning();
  await db().insert(orderItems).values({
    orderId: order!.id,
    productId: product!.id,
    sku: product!.sku,
    name: 'Gem pack',
    quantity: 2,
    unitPrice: '99.00',
  });
  return order!;
}

const deleteAccount = (auth: Record<string, string>, body: unknown) =>
  post('/api/account/delete', body, auth);

describe('GET /api/account/export', () => {
  it('downloads the profile, addresses, games, orders with items, sessions, events and referral uses', async () => {
    const player = await signedInPlayer();
    const me = player.user.id;
    await db()
      .update(userGames)
      .set({ pinHash: await hashSecret('4321') })
      .where(eq(userGames.userId, me));
    const [game] = await db().select().from(userGames).where(eq(userGames.userId, me));
    const [code] = await db()
      .insert(referralCodes)
      .values({ code: `ME${me.slice(0, 8)}`, game: 'caliber', url: 'x', ownerUserId: me })
      .returning();
    const friend = await createPlayer(t.app.ctx);
    await db()
      .update(userGames)
      .set({ referralCode: code!.code })
      .where(eq(userGames.userId, friend.user.id));
    const [friendGame] = await db().select().from(userGames).where(eq(userGames.userId, friend.user.id));
    await db().update(users).set({ referralCode: 'SOMEONE' }).where(eq(users.id, me));
    const order = await paidOrder(me);

    const res = await t.app.inject({ url: '/api/account/export', headers: player.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="my-account-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const data = res.json();
    // The file as people open it: indented.
    expect(res.body).toBe(JSON.stringify(data, null, 2));
    expect(data.profile).toMatchObject({
      id: me,
      email: player.email,
      name: player.user.name,
      referral_code_used: 'SOMEONE',
    });
    expect(data.addresses).toHaveLength(1);
    expect(data.games).toEqual([expect.objectContaining({ game: 'caliber', nickname: game!.nickname })]);
    expect(data.referral_codes).toEqual([
      expect.objectContaining({
        code: code!.code,
        used_by: [{ game: 'caliber', nickname: friendGame!.nickname, registered_at: expect.any(String) }],
      }),
    ]);
    expect(data.orders).toEqual([
      expect.objectContaining({
        txnid: order.txnid,
        status: 'SUCCESSFUL',
        items: [{ sku: expect.any(String), name: 'Gem pack', quantity: 2, unit_price: '99.00' }],
      }),
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.security_events).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'sign_in' })]),
    );

    // No secret, under any name: no hash, no token, no PIN, no TOTP secret.
    const text = res.body;
    const [row] = await db().select().from(users).where(eq(users.id, me));
    expect(text).not.toContain(row!.passwordHash!);
    expect(text).not.toContain(game!.pinHash!);
    expect(text).not.toContain(player.token);
    expect(text).not.toMatch(/hash|token|secret|"pin"/i);
    expect(JSON.stringify(data)).not.toContain(friend.user.email);
  });

  it('answers 401 without a player session', async () => {
    expect((await t.app.inject({ url: '/api/account/export' })).statusCode).toBe(401);
    const staff = await createAdmin(t.app.ctx, { role: 'owner' });
    expect((await t.app.inject({ url: '/api/account/export', headers: staff.auth })).statusCode).toBe(401);
  });
});

describe('POST /api/account/delete', () => {
  it('answers 202, ends every session, emails the player and schedules the erasure in 7 days', async () => {
    const player = await createPlayer(t.app.ctx);
    const res = await deleteAccount(player.auth, { password: FIXTURE_PASSWORD });
    expect(res.statusCode).toBe(202);
    const due = new Date(t.clock.now().getTime() + 7 * DAY).toISOString();
    expect(res.json()).toEqual({ message: PRIVACY_MESSAGES.deletionRequested, erasure_due: due });
    expect((await userRow(player.user.id)).deletionRequestedAt).toEqual(t.clock.now());
    expect((await t.app.inject({ url: '/api/profile', headers: player.auth })).statusCode).toBe(401);
    expect(await subjectsTo(player.user.email)).toContain('Your account will be deleted in 7 days');
  });

  it('refuses a wrong or missing password with 422 and leaves the account alone', async () => {
    const player = await createPlayer(t.app.ctx);
    const wrong = await deleteAccount(player.auth, { password: 'not-it' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: [PRIVACY_MESSAGES.passwordWrong] });
    const missing = await deleteAccount(player.auth, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ password: [PRIVACY_MESSAGES.passwordRequired] });
    expect((await userRow(player.user.id)).deletionRequestedAt).toBeNull();
    expect((await t.app.inject({ url: '/api/profile', headers: player.auth })).statusCode).toBe(200);
  });

  it('locks out after repeated wrong passwords (429), even with the right one', async () => {
    const player = await createPlayer(t.app.ctx);
    // One client address, as one device: its password lockout applies.
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/delete',
        payload: { password },
        headers: player.auth,
        remoteAddress: '10.77.0.1',
      });
    let last = 0;
    for (let i = 0; i < 25 && last !== 429; i++) last = (await attempt(`wrong-${i}`)).statusCode;
    expect(last).toBe(429);
    expect((await attempt(FIXTURE_PASSWORD)).statusCode).toBe(429);
    expect((await userRow(player.user.id)).deletionRequestedAt).toBeNull();
  });

  it('asks an account without a password to type its email address', async () => {
    const player = await createPlayer(t.app.ctx, { passwordHash: null });
    const missing = await deleteAccount(player.auth, { password: 'anything' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ email: [PRIVACY_MESSAGES.emailRequired] });
    const other = await deleteAccount(player.auth, { email: 'someone@else.test' });
    expect(other.json().errors).toEqual({ email: [PRIVACY_MESSAGES.emailMismatch] });
    const res = await deleteAccount(player.auth, { email: ` ${player.user.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(202);
  });

  it('refuses bad input (422) and anonymous callers (401)', async () => {
    const player = await createPlayer(t.app.ctx);
    expect((await deleteAccount(player.auth, { password: 42 })).statusCode).toBe(422);
    expect((await deleteAccount(player.auth, { password: 'x'.repeat(2000) })).statusCode).toBe(422);
    expect((await deleteAccount({}, { password: FIXTURE_PASSWORD })).statusCode).toBe(401);
  });
});

describe('cancelling and erasure', () => {
  it('a sign-in within the 7 days succeeds and names the erasure date; the deletion still waits', async () => {
    const player = await signedInPlayer();
    const asked = await deleteAccount(player.auth, { password: FIXTURE_PASSWORD });
    expect(asked.statusCode).toBe(202);
    t.clock.advance(6 * DAY);
    const login = await post('/login', { email: player.email, password: FIXTURE_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.pending_deletion).toEqual({ erase_at: asked.json().erasure_due });
    expect((await userRow(player.user.id)).deletionRequestedAt).not.toBeNull();
    expect(await subjectsTo(player.email)).not.toContain('Your account deletion was cancelled');
    const profile = await t.app.inject({
      url: '/api/profile',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(profile.json().user.pending_deletion).toEqual({ erase_at: asked.json().erasure_due });
  });

  it('"Keep my account" cancels the deletion and emails the player; then there is none to cancel (409)', async () => {
    const player = await signedInPlayer();
    expect((await deleteAccount(player.auth, { password: FIXTURE_PASSWORD })).statusCode).toBe(202);
    t.clock.advance(2 * DAY);
    const login = await post('/login', { email: player.email, password: FIXTURE_PASSWORD });
    const auth = { authorization: `Bearer ${login.json().token}` };
    const keep = await post('/api/account/delete/cancel', undefined, auth);
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toEqual({ message: PRIVACY_MESSAGES.deletionCancelled });
    expect((await userRow(player.user.id)).deletionRequestedAt).toBeNull();
    expect(await subjectsTo(player.email)).toContain('Your account deletion was cancelled');
    const again = await post('/api/account/delete/cancel', undefined, auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PRIVACY_MESSAGES.noDeletionPending);
    const next = await post('/login', { email: player.email, password: FIXTURE_PASSWORD });
    expect(next.json().user.pending_deletion).toBeNull();
    t.clock.advance(6 * DAY);
    await eraseDueAccounts(t.app.ctx, PERSONAL_DATA);
    expect((await userRow(player.user.id)).erasedAt).toBeNull();
  });

  it('"Keep my account" needs a session (401)', async () => {
    expect((await post('/api/account/delete/cancel', undefined)).statusCode).toBe(401);
  });

  it('"Continue deletion" (signing out) leaves the deletion to run on its date', async () => {
    const player = await signedInPlayer();
    expect((await deleteAccount(player.auth, { password: FIXTURE_PASSWORD })).statusCode).toBe(202);
    t.clock.advance(DAY);
    const login = await post('/login', { email: player.email, password: FIXTURE_PASSWORD });
    const auth = { authorization: `Bearer ${login.json().token}` };
    expect((await post('/api/logout', undefined, auth)).statusCode).toBe(200);
    t.clock.advance(6 * DAY + 1000);
    await eraseDueAccounts(t.app.ctx, PERSONAL_DATA);
    expect((await userRow(player.user.id)).erasedAt).not.toBeNull();
  });

  it('after 7 days erases personal data, frees the email, keeps orders anonymised and audits it', async () => {
    const player = await signedInPlayer();
    const id = player.user.id;
    const order = await paidOrder(id);
    expect((await deleteAccount(player.auth, { password: FIXTURE_PASSWORD })).statusCode).toBe(202);

    // The launcher still signs in with the PIN during the 7 days (it never cancels): its device is remembered.
    await db()
      .insert(pinDevices)
      .values({ userId: id, deviceId: crypto.randomUUID(), signedInAt: t.clock.now() });

    // A link mailed to the player meanwhile (a reset asked for during the 7 days).
    await issueAccountToken(t.app.ctx, { userId: id, purpose: 'reset_password', game: 'caliber' });
    const links = () => db().select().from(accountTokens).where(eq(accountTokens.userId, id));
    expect(await links()).not.toEqual([]);

    t.clock.advance(7 * DAY - 1000);
    await eraseDueAccounts(t.app.ctx, PERSONAL_DATA);
    expect((await userRow(id)).erasedAt).toBeNull();

    t.clock.advance(2000);
    await eraseDueAccounts(t.app.ctx, PERSONAL_DATA);
    const erased = await userRow(id);
    expect(erased).toMatchObject({
      name: 'Deleted player',
      email: `erased-${id}@erased.invalid`,
      passwordHash: null,
      phoneNumber: null,
      deletionRequestedAt: null,
      erasedAt: t.clock.now(),
    });
    expect(await db().select().from(userAddresses).where(eq(userAddresses.userId, id))).toEqual([]);
    const games = await db().select().from(userGames).where(eq(userGames.userId, id));
    expect(games.every((g) => g.nickname === null && g.pinHash === null)).toBe(true);
    expect(await db().select().from(accessTokens).where(eq(accessTokens.userId, id))).toEqual([]);
    expect(await db().select().from(pinDevices).where(eq(pinDevices.userId, id))).toEqual([]);
    expect(await links()).toEqual([]);
    expect(await db().select().from(securityEvents).where(eq(securityEvents.userId, id))).toEqual([]);
    const [kept] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ userId: id, amount: '198.00', status: 'SUCCESSFUL' });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${id}`));
    expect(audit).toEqual([expect.objectContaining({ action: 'users.erase', actorKind: 'system' })]);

    expect(await subjectsTo(player.email)).toEqual([]);

    // The address is free: it registers again as a new account.
    const again = await post('/register', {
      name: 'Back Again',
      nickname: `n${crypto.randomUUID().slice(0, 8)}`,
      email: player.email,
      password: FIXTURE_PASSWORD,
      password_confirmation: FIXTURE_PASSWORD,
      selectedGame: 'caliber',
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('POST /api/admin/users/:id/erase', () => {
  const erasures = async (userId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `user:${userId}`), eq(auditLog.action, 'users.erase')));

  it('lets owner and support erase a player who asked for it, shows the pending deletion before, and audits who, whom and since when', async () => {
    for (const role of ['owner', 'support'] as const) {
      const staff = await createAdmin(t.app.ctx, { role });
      const player = await createPlayer(t.app.ctx);
      await deleteAccount(player.auth, { password: FIXTURE_PASSWORD });
      const requestedAt = t.clock.now().toISOString();
      const before = await t.app.inject({ url: `/api/admin/users/${player.user.id}`, headers: staff.auth });
      expect(before.json().user.pending_deletion).toEqual({
        requested_at: requestedAt,
        erasure_due: new Date(t.clock.now().getTime() + 7 * DAY).toISOString(),
      });
      const res = await post(`/api/admin/users/${player.user.id}/erase`, undefined, staff.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(PRIVACY_MESSAGES.erased);
      const after = (
        await t.app.inject({ url: `/api/admin/users/${player.user.id}`, headers: staff.auth })
      ).json();
      expect(after.user).toMatchObject({
        pending_deletion: null,
        erased_at: t.clock.now().toISOString(),
        name: 'Deleted player',
      });
      expect(await erasures(player.user.id)).toEqual([
        expect.objectContaining({
          actorId: staff.admin.id,
          target: `user:${player.user.id}`,
          details: { reason: null, deletionRequestedAt: requestedAt },
        }),
      ]);
      const twice = await post(`/api/admin/users/${player.user.id}/erase`, undefined, staff.auth);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ message: PRIVACY_MESSAGES.alreadyErased, code: 'CONFLICT' });
    }
  });

  it('refuses support 409 for a player who has not asked, whatever the reason, and changes nothing', async () => {
    const support = await createAdmin(t.app.ctx, { role: 'support' });
    const player = await createPlayer(t.app.ctx);
    for (const payload of [undefined, { reason: 'The player asked by phone, ticket 4411.' }]) {
      const res = await post(`/api/admin/users/${player.user.id}/erase`, payload, support.auth);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: PRIVACY_MESSAGES.notRequested, code: 'CONFLICT' });
    }
    expect(await userRow(player.user.id)).toMatchObject({ erasedAt: null, email: player.user.email });
    expect(await erasures(player.user.id)).toEqual([]);
  });

  it('lets an owner erase a player who has not asked only with a written reason, kept in the audit', async () => {
    const owner = await createAdmin(t.app.ctx, { role: 'owner' });
    const player = await createPlayer(t.app.ctx);
    const url = `/api/admin/users/${player.user.id}/erase`;
    const without = await post(url, undefined, owner.auth);
    expect(without.statusCode).toBe(422);
    expect(without.json()).toEqual({
      message: PRIVACY_MESSAGES.reasonRequired,
      code: 'VALIDATION_FAILED',
      errors: { reason: [PRIVACY_MESSAGES.reasonRequired] },
    });
    const short = await post(url, { reason: '  court  ' }, owner.auth);
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.reason).toEqual(['Say why you erase this player (10 characters or more).']);
    const notText = await post(url, { reason: 42 }, owner.auth);
    expect(notText.statusCode).toBe(422);
    expect(await userRow(player.user.id)).toMatchObject({ erasedAt: null });

    const reason = 'Court order 2026/118 received by legal.';
    const res = await post(url, { reason: `  ${reason} ` }, owner.auth);
    expect(res.statusCode).toBe(200);
    expect((await userRow(player.user.id)).erasedAt).not.toBeNull();
    expect(await erasures(player.user.id)).toEqual([
      expect.objectContaining({
        actorId: owner.admin.id,
        details: { reason, deletionRequestedAt: null },
      }),
    ]);
  });

  it('refuses finance and analyst (403), a player (403), anonymous callers (401), unknown ids (404), bad ids', async () => {
    const player = await createPlayer(t.app.ctx);
    const url = `/api/admin/users/${player.user.id}/erase`;
    for (const role of ['finance', 'analyst'] as const) {
      const staff = await createAdmin(t.app.ctx, { role });
      expect((await post(url, undefined, staff.auth)).statusCode).toBe(403);
    }
    // A player's session is not a staff session: the admin guard refuses it.
    expect((await post(url, undefined, player.auth)).statusCode).toBe(403);
    expect((await post(url, undefined)).statusCode).toBe(401);
    const owner = await createAdmin(t.app.ctx, { role: 'owner' });
    const unknown = await post(`/api/admin/users/${crypto.randomUUID()}/erase`, undefined, owner.auth);
    expect(unknown.statusCode).toBe(404);
    const bad = await post('/api/admin/users/not-a-uuid/erase', undefined, owner.auth);
    expect(bad.statusCode).toBe(422);
    expect((await userRow(player.user.id)).erasedAt).toBeNull();
  });
});

describe('erasure beyond the account tables', () => {
  /** What names `player` outside the account's own tables: each kind written directly, as its module does. */
  async function tracesOf(player: { id: string; email: string }) {
    const now = t.clock.now();
    const emailKey = player.email.toLowerCase();
    await db()
      .insert(oidcModels)
      .values([
        { model: 'Grant', id: `grant-${player.id}`, payload: {}, accountId: player.id },
        { model: 'Session', id: `session-${player.id}`, payload: {}, accountId: player.id },
      ]);
    await db()
      .insert(accountEmailRequests)
      .values({ purpose: 'reset_password', email: player.email.toUpperCase(), createdAt: now });
    await db()
      .insert(authFailures)
      .values([
        { scope: 'player-account', key: emailKey, failures: 3, lastFailureAt: now },
        { scope: 'player-password', key: `${emailKey}|10.70.0.1`, failures: 2, lastFailureAt: now },
        { scope: 'pin', key: player.id, failures: 1, lastFailureAt: now },
        { scope: 'mfa', key: `player:${player.id}`, failures: 1, lastFailureAt: now },
      ]);
    await db()
      .insert(sandboxDeliveries)
      .values({
        body: JSON.stringify({ notification_type: 'payment', user: { id: player.id, email: player.email } }),
        dueAt: now,
      });
    const sanction = {
      id: crypto.randomUUID(),
      player: player.id,
      scope: 'account' as const,
      kind: 'ban' as const,
      game: null,
      category: 'cheating' as const,
      note: `Aimbot in ranked, ${player.email}`,
      starts_at: now.toISOString(),
      expires_at: null,
      lifted_at: null,
      status: 'active' as const,
    };
    const event = <Data extends object>(type: 'player.sanctioned' | 'entitlement.granted', data: Data) => ({
      id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
      type,
      created_at: now.toISOString(),
      data,
    });
    const sanctioned = event('player.sanctioned', { sanction });
    const granted = event('entitlement.granted', {
      entitlement: { id: crypto.randomUUID(), player: player.id },
    });
    const delivery = (body: { id: string; type: 'player.sanctioned' | 'entitlement.granted' }) => ({
      game: 'caliber' as const,
      eventId: body.id,
      type: body.type,
      body: JSON.stringify(body),
      status: 'delivered' as const,
      nextAttemptAt: now,
      giveUpAt: now,
      createdAt: now,
    });
    await db()
      .insert(webhookDeliveries)
      .values([delivery(sanctioned), delivery(granted)]);
    return { sanctioned, granted };
  }

  const oidcRowsOf = (id: string) => db().select().from(oidcModels).where(eq(oidcModels.accountId, id));
  const emailRequestsTo = async (email: string) =>
    (await db().select().from(accountEmailRequests)).filter(
      (request) => request.email.toLowerCase() === email.toLowerCase(),
    );
  const failureKeysOf = async (player: { id: string; email: string }) =>
    (await db().select().from(authFailures))
      .map((row) => row.key)
      .filter((key) => key.includes(player.id) || key.includes(player.email.toLowerCase()));
  const sandboxNotificationsOf = async (id: string) =>
    (await db().select().from(sandboxDeliveries)).filter((row) => row.body.includes(id));
  const bodiesOf = async (eventIds: string[]) =>
    (await db().select().from(webhookDeliveries).where(inArray(webhookDeliveries.eventId, eventIds))).map(
      (row) => row.body,
    );

  it("deletes the player's app grants and sessions, requested mails, lockout counters and sandbox notifications, and the note from the games' sanction events", async () => {
    const owner = await createAdmin(t.app.ctx, { role: 'owner' });
    const [player, other] = [(await createPlayer(t.app.ctx)).user, (await createPlayer(t.app.ctx)).user];
    const { sanctioned, granted } = await tracesOf(player);
    const othersTraces = await tracesOf(other);

    const res = await post(
      `/api/admin/users/${player.id}/erase`,
      { reason: 'Court order 2026/121 received by legal.' },
      owner.auth,
    );
    expect(res.statusCode).toBe(200);

    expect(await oidcRowsOf(player.id)).toEqual([]);
    expect(await emailRequestsTo(player.email)).toEqual([]);
    expect(await failureKeysOf(player)).toEqual([]);
    expect(await sandboxNotificationsOf(player.id)).toEqual([]);
    // The sanction event stays for the delivery log, without its note; the entitlement event as it was sent.
    const noteless = { ...sanctioned, data: { sanction: { ...sanctioned.data.sanction, note: '' } } };
    expect(await bodiesOf([sanctioned.id, granted.id])).toEqual(
      expect.arrayContaining([JSON.stringify(noteless), JSON.stringify(granted)]),
    );

    // Another player's are untouched.
    expect(await oidcRowsOf(other.id)).toHaveLength(2);
    expect(await emailRequestsTo(other.email)).toHaveLength(1);
    expect(await failureKeysOf(other)).toHaveLength(4);
    expect(await sandboxNotificationsOf(other.id)).toHaveLength(1);
    expect(await bodiesOf([othersTraces.sanctioned.id])).toEqual([JSON.stringify(othersTraces.sanctioned)]);
  });
});
