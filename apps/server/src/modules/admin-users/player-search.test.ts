import type { PlayerSearchReply } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { orders, userGames } from '../../db/schema/index';
import { playerSearchSql } from './player-search';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createAdmin>>;
let runner: Awaited<ReturnType<typeof createPlayer>>;
let both: Awaited<ReturnType<typeof createPlayer>>;
const txnid = `txn-search-${crypto.randomUUID()}`;

beforeAll(async () => {
  t = await buildTestApp();
  // Enough other players with nicknames that the planner weighs the indexes as on a real table.
  await t.app.ctx.db.execute(`
    with made as (
      insert into users (name, email) select 'Filler ' || n, 'filler' || n || '@example.test'
      from generate_series(1, 3000) n returning id, name
    )
    insert into user_games (user_id, game, nickname) select id, 'caliber', replace(name, ' ', '') from made`);
  await t.app.ctx.db.execute('analyze');
  staff = await createAdmin(t.app.ctx, { role: 'analyst' });
  runner = await createPlayer(t.app.ctx, {
    games: ['talesrunner'],
    name: 'Rhea Runner',
    email: 'rhea.runner@example.test',
  });
  await t.app.ctx.db
    .update(userGames)
    .set({ nickname: 'SpeedyRhea' })
    .where(eq(userGames.userId, runner.user.id));
  both = await createPlayer(t.app.ctx, { games: ['yggdra', 'caliber'], name: 'Bo Both' });
  await t.app.ctx.db.insert(orders).values({
    txnid,
    userId: both.user.id,
    game: 'yggdra',
    amount: '10.00',
    currency: 'PHP',
    provider: 'sandbox',
    reservedUntil: t.clock.now(),
  });
});
afterAll(() => t.close());

const search = (q: string, headers: Record<string, string> = staff.auth) =>
  t.app.inject({ url: `/api/admin/players/search?q=${encodeURIComponent(q)}`, headers });
const found = async (q: string) => {
  const reply = await search(q);
  expect(reply.statusCode).toBe(200);
  return (reply.json() as PlayerSearchReply).players;
};

describe('GET /api/admin/players/search', () => {
  it('finds a Tales Runner player by email (any case), nickname, part of the nickname and id', async () => {
    const hit = {
      id: runner.user.id,
      name: 'Rhea Runner',
      email: 'rhea.runner@example.test',
      games: ['talesrunner'],
    };
    expect(await found('RHEA.runner@example.test')).toEqual([hit]);
    expect(await found('speedyrhea')).toEqual([hit]);
    expect(await found('eedyrh')).toEqual([hit]);
    expect(await found(runner.user.id)).toEqual([hit]);
    expect(await found(` ${runner.user.id.toUpperCase()} `)).toEqual([hit]);
  });

  it('finds the player who placed an order by its txnid, with every game in the portal order', async () => {
    expect(await found(txnid)).toEqual([
      { id: both.user.id, name: 'Bo Both', email: both.user.email, games: ['caliber', 'yggdra'] },
    ]);
  });

  it('lists exact matches first, then players whose name or email contains the term', async () => {
    const exact = await createPlayer(t.app.ctx, { name: 'Zed', email: 'casey@example.test' });
    const partial = await createPlayer(t.app.ctx, { name: 'Casey Anne', email: 'anne-casey@example.test' });
    const ids = (await found('casey@example.test')).map((p) => p.id);
    expect(ids[0]).toBe(exact.user.id);
    expect(ids).toContain(partial.user.id);
  });

  it('takes LIKE wildcards literally, matches short terms only exactly, and answers nobody with an empty list', async () => {
    expect(await found('%')).toEqual([]);
    expect(await found('_a_')).toEqual([]);
    expect(await found('Bo')).toEqual([]);
    expect(await found('nobody-has-this-in-their-name')).toEqual([]);
  });

  it('refuses an empty or an over-long search with a 422 and a message', async () => {
    for (const q of ['', '   ', 'x'.repeat(256)]) {
      const reply = await search(q);
      expect(reply.statusCode).toBe(422);
      expect(reply.body).toMatch(/search/i);
    }
    const missing = await t.app.inject({ url: '/api/admin/players/search', headers: staff.auth });
    expect(missing.statusCode).toBe(422);
  });

  it('is for signed-in staff only', async () => {
    expect((await search('rhea', {})).statusCode).toBe(401);
    expect((await search('rhea', runner.auth)).statusCode).toBe(403);
  });

  it('probes only indexes: no probe reads a whole table', async () => {
    for (const term of ['someone@example.test', 'partial', runner.user.id]) {
      const plan = await t.app.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await tx.execute(sql`explain ${playerSearchSql(term)}`);
        return (rows as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      });
      expect(plan).not.toMatch(/Seq Scan/);
      for (const index of ['users_email_lower_key', 'user_games_game_nickname_key', 'orders_txnid_key']) {
        expect(plan).toContain(index);
      }
      if (term === 'partial') {
        expect(plan).toContain('user_search_doc_trgm_idx');
        expect(plan).toContain('user_games_nickname_trgm_idx');
      }
    }
  });
});
