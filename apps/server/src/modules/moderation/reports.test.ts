import {
  appealListReplySchema,
  FLOODING_DISMISSED_MIN,
  reportQueueReplySchema,
  SANCTION_MESSAGES,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { call, placeSanction } from '../../../test/moderation';
import { auditLog, playerReports, reportedPlayers, userGames } from '../../db/schema/index';
import { createServerKey } from '../events';

// Reports from the games (their server key) and from players, and the queue staff work them from (issue #37).

let t: TestApp;
let keys: Record<'caliber' | 'yggdra', { authorization: string }>;
let ip = 0;

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2026-07-01T08:00:00Z') });
  keys = {
    caliber: { authorization: `Bearer ${(await createServerKey(t.app.ctx, 'caliber', 'reports')).key}` },
    yggdra: { authorization: `Bearer ${(await createServerKey(t.app.ctx, 'yggdra', 'reports')).key}` },
  };
});
afterAll(() => t.close());

const report = (body: object, key = keys.caliber) => call(t, key, 'POST', '/api/game/reports', body);
const staff = () => createAdmin(t.app.ctx, { role: 'support' });
const queue = async (query = '') => {
  const res = await call(t, (await staff()).auth, 'GET', `/api/admin/reports${query}`);
  expect(res.statusCode).toBe(200);
  return reportQueueReplySchema.parse(res.json());
};

describe('POST /api/game/reports', () => {
  it("files a report for the key's game: 201, in the queue with its category", async () => {
    const [reporter, reported] = [await createPlayer(t.app.ctx), await createPlayer(t.app.ctx)];
    const res = await report({
      reporter: reporter.user.id,
      reported: reported.user.id,
      category: 'cheating',
      message: 'Shoots through walls.',
      context: { match: 'm-8812', round: 4 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      report: { id: expect.any(String), created_at: t.clock.now().toISOString() },
    });
    const [row] = await t.app.ctx.db
      .select()
      .from(playerReports)
      .where(eq(playerReports.id, res.json().report.id));
    expect(row).toMatchObject({
      game: 'caliber',
      source: 'game',
      status: 'open',
      context: { match: 'm-8812', round: 4 },
    });
    const [rank] = await t.app.ctx.db
      .select()
      .from(reportedPlayers)
      .where(eq(reportedPlayers.userId, reported.user.id));
    expect(rank?.openReports).toBe(1);
  });

  it('refuses a missing or revoked key (401) before reading the body', async () => {
    expect((await report({}, { authorization: 'Bearer nope' })).statusCode).toBe(401);
    expect((await call(t, {}, 'POST', '/api/game/reports', {})).statusCode).toBe(401);
  });

  it('answers bad input with 422 and unknown players with 404, and files nothing', async () => {
    const p = await createPlayer(t.app.ctx);
    const bad: [object, string][] = [
      [{ reported: 'x', category: 'cheating' }, 'reported'],
      [{ reported: p.user.id, category: 'payment_abuse' }, 'category'],
      [{ reported: p.user.id }, 'category'],
      [{ reported: p.user.id, category: 'cheating', message: 'x'.repeat(1001) }, 'message'],
      [{ reported: p.user.id, category: 'cheating', context: 'match 5' }, 'context'],
      [{ reported: p.user.id, category: 'cheating', context: { chat: 'x'.repeat(5000) } }, 'context'],
      [{ reported: p.user.id, reporter: p.user.id, category: 'cheating' }, 'reported'],
    ];
    for (const [body, field] of bad) {
      const res = await report(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    const unknown = await report({ reported: crypto.randomUUID(), category: 'cheating' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SANCTION_MESSAGES.reportedUnknown);
    expect(
      (await report({ reported: p.user.id, reporter: crypto.randomUUID(), category: 'spamming' })).statusCode,
    ).toBe(404);
    // A game's key reaches its own players only: the reported and the reporter must play it.
    const yggdraOnly = await createPlayer(t.app.ctx, { games: ['yggdra'] });
    const notInGame = await report({ reported: yggdraOnly.user.id, category: 'cheating' });
    expect(notInGame.statusCode).toBe(404);
    expect(notInGame.json().message).toBe(SANCTION_MESSAGES.reportedNotInGame);
    const reporterNotInGame = await report({
      reported: p.user.id,
      reporter: yggdraOnly.user.id,
      category: 'spamming',
    });
    expect(reporterNotInGame.statusCode).toBe(404);
    expect(reporterNotInGame.json().message).toBe(SANCTION_MESSAGES.reporterNotInGame);
    expect(
      await t.app.ctx.db.select().from(playerReports).where(eq(playerReports.reportedId, yggdraOnly.user.id)),
    ).toEqual([]);
    const filed = await t.app.ctx.db
      .select()
      .from(playerReports)
      .where(eq(playerReports.reportedId, p.user.id));
    expect(filed).toEqual([]);
  });
});

describe('GET /api/game/players/{uuid}/standing', () => {
  it('shows a game only what applies to it: account bans, its own bans and chat restrictions', async () => {
    const owner = await createAdmin(t.app.ctx, { role: 'owner' });
    const p = await createPlayer(t.app.ctx);
    const chat = await placeSanction(t, owner.auth, p.user.id, {
      scope: 'chat',
      game: 'caliber',
      category: 'verbal_abuse',
    });
    await placeSanction(t, owner.auth, p.user.id, { scope: 'game', game: 'yggdra' });
    await placeSanction(t, owner.auth, p.user.id, { scope: 'purchases', category: 'payment_abuse' });
    const caliber = await call(t, keys.caliber, 'GET', `/api/game/players/${p.user.id}/standing`);
    expect(caliber.statusCode).toBe(200);
    expect(caliber.json()).toMatchObject({ player: p.user.id, banned: false });
    expect(caliber.json().sanctions.map((s: { id: string }) => s.id)).toEqual([chat.id]);
    const yggdra = (await call(t, keys.yggdra, 'GET', `/api/game/players/${p.user.id}/standing`)).json();
    expect(yggdra.banned).toBe(true);
    expect(yggdra.sanctions).toMatchObject([
      { scope: 'game', game: 'yggdra', kind: 'ban', status: 'active' },
    ]);
    expect(
      (await call(t, keys.yggdra, 'GET', `/api/game/players/${crypto.randomUUID()}/standing`)).statusCode,
    ).toBe(404);
    expect((await call(t, keys.yggdra, 'GET', '/api/game/players/abc/standing')).statusCode).toBe(422);
    expect((await call(t, {}, 'GET', `/api/game/players/${p.user.id}/standing`)).statusCode).toBe(401);
  });
});

describe('POST /api/reports (a player reports another)', () => {
  it('finds the player by nickname in the game; refuses oneself, unknown nicknames and bad input', async () => {
    const reporter = await createPlayer(t.app.ctx);
    const target = await createPlayer(t.app.ctx);
    // The fixture gives every Caliber player a nickname.
    const [games] = await t.app.ctx.db
      .select({ nickname: userGames.nickname })
      .from(userGames)
      .where(and(eq(userGames.userId, target.user.id), eq(userGames.game, 'caliber')));
    const nickname = games!.nickname!;
    const post = (body: object, auth = reporter.auth) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reports',
        payload: body,
        headers: auth,
        remoteAddress: `10.9.0.${++ip}`,
      });
    const res = await post({ game: 'caliber', nickname: nickname.toUpperCase(), category: 'offensive_name' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(SANCTION_MESSAGES.reportSent);
    const [row] = await t.app.ctx.db
      .select()
      .from(playerReports)
      .where(eq(playerReports.id, res.json().report.id));
    expect(row).toMatchObject({ source: 'player', reporterId: reporter.user.id, reportedId: target.user.id });

    expect((await post({ game: 'caliber', nickname: 'nobody-here', category: 'spamming' })).statusCode).toBe(
      404,
    );
    expect((await post({ game: 'caliber', nickname, category: 'spamming' }, target.auth)).statusCode).toBe(
      422,
    );
    // Only a game the reporter plays: a Yggdra-only player cannot report in Caliber.
    const outsider = await createPlayer(t.app.ctx, { games: ['yggdra'] });
    const outside = await post({ game: 'caliber', nickname, category: 'spamming' }, outsider.auth);
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors).toEqual({ game: [SANCTION_MESSAGES.reportOutsideYourGames] });
    expect((await post({ game: 'tetris', nickname, category: 'spamming' })).statusCode).toBe(422);
    expect((await post({ game: 'caliber', nickname: '', category: 'spamming' })).statusCode).toBe(422);
    expect(
      (await post({ game: 'caliber', nickname, category: 'spamming' }, { authorization: 'Bearer x' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('the queue', () => {
  it('ranks reported players by open reports, with counts per category and games; filters by game and category', async () => {
    const [many, fewInYggdra] = [
      await createPlayer(t.app.ctx),
      await createPlayer(t.app.ctx, { games: ['yggdra'] }),
    ];
    for (const category of [
      'cheating',
      'cheating',
      'exploiting',
      'cheating',
      'spamming',
      'cheating',
      'cheating',
      'cheating',
      'cheating',
      'cheating',
    ])
      expect((await report({ reported: many.user.id, category })).statusCode).toBe(201);
    t.clock.advance(1000);
    expect(
      (await report({ reported: fewInYggdra.user.id, category: 'scamming' }, keys.yggdra)).statusCode,
    ).toBe(201);
    const first = (await queue()).players;
    const mine = first.filter((row) => [many.user.id, fewInYggdra.user.id].includes(row.player));
    expect(mine.map((row) => row.player)).toEqual([many.user.id, fewInYggdra.user.id]);
    expect(mine[0]).toMatchObject({
      open_reports: 10,
      by_category: { cheating: 8, exploiting: 1, spamming: 1 },
      games: ['caliber'],
    });
    expect(mine[1]).toMatchObject({
      open_reports: 1,
      games: ['yggdra'],
      newest_report_at: t.clock.now().toISOString(),
    });
    const scams = (await queue('?category=scamming')).players.map((row) => row.player);
    expect(scams).toContain(fewInYggdra.user.id);
    expect(scams).not.toContain(many.user.id);
    expect((await queue('?game=yggdra')).players.map((row) => row.player)).not.toContain(many.user.id);
    const reader = await staff();
    for (const query of ['?game=x', '?category=payment_abuse', '?page=-1'])
      expect((await call(t, reader.auth, 'GET', `/api/admin/reports${query}`)).statusCode, query).toBe(422);
  });

  it('dismisses with a reason, marks reviewed, sanctions from reports; a flooding reporter shows; every action audited', async () => {
    const flooder = await createPlayer(t.app.ctx);
    const target = await createPlayer(t.app.ctx);
    const support = await staff();
    // The flooder's earlier reports about others were dismissed.
    const earlier: string[] = [];
    for (let i = 0; i < FLOODING_DISMISSED_MIN; i += 1) {
      const other = await createPlayer(t.app.ctx);
      earlier.push(
        (await report({ reporter: flooder.user.id, reported: other.user.id, category: 'other' })).json()
          .report.id,
      );
    }
    const noReason = await call(t, support.auth, 'POST', '/api/admin/reports/resolve', {
      report_ids: earlier,
      action: 'dismiss',
    });
    expect(noReason.statusCode).toBe(422);
    const dismissed = await call(t, support.auth, 'POST', '/api/admin/reports/resolve', {
      report_ids: earlier,
      action: 'dismiss',
      reason: 'No evidence in the match logs.',
    });
    expect(dismissed.json()).toEqual({ resolved: FLOODING_DISMISSED_MIN });
    // Again: already closed, nothing more.
    expect(
      (
        await call(t, support.auth, 'POST', '/api/admin/reports/resolve', {
          report_ids: earlier,
          action: 'review',
        })
      ).json(),
    ).toEqual({ resolved: 0 });

    const fromFlooder = (
      await report({ reporter: flooder.user.id, reported: target.user.id, category: 'cheating' })
    ).json().report.id;
    const fromGame = (await report({ reported: target.user.id, category: 'cheating' })).json().report.id;
    const listed = await call(t, support.auth, 'GET', `/api/admin/players/${target.user.id}/reports`);
    expect(listed.statusCode).toBe(200);
    const byId = Object.fromEntries(listed.json().reports.map((r: { id: string }) => [r.id, r]));
    expect(byId[fromFlooder].reporter_record).toEqual({
      reports: FLOODING_DISMISSED_MIN + 1,
      dismissed: FLOODING_DISMISSED_MIN,
      flooding: true,
    });
    expect(byId[fromGame].reporter_record).toBeNull();

    // Sanctioning from the reports closes them as actioned and takes the player out of the queue.
    const owner = await createAdmin(t.app.ctx, { role: 'owner' });
    const sanction = await placeSanction(t, owner.auth, target.user.id, {
      scope: 'game',
      game: 'caliber',
      report_ids: [fromFlooder, fromGame],
    });
    const after = await call(t, owner.auth, 'GET', `/api/admin/sanctions?player=${target.user.id}`);
    expect(after.json().sanctions[0].report_ids.sort()).toEqual([fromFlooder, fromGame].sort());
    expect(
      (await call(t, owner.auth, 'GET', `/api/admin/players/${target.user.id}/reports`)).json().reports,
    ).toEqual([]);
    expect((await queue()).players.map((row) => row.player)).not.toContain(target.user.id);
    // A report of another player cannot be answered by this sanction.
    const stranger = await createPlayer(t.app.ctx);
    const strangerReport = (await report({ reported: stranger.user.id, category: 'spamming' })).json().report
      .id;
    const wrong = await call(t, owner.auth, 'POST', `/api/admin/players/${target.user.id}/sanctions`, {
      scope: 'chat',
      game: 'caliber',
      category: 'spamming',
      note: 'Spam.',
      expires_at: null,
      report_ids: [strangerReport],
    });
    expect(wrong.statusCode).toBe(422);
    expect(sanction.id).toBeTruthy();

    const audited = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reports.dismiss')));
    expect(
      audited.some((entry) => (entry.details as { reportIds: string[] }).reportIds.includes(earlier[0]!)),
    ).toBe(true);
    const analyst = await createAdmin(t.app.ctx, { role: 'analyst' });
    expect(
      (
        await call(t, analyst.auth, 'POST', '/api/admin/reports/resolve', {
          report_ids: [fromGame],
          action: 'review',
        })
      ).statusCode,
    ).toBe(403);
    for (const body of [
      { report_ids: [], action: 'review' },
      { report_ids: ['x'], action: 'review' },
      { report_ids: [fromGame], action: 'close' },
    ])
      expect((await call(t, support.auth, 'POST', '/api/admin/reports/resolve', body)).statusCode).toBe(422);
  });
});

describe('GET /api/admin/appeals: the reports beside each appeal', () => {
  it('shows each appeal with the reports its sanction answered, reporters by name; none for one placed by staff', async () => {
    const reporter = await createPlayer(t.app.ctx);
    const reported = await createPlayer(t.app.ctx);
    const fromPlayer = (
      await report({
        reporter: reporter.user.id,
        reported: reported.user.id,
        category: 'cheating',
        message: 'Headshots through walls.',
        context: { match: 'm-77', chat: 'gg ez' },
      })
    ).json().report.id;
    t.clock.advance(1000);
    const fromGame = (await report({ reported: reported.user.id, category: 'exploiting' })).json().report.id;
    const owner = await createAdmin(t.app.ctx, { role: 'owner' });
    const answering = await placeSanction(t, owner.auth, reported.user.id, {
      scope: 'game',
      game: 'caliber',
      report_ids: [fromGame, fromPlayer],
    });
    const byStaff = await placeSanction(t, owner.auth, reported.user.id, { scope: 'chat', game: 'caliber' });
    for (const sanction of [answering, byStaff]) {
      const res = await call(t, reported.auth, 'POST', `/api/standing/sanctions/${sanction.id}/appeal`, {
        message: 'Not me.',
      });
      expect(res.statusCode).toBe(201);
    }

    const res = await call(t, (await staff()).auth, 'GET', '/api/admin/appeals?status=open');
    expect(res.statusCode).toBe(200);
    const { appeals } = appealListReplySchema.parse(res.json());
    const of = (sanctionId: string) => appeals.find((appeal) => appeal.sanction.id === sanctionId);
    expect(of(answering.id)?.reports).toEqual([
      {
        id: fromPlayer,
        game: 'caliber',
        source: 'game',
        reporter: reporter.user.id,
        reporter_name: reporter.user.name,
        category: 'cheating',
        message: 'Headshots through walls.',
        context: { match: 'm-77', chat: 'gg ez' },
        status: 'actioned',
        created_at: new Date(t.clock.now().getTime() - 1000).toISOString(),
      },
      expect.objectContaining({ id: fromGame, reporter: null, reporter_name: null, category: 'exploiting' }),
    ]);
    expect(of(byStaff.id)?.reports).toEqual([]);
  });
});
