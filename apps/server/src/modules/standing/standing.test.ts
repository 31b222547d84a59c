import { type GameWebhookEvent, SANCTION_MESSAGES, standingReplySchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, post, registration } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { call, placeSanction } from '../../../test/moderation';
import { startWebhookReceiver } from '../../../test/webhook-receiver';
import { gameWebhooks, sanctionAppeals, sanctions } from '../../db/schema/index';
import { signPayload } from '../../lib/tokens';
import { deliverDueWebhooks } from '../entitlements';
import { createServerKey } from '../events';

// The player's side of a sanction (issue #37): the standing page, the appeal and staff's decision; the games'
// webhook events; what the export holds and what erasure keeps.

let t: TestApp;
const DAY = 24 * 3_600_000;
const owner = () => createAdmin(t.app.ctx, { role: 'owner' });

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2026-08-03T10:00:00Z'), env: { WEBHOOK_TIMEOUT_SECONDS: '2' } });
});
afterAll(() => t.close());

const standing = (auth: { authorization: string } | Record<string, never>) =>
  call(t, auth, 'GET', '/api/standing');
const appeal = (auth: { authorization: string }, id: string, message: unknown) =>
  call(t, auth, 'POST', `/api/standing/sanctions/${id}/appeal`, { message });

describe('GET /api/standing', () => {
  it("lists the player's sanctions, those in force first, without staff's note", async () => {
    const staff = await owner();
    const p = await createPlayer(t.app.ctx);
    const old = await placeSanction(t, staff.auth, p.user.id, {
      scope: 'chat',
      game: 'caliber',
      expires_at: new Date(t.clock.now().getTime() + DAY).toISOString(),
    });
    t.clock.advance(2 * DAY);
    const later = await owner();
    const current = await placeSanction(t, later.auth, p.user.id, {
      scope: 'purchases',
      category: 'payment_abuse',
    });
    const res = await standing(p.auth);
    expect(res.statusCode).toBe(200);
    const body = standingReplySchema.parse(res.json());
    expect(body.sanctions.map((s) => [s.id, s.status])).toEqual([
      [current.id, 'active'],
      [old.id, 'expired'],
    ]);
    expect(res.body).not.toContain('Anti-cheat case');
    const empty = await createPlayer(t.app.ctx);
    expect((await standing(empty.auth)).json()).toEqual({ sanctions: [] });
  });

  it('is 401 without a session or standing token, with a staff token, or with a signed token of another use', async () => {
    const p = await createPlayer(t.app.ctx);
    expect((await standing({})).statusCode).toBe(401);
    expect((await standing({ authorization: 'Bearer garbage' })).statusCode).toBe(401);
    expect((await standing((await owner()).auth)).statusCode).toBe(401);
    const other = signPayload(
      t.app.ctx.config.SECRET_KEY,
      { use: 'oauth', sub: p.user.id },
      new Date(t.clock.now().getTime() + DAY),
    );
    const refused = await standing({ authorization: `Bearer ${other}` });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(SANCTION_MESSAGES.standingUnauthenticated);
  });
});

describe('appeals', () => {
  it('an account-banned player appeals once with the token of the refused sign-in; staff uphold it, and the player is told', async () => {
    const p = await createPlayer(t.app.ctx);
    const sanction = await placeSanction(t, (await owner()).auth, p.user.id);
    const signIn = await post(t.app, '/login', { email: p.user.email, password: p.password });
    const token = { authorization: `Bearer ${signIn.json().standing_token}` };
    for (const message of ['', '  ', 'x'.repeat(2001), 42])
      expect((await appeal(token, sanction.id, message)).statusCode).toBe(422);
    const res = await appeal(token, sanction.id, 'I was using a stream overlay, not a cheat.');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: SANCTION_MESSAGES.appealSent,
      appeal: { status: 'open', answer: null },
    });
    const again = await appeal(token, sanction.id, 'Please look again.');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SANCTION_MESSAGES.appealExists);
    // Another player's sanction is unknown to this one.
    const stranger = await createPlayer(t.app.ctx);
    expect((await appeal(stranger.auth, sanction.id, 'Not mine.')).statusCode).toBe(404);
    expect((await appeal(token, crypto.randomUUID(), 'Unknown.')).statusCode).toBe(404);

    const support = await createAdmin(t.app.ctx, { role: 'support' });
    const open = await call(t, support.auth, 'GET', '/api/admin/appeals?status=open');
    expect(open.statusCode).toBe(200);
    const mine = open.json().appeals.find((a: { sanction: { id: string } }) => a.sanction.id === sanction.id);
    expect(mine).toMatchObject({
      status: 'open',
      message: 'I was using a stream overlay, not a cheat.',
      sanction: { staff_note: 'Anti-cheat case 4411.' },
    });
    t.clock.advance(1000);
    const upheld = await call(t, support.auth, 'POST', `/api/admin/appeals/${mine.id}/decision`, {
      decision: 'uphold',
      message: 'The detection was confirmed by the match replay.',
    });
    expect(upheld.statusCode).toBe(200);
    expect(upheld.json().appeal).toMatchObject({
      status: 'upheld',
      answer: 'The detection was confirmed by the match replay.',
      sanction: { status: 'active' },
    });
    const mail = await latestMail(t.app, p.user.email);
    expect(mail?.subject).toBe('Your appeal was decided');
    expect(mail?.text).toContain('The detection was confirmed by the match replay.');
    expect((await standing(token)).json().sanctions[0].appeal).toMatchObject({ status: 'upheld' });
    const twice = await call(t, support.auth, 'POST', `/api/admin/appeals/${mine.id}/decision`, {
      decision: 'lift',
      message: 'Changed my mind.',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('lifting on appeal lifts the sanction: the player signs in again', async () => {
    const p = await createPlayer(t.app.ctx);
    const sanction = await placeSanction(t, (await owner()).auth, p.user.id, {
      category: 'offensive_name',
      note: 'Your nickname insults other players.',
    });
    const [row] = await t.app.ctx.db.select().from(sanctions).where(eq(sanctions.id, sanction.id));
    const token = {
      authorization: `Bearer ${(await post(t.app, '/login', { email: p.user.email, password: p.password })).json().standing_token}`,
    };
    const appealId = (await appeal(token, row!.id, 'It is my real surname.')).json().appeal.id;
    const support = await createAdmin(t.app.ctx, { role: 'support' });
    for (const body of [{ decision: 'maybe', message: 'x' }, { decision: 'lift', message: '' }, {}])
      expect(
        (await call(t, support.auth, 'POST', `/api/admin/appeals/${appealId}/decision`, body)).statusCode,
      ).toBe(422);
    expect(
      (
        await call(t, support.auth, 'POST', `/api/admin/appeals/${crypto.randomUUID()}/decision`, {
          decision: 'lift',
          message: 'x',
        })
      ).statusCode,
    ).toBe(404);
    const analyst = await createAdmin(t.app.ctx, { role: 'analyst' });
    expect(
      (
        await call(t, analyst.auth, 'POST', `/api/admin/appeals/${appealId}/decision`, {
          decision: 'lift',
          message: 'x',
        })
      ).statusCode,
    ).toBe(403);
    const lifted = await call(t, support.auth, 'POST', `/api/admin/appeals/${appealId}/decision`, {
      decision: 'lift',
      message: 'Verified: it is a surname.',
    });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().appeal).toMatchObject({
      status: 'lifted',
      sanction: { status: 'lifted', lift_reason: 'Verified: it is a surname.' },
    });
    expect((await post(t.app, '/login', { email: p.user.email, password: p.password })).statusCode).toBe(200);
    const [stored] = await t.app.ctx.db
      .select()
      .from(sanctionAppeals)
      .where(eq(sanctionAppeals.id, appealId));
    expect(stored?.decidedAt).not.toBeNull();
  });
});

describe('webhook events', () => {
  it('tells the game a sanction that concerns it started and was lifted, signed, through the outbox', async () => {
    const receiver = await startWebhookReceiver();
    try {
      await t.app.ctx.db.delete(gameWebhooks).where(eq(gameWebhooks.game, 'talesrunner'));
      const staff = await owner();
      const saved = await call(t, staff.auth, 'POST', '/api/admin/games/talesrunner/webhook', {});
      expect(saved.statusCode).toBe(404); // the webhook is set with PUT
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/games/talesrunner/webhook',
        headers: staff.auth,
        payload: { url: receiver.url, active: true },
      });
      expect(put.statusCode).toBe(200);
      const p = await createPlayer(t.app.ctx, { games: ['talesrunner'] });
      const sanction = await placeSanction(t, staff.auth, p.user.id, { scope: 'game', game: 'talesrunner' });
      // Nothing for another game's ban or a purchase restriction.
      await placeSanction(t, staff.auth, p.user.id, { scope: 'game', game: 'yggdra' });
      await placeSanction(t, staff.auth, p.user.id, { scope: 'purchases' });
      t.clock.advance(1000);
      await call(t, staff.auth, 'POST', `/api/admin/sanctions/${sanction.id}/lift`, {
        reason: 'Served enough.',
      });
      await deliverDueWebhooks(t.app.ctx);
      // Deliveries are sent side by side, so they may arrive in any order: a game orders them by created_at.
      const events = receiver.requests
        .map((request) => JSON.parse(request.body) as GameWebhookEvent)
        .sort((a, b) => a.created_at.localeCompare(b.created_at));
      expect(events.map((event) => event.type)).toEqual(['player.sanctioned', 'player.sanction_lifted']);
      expect(events[0]!.data.sanction).toMatchObject({
        id: sanction.id,
        player: p.user.id,
        scope: 'game',
        game: 'talesrunner',
        status: 'active',
      });
      expect(events[1]!.data.sanction).toMatchObject({ id: sanction.id, status: 'lifted' });
      // A game reads what its standing endpoint shows: not staff's note, who placed it, nor the appeal.
      expect(Object.keys(events[0]!.data.sanction!).sort()).toEqual([
        'category',
        'expires_at',
        'game',
        'id',
        'kind',
        'lifted_at',
        'note',
        'player',
        'scope',
        'starts_at',
        'status',
      ]);
      expect(receiver.requests[0]!.headers['portal-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    } finally {
      await receiver.close();
    }
  });
});

describe('privacy', () => {
  it("exports the player's sanctions, appeals and reports; erasure keeps the sanction without notes, and the address cannot register again while an account ban lasts", async () => {
    const staff = await owner();
    const p = await createPlayer(t.app.ctx);
    const key = (await createServerKey(t.app.ctx, 'caliber', 'privacy')).key;
    const other = await createPlayer(t.app.ctx);
    await call(t, { authorization: `Bearer ${key}` }, 'POST', '/api/game/reports', {
      reporter: other.user.id,
      reported: p.user.id,
      category: 'cheating',
      message: 'Wallhack.',
    });
    await call(t, { authorization: `Bearer ${key}` }, 'POST', '/api/game/reports', {
      reporter: p.user.id,
      reported: other.user.id,
      category: 'spamming',
      message: 'Spams links.',
    });
    const sanction = await placeSanction(t, staff.auth, p.user.id, {
      expires_at: new Date(t.clock.now().getTime() + 10 * DAY).toISOString(),
    });
    await t.app.ctx.db
      .insert(sanctionAppeals)
      .values({ sanctionId: sanction.id, message: 'Not me.', createdAt: t.clock.now() });

    const exported = (
      await t.app.inject({ url: '/api/account/export', headers: (await createPlayerSession(p.user.id)).auth })
    ).json();
    expect(exported.sanctions).toMatchObject([{ id: sanction.id, scope: 'account', category: 'cheating' }]);
    expect(JSON.stringify(exported.sanctions)).not.toContain('Anti-cheat case');
    expect(exported.appeals).toMatchObject([{ message: 'Not me.', status: 'open' }]);
    expect(exported.reports_filed).toMatchObject([{ category: 'spamming', message: 'Spams links.' }]);
    expect(exported.reports_about_you).toMatchObject([{ category: 'cheating' }]);
    expect(JSON.stringify(exported.reports_about_you)).not.toContain(other.user.id);

    const erased = await call(t, staff.auth, 'POST', `/api/admin/users/${p.user.id}/erase`, {
      reason: 'Asked by email, ticket 5521.',
    });
    expect(erased.statusCode).toBe(200);
    const [kept] = await t.app.ctx.db.select().from(sanctions).where(eq(sanctions.id, sanction.id));
    expect(kept).toMatchObject({ note: '', staffNote: null, scope: 'account', category: 'cheating' });
    expect(kept?.emailHash).toMatch(/^[0-9a-f]{64}$/);
    expect(kept?.emailHash).not.toContain(p.user.email);
    const [appealRow] = await t.app.ctx.db
      .select()
      .from(sanctionAppeals)
      .where(eq(sanctionAppeals.sanctionId, sanction.id));
    expect(appealRow?.message).toBe('');

    const again = await post(t.app, '/register', registration({ email: p.user.email.toUpperCase() }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual([SANCTION_MESSAGES.emailBanned]);
    t.clock.advance(10 * DAY);
    expect((await post(t.app, '/register', registration({ email: p.user.email }))).statusCode).toBe(201);
  });
});

/** A second live session of a player (the sanction ended the first). */
async function createPlayerSession(userId: string) {
  const { issueSession } = await import('../../lib/sessions');
  const token = await issueSession(t.app.ctx, 'player', userId);
  return { auth: { authorization: `Bearer ${token}` } };
}
