import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { SANCTION_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { startProcess } from '../../../test/process';
import {
  type Command,
  examples,
  goProgram,
  hasDotnet,
  javaProgram,
  runs,
  SDKS,
} from '../../../test/sdk-examples';
import { playerReports, sanctions } from '../../db/schema/index';
import { deliverDueWebhooks } from '../entitlements';
import { createServerKey } from '../events';

/**
 * Player safety with the SDKs (issue #37): every SDK reports a player (`reportPlayer`) and reads a player's
 * standing at match start (`getStanding`), each in its language's spelling, against a running portal. The
 * JavaScript SDK is called here; the others run their live check (sdks/<language>/test, not shipped), which
 * prints what came back as JSON, including a signed player.sanctioned webhook parsed by its verifyWebhook; and
 * every example with a toolchain here keeps a banned player out at match start, reports one, and hears the
 * sanctions staff place and lift through the portal's signed webhook.
 */
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const DAY = 24 * 60 * 60 * 1000;
/** The context a game sends with a report: nested values and non-ASCII text survive every SDK's encoder. */
const CONTEXT = { match: 'm-42', round: 3, ranked: true, chat: ['gg', 'Grüße, wall hack?'] };

type Player = Awaited<ReturnType<typeof createPlayer>>;
type SanctionRow = typeof sanctions.$inferSelect;

let t: TestApp;
let baseUrl: string;
let owner: Awaited<ReturnType<typeof createAdmin>>;
/** Yggdra's server key: every check here reads standings as Yggdra's server. */
let key: string;
let reporter: Player;
/** A player of Caliber only: Yggdra's key can neither report them nor take their report. */
let elsewhere: Player;
let reported: Player;
/** Banned from Yggdra for a week and muted in its chat for good, with sanctions that do not apply to Yggdra. */
let sanctioned: Player;
let gameBan: SanctionRow;
let chatMute: SanctionRow;
/** Muted in Yggdra's chat, nothing else. */
let muted: Player;

/** Places a sanction straight in the database, in force from an hour ago unless `fields` say otherwise. */
async function sanction(player: Player, fields: Partial<typeof sanctions.$inferInsert>) {
  const now = t.clock.now();
  const [row] = await t.app.ctx.db
    .insert(sanctions)
    .values({
      userId: player.user.id,
      scope: 'game',
      category: 'cheating',
      note: 'Aim assistance software.',
      startsAt: new Date(now.getTime() - 60 * 60 * 1000),
      createdAt: now,
      ...fields,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createAdmin(t.app.ctx);
  key = (await createServerKey(t.app.ctx, 'yggdra', 'sdk test')).key;
  const yggdraPlayer = () => createPlayer(t.app.ctx, { games: ['yggdra'] });
  [reporter, reported, sanctioned, muted, elsewhere] = await Promise.all([
    yggdraPlayer(),
    yggdraPlayer(),
    yggdraPlayer(),
    yggdraPlayer(),
    createPlayer(t.app.ctx, { games: ['caliber'] }),
  ]);
  const now = t.clock.now().getTime();
  gameBan = await sanction(sanctioned, { game: 'yggdra', expiresAt: new Date(now + 7 * DAY) });
  chatMute = await sanction(sanctioned, {
    scope: 'chat',
    game: 'yggdra',
    category: 'verbal_abuse',
    note: 'Insults in chat.',
  });
  // None of these applies to Yggdra now: another game's ban, purchases, a lifted and an expired account ban.
  await sanction(sanctioned, { game: 'talesrunner' });
  await sanction(sanctioned, { scope: 'purchases', category: 'payment_abuse' });
  await sanction(sanctioned, { scope: 'account', liftedAt: new Date(now - 1000) });
  await sanction(sanctioned, { scope: 'account', expiresAt: new Date(now - 1000) });
  await sanction(muted, { scope: 'chat', game: 'yggdra', category: 'spamming', note: 'Spam.' });
});
afterAll(() => t.close());

/** A sanction as a game reads it (GET /api/game/players/{uuid}/standing, the webhooks). */
const asRead = (row: SanctionRow) => ({
  id: row.id,
  player: row.userId,
  scope: row.scope,
  kind: row.scope === 'account' || row.scope === 'game' ? 'ban' : 'restriction',
  game: row.game,
  category: row.category,
  note: row.note,
  starts_at: row.startsAt.toISOString(),
  expires_at: row.expiresAt?.toISOString() ?? null,
  lifted_at: null,
  status: 'active',
});

type Standing = { player: string; banned: boolean; sanctions: { id: string }[] };
/** A standing with its sanctions in one order (the portal's is not part of the contract). */
const inOrder = (standing: Standing) => ({
  ...standing,
  sanctions: [...standing.sanctions].sort((a, b) => a.id.localeCompare(b.id)),
});

/** The standings every SDK must read: none for the reported player, Yggdra's ban and mute for the sanctioned. */
const standings = () => ({
  clean: { player: reported.user.id, banned: false, sanctions: [] },
  sanctioned: inOrder({
    player: sanctioned.user.id,
    banned: true,
    sanctions: [asRead(gameBan), asRead(chatMute)],
  }),
});

const reportRow = async (id: string) =>
  (await t.app.ctx.db.select().from(playerReports).where(eq(playerReports.id, id)))[0]!;

/** The two reports every SDK files: by a player with a message and context, and by the game alone. */
async function expectFiled(report: { id: string; created_at: string }, anonymous: { id: string }) {
  const row = await reportRow(report.id);
  expect(report).toEqual({ id: row.id, created_at: row.createdAt.toISOString() });
  expect(row).toMatchObject({
    game: 'yggdra',
    source: 'game',
    reporterId: reporter.user.id,
    reportedId: reported.user.id,
    category: 'cheating',
    message: 'Aimbot in round 3.',
    context: CONTEXT,
    status: 'open',
  });
  expect(await reportRow(anonymous.id)).toMatchObject({
    reporterId: null,
    reportedId: reported.user.id,
    category: 'verbal_abuse',
    message: null,
    context: null,
  });
}

describe('the JavaScript SDK: reports and standing', () => {
  const load = () => import(join(SDKS, 'javascript/src/index.js'));

  it('reports a player (by a player, with a message and context, or by the game alone) and reads standings', async () => {
    const sdk = await load();
    const server = new sdk.CaliberGameServer({ baseUrl, serverKey: key });
    const report = await server.reportPlayer({
      reported: reported.user.id,
      reporter: reporter.user.id,
      category: 'cheating',
      message: 'Aimbot in round 3.',
      context: CONTEXT,
    });
    const anonymous = await server.reportPlayer({ reported: reported.user.id, category: 'verbal_abuse' });
    await expectFiled(report, anonymous);

    const expected = standings();
    expect(await server.getStanding(reported.user.id)).toEqual(expected.clean);
    expect(inOrder(await server.getStanding(sanctioned.user.id))).toEqual(expected.sanctioned);
    expect(await server.getStanding(muted.user.id)).toMatchObject({
      banned: false,
      sanctions: [expect.objectContaining({ scope: 'chat', kind: 'restriction', game: 'yggdra' })],
    });
    // Tales Runner reads its own standing: a ban of Tales Runner, nothing of Yggdra's.
    const { key: talesRunnerKey } = await createServerKey(t.app.ctx, 'talesrunner', 'sdk test');
    const talesRunner = new sdk.CaliberGameServer({ baseUrl, serverKey: talesRunnerKey });
    const there = await talesRunner.getStanding(sanctioned.user.id);
    expect(there).toMatchObject({
      banned: true,
      sanctions: [expect.objectContaining({ game: 'talesrunner' })],
    });
  });

  it('answers with typed errors: 401 bad key, 404 unknown player or reporter or one outside the game, 422 with the field’s errors', async () => {
    const sdk = await load();
    const server = new sdk.CaliberGameServer({ baseUrl, serverKey: key });
    const badKey = new sdk.CaliberGameServer({ baseUrl, serverKey: 'gsk_yggdra_not-a-key' });
    await expect(badKey.getStanding(reported.user.id)).rejects.toMatchObject({
      name: 'PortalError',
      status: 401,
    });
    await expect(
      badKey.reportPlayer({ reported: reported.user.id, category: 'cheating' }),
    ).rejects.toMatchObject({ status: 401 });

    const unknown = server.getStanding(UNKNOWN);
    await expect(unknown).rejects.toBeInstanceOf(sdk.PortalError);
    await expect(unknown).rejects.toMatchObject({ status: 404, message: 'There is no player with this id.' });
    await expect(server.reportPlayer({ reported: UNKNOWN, category: 'cheating' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      server.reportPlayer({ reported: reported.user.id, reporter: UNKNOWN, category: 'cheating' }),
    ).rejects.toMatchObject({ status: 404, message: 'The reporter is not a player of this portal.' });
    // A player of another game only: the key's game cannot reach them, as reported or as reporter.
    await expect(
      server.reportPlayer({ reported: elsewhere.user.id, category: 'cheating' }),
    ).rejects.toMatchObject({
      name: 'PortalError',
      status: 404,
      message: SANCTION_MESSAGES.reportedNotInGame,
    });
    await expect(
      server.reportPlayer({ reported: reported.user.id, reporter: elsewhere.user.id, category: 'cheating' }),
    ).rejects.toMatchObject({
      name: 'PortalError',
      status: 404,
      message: SANCTION_MESSAGES.reporterNotInGame,
    });

    const refusals = [
      [{ reported: reported.user.id, category: 'griefing' }, 'category'],
      [{ reported: reported.user.id, category: 'payment_abuse' }, 'category'],
      [{ reported: reported.user.id, category: 'spamming', context: { chat: 'x'.repeat(5000) } }, 'context'],
      [{ reported: reported.user.id, category: 'spamming', message: 'x'.repeat(1001) }, 'message'],
      [{ reported: reported.user.id, reporter: reported.user.id, category: 'other' }, 'reported'],
    ] as const;
    for (const [report, field] of refusals) {
      await expect(server.reportPlayer(report)).rejects.toMatchObject({
        name: 'PortalError',
        status: 422,
        body: { code: 'VALIDATION_FAILED', errors: { [field]: expect.any(Array) } },
      });
    }
    expect(
      await t.app.ctx.db.select().from(playerReports).where(eq(playerReports.category, 'spamming')),
    ).toEqual([]);
  });
});

/** The signed webhook of a sanction as the portal sends it, signed now (the SDKs check the machine's clock). */
function signedSanctionEvent(row: SanctionRow) {
  const secret = 'whsec_sdk-standing-test';
  const body = JSON.stringify({
    id: 'evt_sdkstanding',
    type: 'player.sanctioned',
    created_at: row.createdAt.toISOString(),
    data: { sanction: asRead(row) },
  });
  const now = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
  return { WEBHOOK_SECRET: secret, WEBHOOK_HEADER: `t=${now},v1=${v1}`, WEBHOOK_BODY: body };
}

/** Each SDK's live check (sdks/<language>/test): the same calls, the same JSON out. */
const liveChecks: { language: string; available: boolean; build(): Command }[] = [
  {
    language: 'Python',
    available: runs('python3', ['--version']),
    build: () => ['python3', ['test/live_standing.py'], join(SDKS, 'python')],
  },
  {
    language: 'Go',
    available: runs('go', ['version']),
    build: () => goProgram('./test/livestanding'),
  },
  {
    language: 'Java',
    available: runs('javac', ['-version']),
    build: () => javaProgram(['test/LiveStanding.java'], 'LiveStanding'),
  },
  {
    language: 'PHP',
    available: runs('php', ['-v']),
    build: () => ['php', ['test/live_standing.php'], join(SDKS, 'php')],
  },
  {
    language: 'Ruby',
    available: runs('ruby', ['-v']),
    build: () => ['ruby', ['test/live_standing.rb'], join(SDKS, 'ruby')],
  },
  {
    language: '.NET',
    available: hasDotnet(),
    build: () => ['dotnet', ['run', '--project', 'test', '--', '--live-standing'], join(SDKS, 'dotnet')],
  },
];

describe.each(liveChecks)('the $language SDK: reports and standing', ({ available, build }) => {
  it.skipIf(!available)(
    'reports and reads standings, parses a signed player.sanctioned webhook, and raises 401, 404 (unknown, or not in the game) and 422',
    async () => {
      const [command, args, cwd] = build();
      // Asynchronously: the portal answers from this same process.
      const check = startProcess(command, args, cwd, {
        PORTAL_URL: baseUrl,
        KEY: key,
        REPORTER: reporter.user.id,
        REPORTED: reported.user.id,
        SANCTIONED: sanctioned.user.id,
        UNKNOWN,
        ELSEWHERE: elsewhere.user.id,
        ...signedSanctionEvent(gameBan),
      });
      expect(await check.exited, check.output.stderr).toBe(0);
      const out = JSON.parse(check.output.stdout);
      await expectFiled(out.report, out.anonymous);
      expect(out.anonymous).toEqual({ id: expect.any(String), created_at: expect.any(String) });
      expect({ clean: out.clean, sanctioned: inOrder(out.sanctioned) }).toEqual(standings());
      expect(out.webhook).toEqual({ type: 'player.sanctioned', sanction: asRead(gameBan) });
      expect(out.errors).toEqual({
        unknown_standing: [404, 'There is no player with this id.'],
        unknown_reported: [404, 'There is no player with this id.'],
        unknown_reporter: [404, 'The reporter is not a player of this portal.'],
        elsewhere_reported: [404, SANCTION_MESSAGES.reportedNotInGame],
        elsewhere_reporter: [404, SANCTION_MESSAGES.reporterNotInGame],
        bad_category: [422, expect.stringMatching(/category/)],
        big_context: [422, expect.stringMatching(/context/)],
        bad_key: [401, expect.any(String)],
      });
    },
    120_000,
  );
});

describe.each(examples)('the $language example: player safety', ({ available, build, listening }) => {
  it.skipIf(!available)(
    'keeps a banned player out at match start, mutes a muted one, reports one; hears sanctions placed and lifted',
    async () => {
      const admin = (method: 'PUT' | 'POST', url: string, payload?: object) =>
        t.app.inject({ method, url, headers: owner.auth, ...(payload ? { payload } : {}) });
      // Yggdra's webhook, off until the example listens, and its signing secret.
      expect(
        (await admin('PUT', '/api/admin/games/yggdra/webhook', { url: 'http://127.0.0.1:9/', active: false }))
          .statusCode,
      ).toBe(200);
      const rotated = await admin('POST', '/api/admin/games/yggdra/webhook/rotate-secret');
      expect(rotated.statusCode).toBe(200);

      const [command, args, cwd] = await build();
      const example = startProcess(command, args, cwd, {
        PORTAL_URL: baseUrl,
        GAME_SERVER_KEY: key,
        MATCH_PLAYERS: [reported, sanctioned, muted]
          .map((p) => p.user.id)
          .concat(UNKNOWN)
          .join(','),
        REPORT_PLAYER: reported.user.id,
        REPORTED_BY: reporter.user.id,
        PORTAL_WEBHOOK_SECRET: rotated.json().secret,
        WEBHOOK_PORT: '0',
      });
      try {
        const [, port] = await example.waitFor(listening ?? /listening for webhooks on port (\d+)/);
        const said = example.output.stdout;
        expect(said).toContain(`match start: player ${reported.user.id} may play\n`);
        expect(said).toContain(
          `match start: player ${sanctioned.user.id} is banned (cheating, until ${gameBan.expiresAt!.toISOString()})\n`,
        );
        expect(said).toContain(`match start: player ${muted.user.id} may play, chat muted permanently\n`);
        expect(said).toContain(`match start: player ${UNKNOWN} is not a player of the portal`);
        const [, id] = said.match(
          new RegExp(`reported player ${reported.user.id} for cheating: report (\\S+) at `),
        )!;
        expect(await reportRow(id!)).toMatchObject({
          reporterId: reporter.user.id,
          category: 'cheating',
          context: { match: 'example-match', reported_in: 'the example' },
        });

        // Staff ban a player from Yggdra for three days, then lift it: Yggdra's server hears both, signed.
        const pointed = await admin('PUT', '/api/admin/games/yggdra/webhook', {
          url: `http://127.0.0.1:${port}/portal-webhook`,
          active: true,
        });
        expect(pointed.statusCode).toBe(200);
        t.clock.set(new Date());
        const cheat = await createPlayer(t.app.ctx, { games: ['yggdra'] });
        const expiresAt = new Date(t.clock.now().getTime() + 3 * DAY).toISOString();
        const placed = await admin('POST', `/api/admin/players/${cheat.user.id}/sanctions`, {
          scope: 'game',
          game: 'yggdra',
          category: 'cheating',
          note: 'Aim assistance software.',
          expires_at: expiresAt,
        });
        expect(placed.statusCode).toBe(201);
        expect(await deliverDueWebhooks(t.app.ctx)).toBeGreaterThanOrEqual(1);
        await example.waitFor(
          new RegExp(
            `player ${cheat.user.id} sanctioned: game ban until ${expiresAt} \\(kicked from the match\\)`,
          ),
        );
        const sanctionId = placed.json().sanction.id as string;
        const lifted = await admin('POST', `/api/admin/sanctions/${sanctionId}/lift`, {
          reason: 'Appeal upheld.',
        });
        expect(lifted.statusCode).toBe(200);
        expect(await deliverDueWebhooks(t.app.ctx)).toBeGreaterThanOrEqual(1);
        await example.waitFor(new RegExp(`player ${cheat.user.id}: sanction ${sanctionId} lifted`));
      } finally {
        await example.stop();
        await admin('PUT', '/api/admin/games/yggdra/webhook', { url: 'http://127.0.0.1:9/', active: false });
      }
    },
    120_000,
  );
});
