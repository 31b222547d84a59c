import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { userGames } from '../../db/schema/index';

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2025-05-01T08:00:00Z') });
  auth = (await createAdmin(t.app.ctx)).auth;
});
afterAll(() => t.close());

const create = (code: string, game = 'caliber') =>
  t.app.inject({ method: 'POST', url: '/api/referralCodes', headers: auth, payload: { code, game } });

async function registerWith(code: string, game: 'caliber' | 'yggdra' = 'caliber', name = 'Referred Player') {
  const { user } = await createPlayer(t.app.ctx, { name, games: [game] });
  await t.app.ctx.db.update(userGames).set({ referralCode: code }).where(eq(userGames.userId, user.id));
  return user;
}

async function rowsOf(xlsx: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('referral codes (admin)', () => {
  it('creates a code for a game with its registration URL; a taken code (any case) is 422', async () => {
    const res = await create('SPRING25');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      referral_code: 'SPRING25',
      used_for: 'caliber',
      url: 'http://portal.test/register/caliber?referral_code=SPRING25',
      total_count: 0,
    });
    expect((await create('spring25', 'talesrunner')).statusCode).toBe(422);
    expect((await create('a b')).statusCode).toBe(422);
    expect((await create('GOODCODE', 'minecraft')).statusCode).toBe(422);
  });

  it('counts registrations per code in the totals table, searchable, with paging links', async () => {
    await create('SUMMER25', 'talesrunner');
    await registerWith('SPRING25');
    await registerWith('spring25');
    await registerWith('SUMMER25', 'yggdra');
    const body = (await t.app.inject({ url: '/api/all-referralCodes?per_page=10', headers: auth })).json();
    const byCode = Object.fromEntries(
      body.data.map((r: { referral_code: string; total_count: number }) => [r.referral_code, r.total_count]),
    );
    expect(byCode).toMatchObject({ SPRING25: 2, SUMMER25: 1 });
    const found = (await t.app.inject({ url: '/api/all-referralCodes?search=summ', headers: auth })).json();
    expect(found.data.map((r: { referral_code: string }) => r.referral_code)).toEqual(['SUMMER25']);
    expect(found).toMatchObject({ current_page: 1, last_page: 1, next_page_url: null, prev_page_url: null });
    const none = (
      await t.app.inject({ url: '/api/all-referralCodes?search=nothing-like-this', headers: auth })
    ).json();
    expect(none.data).toEqual([]);
    expect(
      (await t.app.inject({ url: '/api/all-referralCodes?per_page=15', headers: auth })).statusCode,
    ).toBe(422);
  });

  it('lists Caliber registrations made with a code in the per-user table, with date filters', async () => {
    await registerWith('SPRING25', 'caliber', 'Olivia Referred');
    const body = (
      await t.app.inject({ url: '/api/referralCodes/caliber?search=olivia', headers: auth })
    ).json();
    expect(body.total).toBe(1);
    expect(body.data[0]).toMatchObject({ name: 'Olivia Referred', referral_code: 'SPRING25' });
    const all = (await t.app.inject({ url: '/api/referralCodes/caliber', headers: auth })).json();
    expect(all.total).toBe(3);
    const out = (
      await t.app.inject({
        url: '/api/referralCodes/caliber?fromDate=2024-01-01&toDate=2024-12-31',
        headers: auth,
      })
    ).json();
    expect(out.total).toBe(0);
    expect(
      (await t.app.inject({ url: '/api/referralCodes/caliber?toDate=2024-12-31', headers: auth })).statusCode,
    ).toBe(422);
  });

  it('exports codes as Referral_Codes.xlsx with every matching row', async () => {
    const res = await t.app.inject({ url: '/api/all-referralCodes/export', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Referral_Codes.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe('Referral Codes');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Referral Code',
      'URL',
      'Used In',
      'Total Count',
    ]);
    expect(sheet.rowCount).toBe(3);
    const users = await t.app.inject({ url: '/api/referralCodes/caliber/export', headers: auth });
    expect(users.headers['content-disposition']).toBe('attachment; filename="Referral_Codes.xlsx"');
  });

  it('streams both exports through a signed link (no bearer token) with the filter it was made for', async () => {
    for (const [path, search] of [
      ['/api/all-referralCodes/export', 'SPRING'],
      ['/api/referralCodes/caliber/export', 'Referred'],
    ] as const) {
      const link = await t.app.inject({
        method: 'POST',
        url: `${path}/link`,
        headers: auth,
        payload: { search },
      });
      expect(link.statusCode).toBe(200);
      const res = await t.app.inject({ url: link.json().url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="Referral_Codes.xlsx"');
      const withToken = await t.app.inject({ url: `${path}?search=${search}`, headers: auth });
      const viaLink = await rowsOf(res.rawPayload);
      expect(viaLink.length).toBeGreaterThan(1);
      expect(viaLink).toEqual(await rowsOf(withToken.rawPayload));
    }
  });
});
