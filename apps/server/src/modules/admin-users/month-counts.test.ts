import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { rowsOf } from '../../db/rows';
import { userGames, users } from '../../db/schema/index';

let t: TestApp;
let auth: { authorization: string };

// Caliber registrations over four UTC months, with both sides of a month boundary and two at the same instant.
const AT = [
  '2025-01-05T10:00:00Z',
  '2025-01-31T23:59:59.999Z',
  '2025-02-01T00:00:00Z',
  '2025-02-01T00:00:00Z',
  '2025-02-14T08:30:00Z',
  '2025-03-02T12:00:00Z',
  '2025-03-20T12:00:00Z',
  '2025-03-31T23:00:00Z',
  '2025-04-01T01:00:00Z',
  '2025-04-09T09:00:00Z',
  '2025-04-30T23:59:00Z',
  // More than two pages of ten (the smallest page size), spread over the same months.
  ...Array.from(
    { length: 14 },
    (_, i) => `2025-0${1 + (i % 4)}-${String(10 + i).padStart(2, '0')}T06:00:00Z`,
  ),
];
const ids: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2025-05-01T00:00:00Z') });
  for (const [i, at] of AT.entries()) {
    t.clock.set(new Date(at));
    ids.push((await createPlayer(t.app.ctx, { name: `Counted ${i}`, games: ['caliber', 'yggdra'] })).user.id);
  }
  t.clock.set(new Date('2025-05-01T00:00:00Z'));
  auth = (await createAdmin(t.app.ctx)).auth;
});
afterAll(() => t.close());

/** The month counts as stored, and as counted straight from user_games: they must always agree. */
async function countsAgree() {
  const stored = rowsOf<{ game: string; month: string; referred: boolean; count: number }>(
    await t.app.ctx.db.execute(sql`select game, month::text, referred, count from user_game_month_counts
      where count <> 0 order by 1, 2, 3`),
  );
  const counted = rowsOf<typeof stored>(
    await t.app.ctx.db.execute(sql`select game, date_trunc('month', created_at, 'UTC')::text as month,
      referral_code is not null as referred, count(*)::int as count from user_games group by 1, 2, 3 order by 1, 2, 3`),
  );
  expect(stored).toEqual(counted);
  return stored;
}

/** Every id of a listing, newest first, by following next_page_url from the first page. */
async function idsByLinks(path: string, perPage: number): Promise<string[]> {
  const seen: string[] = [];
  let url: string | null = `${path}?per_page=${perPage}`;
  while (url) {
    const res = await t.app.inject({ url, headers: auth });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { id: string }[]; next_page_url: string | null };
    seen.push(...body.data.map((row) => row.id));
    url = body.next_page_url;
  }
  return seen;
}

async function expectJumpsMatchLinks(path: string, perPage: number, expectedTotal: number) {
  const all = await idsByLinks(path, perPage);
  expect(all).toHaveLength(expectedTotal);
  const pages = Math.ceil(expectedTotal / perPage);
  for (let page = 1; page <= pages + 1; page++) {
    const res = await t.app.inject({ url: `${path}?per_page=${perPage}&page=${page}`, headers: auth });
    const body = res.json() as { data: { id: string }[]; total: number; total_is_estimate: boolean };
    expect(body.total).toBe(expectedTotal);
    expect(body.total_is_estimate).toBe(false);
    expect(
      body.data.map((row) => row.id),
      `page ${page}`,
    ).toEqual(all.slice((page - 1) * perPage, page * perPage));
  }
}

describe('month counts of game registrations', () => {
  it('follow inserts, referral changes and deletions, and ignore other updates', async () => {
    const db = t.app.ctx.db;
    const caliberMonths = (await countsAgree()).filter((r) => r.game === 'caliber');
    expect(caliberMonths.map((r) => r.count)).toEqual([6, 7, 6, 6]);

    // Every other registration used a referral code: 13 referred, then one of them no more.
    await db
      .update(userGames)
      .set({ referralCode: 'FRIEND' })
      .where(sql`${userGames.userId} = any(${`{${ids.filter((_, i) => i % 2 === 0).join(',')}}`}::uuid[])`);
    await countsAgree();
    await db.update(userGames).set({ referralCode: null }).where(eq(userGames.userId, ids[0]!));
    await countsAgree();
    await db.update(userGames).set({ level: 30 }).where(eq(userGames.game, 'caliber'));
    await db.delete(users).where(eq(users.id, ids[4]!));
    expect((await countsAgree()).reduce((sum, r) => sum + r.count, 0)).toBe((AT.length - 1) * 2);
  });

  it('jump to page N of an unfiltered listing exactly as the links walk it, with an exact total', async () => {
    await expectJumpsMatchLinks('/api/users/paginate/caliber', 10, AT.length - 1);
    await expectJumpsMatchLinks('/api/users/paginate/yggdra', 10, AT.length - 1);
    // The referred ones: even indexes but 0, and 4 (deleted).
    await expectJumpsMatchLinks('/api/referralCodes/caliber', 10, 11);
  });
});
