import { PLAYER_ACTION_MESSAGES, type PlayerDetail } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { turnOnTotp } from '../../../test/mfa';
import { accountEmailRequests, referralCodes, userGames } from '../../db/schema/index';
import { issueSession } from '../../lib/sessions';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await createAdmin(t.app.ctx, { role: 'support' });
});
afterAll(() => t.close());

const post = (url: string, auth = staff.auth) => t.app.inject({ method: 'POST', url, headers: auth });
const detailOf = async (id: string) => {
  const reply = await t.app.inject({ method: 'GET', url: `/api/admin/users/${id}`, headers: staff.auth });
  expect(reply.statusCode).toBe(200);
  return reply.json() as PlayerDetail;
};
const requestsFor = (email: string) =>
  t.app.ctx.db.select().from(accountEmailRequests).where(eq(accountEmailRequests.email, email));

describe('GET /api/admin/users/:id', () => {
  it('shows the player, their games, who used their referral code, sessions and staff actions', async () => {
    const player = await createPlayer(t.app.ctx, { games: ['caliber', 'yggdra'], name: 'Pat <b>Ticket</b>' });
    await t.app.ctx.db.insert(referralCodes).values({
      code: `PAT${player.user.id.slice(0, 6)}`,
      game: 'caliber',
      url: 'x',
      ownerUserId: player.user.id,
    });
    const friend = await createPlayer(t.app.ctx, { name: 'Friend' });
    await t.app.ctx.db
      .update(userGames)
      .set({ referralCode: `pat${player.user.id.slice(0, 6)}` })
      .where(eq(userGames.userId, friend.user.id));
    await post(`/api/admin/users/${player.user.id}/password-reset`);

    const detail = await detailOf(player.user.id);
    expect(detail.user).toMatchObject({
      id: player.user.id,
      name: 'Pat <b>Ticket</b>',
      email: player.user.email,
      account_status: 'active',
      two_step: false,
      gender: 'female',
      birthdate: '2000-01-15',
    });
    expect(detail.games.map((g) => g.game).sort()).toEqual(['caliber', 'yggdra']);
    expect(detail.addresses).toEqual([
      { address1: null, city: null, province: null, country: 'Philippines' },
    ]);
    expect(detail.referrals).toEqual({
      total: 1,
      latest: [expect.objectContaining({ user_id: friend.user.id, name: 'Friend', game: 'caliber' })],
    });
    expect(detail.sessions).toHaveLength(1);
    expect(detail.orders).toEqual([]);
    expect(detail.audit).toEqual([
      expect.objectContaining({
        action: 'users.password_reset',
        actor_id: staff.admin.id,
        target: `user:${player.user.id}`,
      }),
    ]);
  });

  it('answers 404 for an unknown player, 422 for a malformed id and 401 without a session', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000',
      headers: staff.auth,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: PLAYER_ACTION_MESSAGES.notFound, code: 'NOT_FOUND' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/users/not-an-id', headers: staff.auth });
    expect(bad.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users/not-an-id' })).statusCode).toBe(401);
  });
});

describe('player actions', () => {
  it('resends the verification email only to a player who has not verified', async () => {
    const player = await createPlayer(t.app.ctx, { emailVerifiedAt: null });
    const sent = await post(`/api/admin/users/${player.user.id}/resend-verification`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: PLAYER_ACTION_MESSAGES.verificationSent });
    expect((await requestsFor(player.user.email)).map((r) => r.purpose)).toEqual(['verify_email']);

    const verified = await createPlayer(t.app.ctx);
    const refused = await post(`/api/admin/users/${verified.user.id}/resend-verification`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: PLAYER_ACTION_MESSAGES.alreadyVerified, code: 'CONFLICT' });
    expect(await requestsFor(verified.user.email)).toEqual([]);
  });

  it('queues a password-reset email, refused for a suspended player', async () => {
    const player = await createPlayer(t.app.ctx);
    const sent = await post(`/api/admin/users/${player.user.id}/password-reset`);
    expect(sent.statusCode).toBe(200);
    expect((await requestsFor(player.user.email)).map((r) => r.purpose)).toEqual(['reset_password']);

    const suspended = await createPlayer(t.app.ctx, { accountStatus: 'suspended' });
    const refused = await post(`/api/admin/users/${suspended.user.id}/password-reset`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: PLAYER_ACTION_MESSAGES.suspended, code: 'CONFLICT' });
    expect(await requestsFor(suspended.user.email)).toEqual([]);
  });

  it('signs the player out everywhere and says how many sessions ended', async () => {
    const player = await createPlayer(t.app.ctx);
    await issueSession(t.app.ctx, 'player', player.user.id);
    const revoked = await post(`/api/admin/users/${player.user.id}/sessions/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ message: '2 sessions were signed out.' });
    const profile = await t.app.inject({ method: 'GET', url: '/api/user-info', headers: player.auth });
    expect(profile.statusCode).toBe(401);
    expect((await detailOf(player.user.id)).sessions).toEqual([]);
  });

  it('turns off two-step verification after an identity check, keeping the reason in the audit', async () => {
    const player = await createPlayer(t.app.ctx);
    await turnOnTotp(t, player.auth);
    expect((await detailOf(player.user.id)).user.two_step).toBe(true);
    const url = `/api/admin/users/${player.user.id}/two-step/disable`;
    const short = await t.app.inject({ method: 'POST', url, headers: staff.auth, payload: { reason: 'ok' } });
    expect(short.statusCode).toBe(422);
    expect((await detailOf(player.user.id)).user.two_step).toBe(true);

    const reason = 'Called back on the phone number on file; matched birthdate and last order.';
    const off = await t.app.inject({ method: 'POST', url, headers: staff.auth, payload: { reason } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: PLAYER_ACTION_MESSAGES.twoStepOff });
    const detail = await detailOf(player.user.id);
    expect(detail.user.two_step).toBe(false);
    expect(detail.audit[0]).toMatchObject({ action: 'users.two_step_off', details: { reason } });
    expect(detail.events[0]).toMatchObject({ kind: 'two_step_disabled', detail: 'by support' });
    const status = await t.app.inject({ method: 'GET', url: '/api/mfa', headers: player.auth });
    expect(status.json().totp_enabled).toBe(false);

    const again = await t.app.inject({ method: 'POST', url, headers: staff.auth, payload: { reason } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: PLAYER_ACTION_MESSAGES.twoStepNotOn, code: 'CONFLICT' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000/two-step/disable',
      headers: staff.auth,
      payload: { reason },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it.each(['resend-verification', 'password-reset', 'sessions/revoke'])(
    '%s: 404 for an unknown player, 422 for a bad id, 401 without a session',
    async (action) => {
      const unknown = await post(`/api/admin/users/00000000-0000-4000-8000-000000000000/${action}`);
      expect(unknown.statusCode).toBe(404);
      expect((await post(`/api/admin/users/%00/${action}`)).statusCode).toBe(422);
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/x/${action}` })).statusCode).toBe(
        401,
      );
    },
  );
});
