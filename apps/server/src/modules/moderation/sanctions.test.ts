import { SANCTION_MESSAGES, staffSanctionSchema } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { call, placeSanction, sanctionBody } from '../../../test/moderation';
import { auditLog, emailOutbox } from '../../db/schema/index';

// The staff API of sanctions (issue #37): placing, lifting, listing; who may, with what proof; bad input.

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAdmin>>;
let support: Awaited<ReturnType<typeof createAdmin>>;
let analyst: Awaited<ReturnType<typeof createAdmin>>;
const DAY = 24 * 3_600_000;

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2026-05-04T09:00:00Z') });
  owner = await createAdmin(t.app.ctx, { role: 'owner' });
  support = await createAdmin(t.app.ctx, { role: 'support' });
  analyst = await createAdmin(t.app.ctx, { role: 'analyst' });
});
afterAll(() => t.close());

const inDays = (days: number) => new Date(t.clock.now().getTime() + days * DAY).toISOString();
const place = (auth: { authorization: string }, playerId: string, body: object) =>
  call(t, auth, 'POST', `/api/admin/players/${playerId}/sanctions`, body);

describe('POST /api/admin/players/{uuid}/sanctions', () => {
  it('places a sanction: 201 in the contract shape, audited, the player emailed', async () => {
    const { user } = await createPlayer(t.app.ctx);
    const res = await place(
      support.auth,
      user.id,
      sanctionBody(t, { scope: 'game', game: 'caliber', expires_at: inDays(3) }),
    );
    expect(res.statusCode).toBe(201);
    const { sanction } = res.json();
    expect(staffSanctionSchema.parse(sanction)).toEqual(sanction);
    expect(sanction).toMatchObject({
      player: user.id,
      scope: 'game',
      kind: 'ban',
      game: 'caliber',
      category: 'cheating',
      status: 'active',
      starts_at: t.clock.now().toISOString(),
      expires_at: inDays(3),
      lifted_at: null,
      appeal: null,
      staff_note: 'Anti-cheat case 4411.',
      placed_by: 'Test Admin',
      report_ids: [],
    });
    const [entry] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sanctions.place'), eq(auditLog.target, `user:${user.id}`)));
    expect(entry?.details).toMatchObject({
      userId: user.id,
      sanctionId: sanction.id,
      scope: 'game',
      game: 'caliber',
    });
    const mail = await latestMail(t.app, user.email);
    expect(mail?.subject).toBe('A sanction was placed on your account');
    expect(mail?.text).toContain('your account is banned from Caliber until');
    expect(mail?.text).toContain('/standing');
    // The staff note is never sent to the player.
    expect(mail?.text).not.toContain('Anti-cheat case');
  });

  it('support places at most 30 days; longer and permanent ones are for owners', async () => {
    const { user } = await createPlayer(t.app.ctx);
    for (const expires_at of [inDays(31), null]) {
      const refused = await place(support.auth, user.id, sanctionBody(t, { expires_at }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: SANCTION_MESSAGES.tooLongForRole });
    }
    expect(
      (
        await place(
          support.auth,
          user.id,
          sanctionBody(t, { scope: 'chat', game: 'talesrunner', expires_at: inDays(30) }),
        )
      ).statusCode,
    ).toBe(201);
    const permanent = await place(
      owner.auth,
      user.id,
      sanctionBody(t, { scope: 'purchases', expires_at: null }),
    );
    expect(permanent.statusCode).toBe(201);
    expect(permanent.json().sanction).toMatchObject({ kind: 'restriction', expires_at: null, game: null });
  });

  it('answers bad input with 422 and the field, and changes nothing', async () => {
    const { user } = await createPlayer(t.app.ctx);
    const cases: [object, string][] = [
      [sanctionBody(t, { scope: 'game' }), 'game'],
      [sanctionBody(t, { scope: 'account', game: 'caliber' }), 'game'],
      [sanctionBody(t, { scope: 'everything' as never }), 'scope'],
      [sanctionBody(t, { category: 'rudeness' as never }), 'category'],
      [sanctionBody(t, { note: '   ' }), 'note'],
      [sanctionBody(t, { note: 'x'.repeat(1001) }), 'note'],
      [sanctionBody(t, { expires_at: 'next tuesday' }), 'expires_at'],
      [sanctionBody(t, { expires_at: inDays(-1) }), 'expires_at'],
      [sanctionBody(t, { report_ids: ['not-a-uuid'] }), 'report_ids.0'],
      [sanctionBody(t, { report_ids: [crypto.randomUUID()] }), 'report_ids'],
      [{ ...sanctionBody(t), expires_at: undefined }, 'expires_at'],
    ];
    for (const [body, field] of cases) {
      const res = await place(owner.auth, user.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    const list = await call(t, owner.auth, 'GET', `/api/admin/sanctions?player=${user.id}`);
    expect(list.json().sanctions).toEqual([]);
  });

  it('answers 404 for an unknown player and 401/403 for callers who may not', async () => {
    expect((await place(owner.auth, crypto.randomUUID(), sanctionBody(t))).statusCode).toBe(404);
    expect((await place(owner.auth, 'not-a-uuid', sanctionBody(t))).statusCode).toBe(422);
    const { user } = await createPlayer(t.app.ctx);
    expect((await place({} as never, user.id, sanctionBody(t))).statusCode).toBe(401);
    const player = await createPlayer(t.app.ctx);
    // A player's session is not a staff one.
    expect((await place(player.auth, user.id, sanctionBody(t))).statusCode).toBe(403);
    expect((await place(analyst.auth, user.id, sanctionBody(t))).statusCode).toBe(403);
  });

  it('needs a recent proof: a staff session signed in long ago (a stolen one) is refused until it steps up', async () => {
    const old = await createAdmin(t.app.ctx, { role: 'owner' });
    t.clock.advance(10 * 60_000);
    const { user } = await createPlayer(t.app.ctx);
    const res = await place(old.auth, user.id, sanctionBody(t));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('STEP_UP_REQUIRED');
    const lift = await call(t, old.auth, 'POST', `/api/admin/sanctions/${crypto.randomUUID()}/lift`, {
      reason: 'x',
    });
    expect(lift.json().code).toBe('STEP_UP_REQUIRED');
  });
});

describe('POST /api/admin/sanctions/{id}/lift and expiry', () => {
  it('lifts once (audited, emailed); a second lift is 409, an unknown one 404, no reason 422', async () => {
    const staff = await createAdmin(t.app.ctx, { role: 'support' });
    const { user } = await createPlayer(t.app.ctx);
    const sanction = await placeSanction(t, staff.auth, user.id);
    expect(
      (await call(t, staff.auth, 'POST', `/api/admin/sanctions/${sanction.id}/lift`, { reason: ' ' }))
        .statusCode,
    ).toBe(422);
    t.clock.advance(1000);
    const lifted = await call(t, staff.auth, 'POST', `/api/admin/sanctions/${sanction.id}/lift`, {
      reason: 'False positive of the anti-cheat.',
    });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().sanction).toMatchObject({
      status: 'lifted',
      lifted_at: t.clock.now().toISOString(),
      lifted_by: 'Test Admin',
      lift_reason: 'False positive of the anti-cheat.',
    });
    expect((await latestMail(t.app, user.email))?.subject).toBe('A sanction on your account was lifted');
    const again = await call(t, staff.auth, 'POST', `/api/admin/sanctions/${sanction.id}/lift`, {
      reason: 'again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SANCTION_MESSAGES.alreadyLifted);
    expect(
      (await call(t, staff.auth, 'POST', `/api/admin/sanctions/${crypto.randomUUID()}/lift`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    const audited = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sanctions.lift'), eq(auditLog.target, `user:${user.id}`)));
    expect(audited).toHaveLength(1);
  });

  it('ends by the clock: expired without a job, listed as expired, and cannot be lifted', async () => {
    const staff = await createAdmin(t.app.ctx, { role: 'owner' });
    const { user } = await createPlayer(t.app.ctx);
    const sanction = await placeSanction(t, staff.auth, user.id, { expires_at: inDays(2) });
    // A fresh reader each time: staff sessions last 12 hours.
    const status = async () => {
      const reader = await createAdmin(t.app.ctx, { role: 'analyst' });
      return (await call(t, reader.auth, 'GET', `/api/admin/sanctions?player=${user.id}`)).json().sanctions[0]
        .status;
    };
    expect(await status()).toBe('active');
    t.clock.advance(2 * DAY);
    expect(await status()).toBe('expired');
    const later = await createAdmin(t.app.ctx, { role: 'owner' });
    const active = await call(t, later.auth, 'GET', `/api/admin/sanctions?player=${user.id}&status=active`);
    expect(active.json().sanctions).toEqual([]);
    const expired = await call(t, later.auth, 'GET', `/api/admin/sanctions?player=${user.id}&status=expired`);
    expect(expired.json().sanctions.map((s: { id: string }) => s.id)).toEqual([sanction.id]);
    const lift = await call(t, later.auth, 'POST', `/api/admin/sanctions/${sanction.id}/lift`, {
      reason: 'late',
    });
    expect(lift.statusCode).toBe(409);
    expect(lift.json().message).toBe(SANCTION_MESSAGES.alreadyEnded);
  });
});

describe('GET /api/admin/sanctions', () => {
  it('filters by status, game and scope, pages newest first; finance and analysts read; bad filters are 422', async () => {
    const staff = await createAdmin(t.app.ctx, { role: 'owner' });
    const { user } = await createPlayer(t.app.ctx);
    const chat = await placeSanction(t, staff.auth, user.id, { scope: 'chat', game: 'yggdra' });
    t.clock.advance(1000);
    const ban = await placeSanction(t, staff.auth, user.id, { scope: 'game', game: 'yggdra' });
    const finance = await createAdmin(t.app.ctx, { role: 'finance' });
    const both = await call(t, finance.auth, 'GET', `/api/admin/sanctions?player=${user.id}&game=yggdra`);
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({ page: 1, has_more: false });
    expect(both.json().sanctions.map((s: { id: string }) => s.id)).toEqual([ban.id, chat.id]);
    const reader = await createAdmin(t.app.ctx, { role: 'analyst' });
    const chats = await call(t, reader.auth, 'GET', `/api/admin/sanctions?player=${user.id}&scope=chat`);
    expect(chats.json().sanctions.map((s: { id: string }) => s.id)).toEqual([chat.id]);
    for (const query of ['status=gone', 'game=tetris', 'scope=all', 'page=0', 'page=x', 'player=me'])
      expect((await call(t, staff.auth, 'GET', `/api/admin/sanctions?${query}`)).statusCode, query).toBe(422);
    expect((await call(t, {} as never, 'GET', '/api/admin/sanctions')).statusCode).toBe(401);
  });
});

describe('outbox', () => {
  it('writes the email in the same transaction as the sanction (a refused placement sends nothing)', async () => {
    const staff = await createAdmin(t.app.ctx, { role: 'owner' });
    const { user } = await createPlayer(t.app.ctx);
    const before = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    const res = await place(staff.auth, user.id, sanctionBody(t, { report_ids: [crypto.randomUUID()] }));
    expect(res.statusCode).toBe(422);
    const after = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(after).toHaveLength(before.length);
  });
});
