import { analyticsEndpoints, endpointUrl } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { createServerKey } from '../events';
import { rebuildRegistrationRollups } from './registration-rollup';
import { registrationRollupVersion } from './reply-cache';
import { recordSales } from './rollups';

/*
 * A small fixture whose every series is computed by hand. Reporting zone Asia/Manila (UTC+8):
 *   P1 caliber  2028-02-28T10:00Z -> 02-28, born 2000-02-28 (28), referral ALPHA
 *   P2 caliber  2028-02-29T15:30Z -> 02-29 (leap day, 23:30 local), born 2000-02-29 (28), referral ALPHA
 *   P3 caliber  2028-02-29T16:30Z -> 03-01 (00:30 local), born 2010-03-01 (18)
 *   P4 caliber  2028-03-01T23:30Z -> 03-02 (07:30 local), born 2000-01-15 (28)
 *   P5 yggdra   2028-03-02T01:00Z -> 03-02, no country ('Unknown')
 * "Now" is 2028-03-02T04:00Z = 03-02 12:00 local. 2028-02-28 is a Monday.
 */
let t: TestApp;
let admin: { authorization: string };
const ids: Record<string, string> = {};

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: admin });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2028-03-02T04:00:00Z') });
  const ctx = t.app.ctx;
  admin = (await createAdmin(ctx)).auth;
  const make = async (
    name: string,
    at: string,
    game: 'caliber' | 'yggdra',
    birthdate: string,
    country = 'Philippines',
  ) => {
    t.clock.set(new Date(at));
    ids[name] = (await createPlayer(ctx, { games: [game], birthdate, country })).user.id;
  };
  await make('P1', '2028-02-28T10:00:00Z', 'caliber', '2000-02-28');
  await make('P2', '2028-02-29T15:30:00Z', 'caliber', '2000-02-29');
  await make('P3', '2028-02-29T16:30:00Z', 'caliber', '2010-03-01');
  await make('P4', '2028-03-01T23:30:00Z', 'caliber', '2000-01-15');
  await make('P5', '2028-03-02T01:00:00Z', 'yggdra', '1990-06-01', '');
  t.clock.set(new Date('2028-03-02T04:00:00Z'));
  await ctx.db.execute(
    sql`update user_games set referral_code = 'ALPHA' where user_id in (${ids.P1}, ${ids.P2})`,
  );
  await rebuildRegistrationRollups(ctx);

  const { key } = await createServerKey(ctx, 'caliber', 'fixture');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events/caliber',
    headers: { 'x-server-key': key },
    payload: {
      events: [
        // 23:50 -> 00:20 local: active on 03-01 and 03-02; samples 15:50..16:15Z.
        {
          id: 's1',
          type: 'session',
          player: ids.P1,
          start: '2028-03-01T15:50:00Z',
          end: '2028-03-01T16:20:00Z',
        },
        {
          id: 's2',
          type: 'session',
          player: ids.P2,
          start: '2028-03-01T16:00:00Z',
          end: '2028-03-01T16:10:00Z',
        },
        { id: 'l1', type: 'level', player: ids.P2, level: 7, at: '2028-03-02T01:00:00Z' },
        { id: 'd1', type: 'download', at: '2028-03-01T23:30:00Z', count: 5 },
        { id: 'd2', type: 'download', at: '2028-03-01T10:00:00Z', clientId: 'c-1' },
      ],
    },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('registration series', () => {
  it('daily registrations per reporting day, leap day and 23:30 UTC included', async () => {
    expect(await get('/api/caliber-daily-registration-count')).toEqual({
      registrations: [
        { registration_date: '2028-02-28', registrations_per_day: 1 },
        { registration_date: '2028-02-29', registrations_per_day: 1 },
        { registration_date: '2028-03-01', registrations_per_day: 1 },
        { registration_date: '2028-03-02', registrations_per_day: 1 },
      ],
    });
    expect(await get('/api/yggdra-daily-registration-count')).toEqual({
      registrations: [{ registration_date: '2028-03-02', registrations_per_day: 1 }],
    });
  });

  it('a single day, and an empty range filled with zeros', async () => {
    expect(await get('/api/caliber-daily-registration-count?fromDate=2028-02-29&toDate=2028-02-29')).toEqual({
      registrations: [{ registration_date: '2028-02-29', registrations_per_day: 1 }],
    });
    expect(await get('/api/caliber-daily-registration-count?fromDate=2027-01-01&toDate=2027-01-02')).toEqual({
      registrations: [
        { registration_date: '2027-01-01', registrations_per_day: 0 },
        { registration_date: '2027-01-02', registrations_per_day: 0 },
      ],
    });
    expect(await get('/api/age-distribution/caliber?fromDate=2027-01-01&toDate=2027-01-02')).toEqual([]);
  });

  it('answers 422 for bad dates and for from after to', async () => {
    for (const query of [
      'fromDate=2027-02-29&toDate=2027-03-01',
      'fromDate=03/01/2028',
      'fromDate=2028-03-02&toDate=2028-03-01',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/caliber-daily-registration-count?${query}`,
        headers: admin,
      });
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors.fromDate).toBeDefined();
    }
  });

  it('weekly (both variants) and monthly', async () => {
    expect(await get('/api/weekly-registration-count/caliber')).toEqual({
      weekly_registrations: [{ week_start: '2028-02-28', registrations: 4 }],
    });
    expect(await get('/api/registrations/weekly/caliber')).toEqual([{ week: '2028-W09', registrations: 4 }]);
    expect(await get('/api/monthly-registrations/caliber')).toEqual([
      { month_start: '2028-02-01', registrations: 2 },
      { month_start: '2028-03-01', registrations: 2 },
    ]);
    expect(await get('/api/monthly-registrations/caliber?fromDate=2028-03-01&toDate=2028-03-31')).toEqual([
      { month_start: '2028-03-01', registrations: 2 },
    ]);
  });

  it('totals overall, today and this month', async () => {
    expect(await get('/api/caliber-total-count')).toEqual({ total_caliber_registrations: 4 });
    expect(await get('/api/caliber-total-count-today')).toEqual({ total_caliber_registrations_today: 1 });
    expect(await get('/api/caliber-total-count-this-month')).toEqual({
      total_caliber_registrations_for_this_month: 2,
    });
    expect(await get('/api/yggdra-total-count')).toEqual({ total_yggdra_registrations: 1 });
    expect(await get('/api/yggdra-total-count-today')).toEqual({ total_yggdra_registrations_today: 1 });
    expect(await get('/api/yggdra-total-count-this-month')).toEqual({
      total_yggdra_registrations_for_this_month: 1,
    });
  });

  it('age (at registration, leap-day birthday included) and country distributions', async () => {
    expect(await get('/api/age-distribution/caliber')).toEqual([
      { age: 18, count: 1 },
      { age: 28, count: 3 },
    ]);
    expect(await get('/api/age-distribution')).toEqual([
      { age: 18, count: 1 },
      { age: 28, count: 3 },
      { age: 37, count: 1 },
    ]);
    expect(await get('/api/country-distribution')).toEqual([
      { country: 'Philippines', country_count: 4 },
      { country: 'Unknown', country_count: 1 },
    ]);
    expect(await get('/api/country-distribution?game=yggdra')).toEqual([
      { country: 'Unknown', country_count: 1 },
    ]);
  });

  it('daily referrals and referral totals', async () => {
    expect(await get('/api/daily-referralCodes')).toEqual([
      { registration_date: '2028-02-28', referral_code: 'ALPHA', daily_registration_count: 1 },
      { registration_date: '2028-02-29', referral_code: 'ALPHA', daily_registration_count: 1 },
    ]);
    // Per game (what the dashboards ask): the same rows for Caliber, none for Yggdra.
    expect(await get('/api/daily-referralCodes?game=caliber')).toEqual(await get('/api/daily-referralCodes'));
    expect(await get('/api/daily-referralCodes?game=yggdra')).toEqual([]);
    expect(await get('/api/total-caliber-referral')).toEqual([
      { referral_code: 'ALPHA', total_count: 2, used_for: 'caliber' },
    ]);
  });

  it('reuses a registration series reply until the rollups are rebuilt', async () => {
    const ctx = t.app.ctx;
    const totals = '/api/total-caliber-referral';
    const alphaOnly = [{ referral_code: 'ALPHA', total_count: 2, used_for: 'caliber' }];
    expect(await get(totals)).toEqual(alphaOnly);
    // A change made behind the rebuild's back is not seen: the stored reply is sent again.
    await ctx.db.execute(sql`update daily_referral_registrations set count = count + 10`);
    const again = await t.app.inject({ method: 'GET', url: totals, headers: admin });
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.json()).toEqual(alphaOnly);
    // A rebuild that changes no row keeps the version (and the stored replies)...
    const version = await registrationRollupVersion(ctx);
    await rebuildRegistrationRollups(ctx, '2028-03-02');
    expect(await registrationRollupVersion(ctx)).toBe(version);
    // ...one that changes rows commits a new version with them: the next reply is computed afresh.
    await ctx.db.execute(sql`update user_games set referral_code = 'BETA' where user_id = ${ids.P3}`);
    await rebuildRegistrationRollups(ctx);
    expect(await get(totals)).toEqual([
      ...alphaOnly,
      { referral_code: 'BETA', total_count: 1, used_for: 'caliber' },
    ]);
    await ctx.db.execute(sql`update user_games set referral_code = null where user_id = ${ids.P3}`);
    await rebuildRegistrationRollups(ctx);
    expect(await get(totals)).toEqual(alphaOnly);
  });
});

describe('activity series', () => {
  it('daily active users count a session spanning local midnight on both days', async () => {
    expect(await get('/api/daily-active-users')).toEqual([
      { activity_date: '2028-03-01', user_count: 1 },
      { activity_date: '2028-03-02', user_count: 2 },
    ]);
    expect(await get('/api/tr-daily-active-users?fromDate=2028-03-01&toDate=2028-03-01')).toEqual([
      { activity_date: '2028-03-01', user_count: 0 },
    ]);
  });

  it('downloads by reporting day (23:30 UTC is the next day)', async () => {
    expect(await get('/api/game-downloads')).toEqual([
      { date: '2028-03-01', download_ids: '[{"downloads":1}]' },
      { date: '2028-03-02', download_ids: '[{"downloads":5}]' },
    ]);
  });

  it('users per weekday, by week and by month', async () => {
    const zero = { Monday: 0, Tuesday: 0, Wednesday: 0, Thursday: 0, Friday: 0, Saturday: 0, Sunday: 0 };
    expect(await get('/api/weekly-users-per-day/caliber?fromDate=2028-02-28&toDate=2028-03-05')).toEqual([
      { week_start: '2028-02-28', data: { ...zero, Wednesday: 1, Thursday: 2 } },
    ]);
    expect(await get('/api/monthly-users-per-day/caliber?fromDate=2028-02-01&toDate=2028-03-31')).toEqual([
      { month: '2028-02', data: zero },
      { month: '2028-03', data: { ...zero, Wednesday: 1, Thursday: 2 } },
    ]);
  });

  it('concurrency: 5-minute samples, daily peaks, today by hour', async () => {
    expect(await get('/api/getCcuAndActiveUsers')).toEqual([
      { date: '2028-03-01', peak_ccu: 1, active_users: 1 },
      { date: '2028-03-02', peak_ccu: 2, active_users: 2 },
    ]);
    const today = await get('/api/getCCUDataToday');
    expect(today).toHaveLength(24);
    expect(today[0]).toEqual({ time: '00:00', ccu: 2 });
    expect(today[1]).toEqual({ time: '01:00', ccu: 0 });
    const weekly = await get('/api/getCCUDataWeekly');
    expect(weekly.map((r: { peak_ccu: number }) => r.peak_ccu)).toEqual([0, 0, 0, 0, 0, 1, 2]);
    expect(await get('/api/getMonthlyCCU')).toEqual([
      { month: '2028-03', peak_ccu: 2, average_daily_peak: 1.5 },
    ]);
  });

  it('retention, returning users, stickiness and churn', async () => {
    expect(await get('/api/getDailyActiveRetention/caliber')).toEqual([
      { date: '2028-03-01', previous_active: 0, retained: 0, retention_rate: 0 },
      { date: '2028-03-02', previous_active: 1, retained: 1, retention_rate: 100 },
    ]);
    expect(await get('/api/getReturningUsersRetention/caliber')).toEqual([
      { date: '2028-03-01', active_users: 1, new_users: 1, returning_users: 0, returning_rate: 0 },
      { date: '2028-03-02', active_users: 2, new_users: 1, returning_users: 1, returning_rate: 50 },
    ]);
    expect(await get('/api/getStickinessReport')).toEqual([
      { date: '2028-03-01', dau: 1, mau: 2, stickiness: 50 },
      { date: '2028-03-02', dau: 2, mau: 2, stickiness: 100 },
    ]);
    expect(await get('/api/getWeeklyRetention/caliber')).toEqual([
      { week_start: '2028-02-28', previous_active: 0, retained: 0, retention_rate: 0 },
    ]);
    expect(await get('/api/getChurnRateReport')).toEqual([
      { week_start: '2028-02-28', previous_active: 0, retained: 0, churned: 0, churn_rate: 0 },
    ]);
  });

  it('retention is exact when the earlier day arrives after the later one', async () => {
    const { key } = await createServerKey(t.app.ctx, 'caliber', 'late');
    const send = (id: string, start: string, end: string, player = ids.P3) =>
      t.app.inject({
        method: 'POST',
        url: '/api/events/caliber',
        headers: { 'x-server-key': key },
        payload: { events: [{ id, type: 'session', player, start, end }] },
      });
    expect((await send('late-2', '2028-02-27T02:00:00Z', '2028-02-27T03:00:00Z')).statusCode).toBe(200);
    expect((await send('late-1', '2028-02-26T02:00:00Z', '2028-02-26T03:00:00Z')).statusCode).toBe(200);
    expect(await get('/api/getDailyActiveRetention/caliber?fromDate=2028-02-27&toDate=2028-02-27')).toEqual([
      { date: '2028-02-27', previous_active: 1, retained: 1, retention_rate: 100 },
    ]);
    // 02-26 (Sat) and 02-27 (Sun) are in ISO week 02-21. P1 (active on 03-01) also played on 02-27,
    // reported late: week 02-28 keeps 1 of the 2 players of week 02-21.
    expect((await send('late-3', '2028-02-27T05:00:00Z', '2028-02-27T06:00:00Z', ids.P1)).statusCode).toBe(
      200,
    );
    expect(await get('/api/getWeeklyRetention/caliber?fromDate=2028-02-28&toDate=2028-03-05')).toEqual([
      { week_start: '2028-02-28', previous_active: 2, retained: 1, retention_rate: 50 },
    ]);
  });

  it('user_games level and last login follow the events', async () => {
    const rows = await t.app.ctx.db.execute(
      sql`select user_id, level, session_start from user_games where user_id in (${ids.P1}, ${ids.P2})`,
    );
    const byUser = new Map(
      (
        rows as unknown as { rows: { user_id: string; level: number; session_start: Date | string | null }[] }
      ).rows.map((r) => [r.user_id, r]),
    );
    expect(byUser.get(ids.P2!)?.level).toBe(7);
    expect(new Date(byUser.get(ids.P1!)!.session_start!).toISOString()).toBe('2028-03-01T15:50:00.000Z');
  });
});

describe('sales series', () => {
  it('counts each order once into revenue, items, buyers and retention', async () => {
    const sale = (orderId: string, userId: string, at: string, amount: number) => ({
      orderId,
      game: 'yggdra',
      userId,
      at: new Date(at),
      storeType: 'webshop',
      lines: [{ sku: 'gem-100', quantity: 1, amount }],
    });
    expect(
      await recordSales(t.app.ctx, [
        sale('o1', ids.P5!, '2028-02-10T02:00:00Z', 10),
        sale('o2', ids.P5!, '2028-03-01T17:00:00Z', 5.5),
      ]),
    ).toBe(2);
    expect(await recordSales(t.app.ctx, [sale('o2', ids.P5!, '2028-03-01T17:00:00Z', 5.5)])).toBe(0);
    // Named by the shop's product; by its SKU while no product has it.
    expect(await get('/api/getItemSales')).toEqual([
      { sku: 'gem-100', name: 'gem-100', quantity: 2, revenue: 15.5 },
    ]);
    await t.app.ctx.db.execute(
      sql`insert into shop_products (game, sku, name, price) values ('yggdra', 'gem-100', '100 Gems', 5)`,
    );
    expect(await get('/api/getItemSales')).toEqual([
      { sku: 'gem-100', name: '100 Gems', quantity: 2, revenue: 15.5 },
    ]);
    expect(await get('/api/sales/byStoreType')).toEqual([
      { store_type: 'webshop', orders: 2, revenue: 15.5 },
    ]);
    expect(await get('/api/getPurchaseRetention')).toEqual([
      { month_start: '2028-02-01', previous_buyers: 0, retained: 0, retention_rate: 0 },
      { month_start: '2028-03-01', previous_buyers: 1, retained: 1, retention_rate: 100 },
    ]);
    expect(await get('/api/calculateLTV')).toMatchObject({
      revenue: 15.5,
      orders: 2,
      registered_players: 1,
      paying_players: 1,
      ltv: 15.5,
    });
    const buyers = await get('/api/buyingUsersList?fromDate=2028-03-02&toDate=2028-03-02');
    expect(buyers).toEqual([
      { date: '2028-03-02', buyers: 1, new_buyers: 0, returning_buyers: 1, orders: 1, revenue: 5.5 },
    ]);
    expect(await get('/api/getWeeklyRevenue?fromDate=2028-02-28&toDate=2028-03-05')).toEqual([
      { week_start: '2028-02-28', orders: 1, revenue: 5.5 },
    ]);
  });
});

describe('every report', () => {
  it('answers its declared reply, unfiltered and over a range (the reply schema is the serializer)', async () => {
    for (const endpoint of Object.values(analyticsEndpoints)) {
      const path = endpointUrl(endpoint, { game: 'caliber' });
      for (const url of [path, `${path}?fromDate=2028-02-01&toDate=2028-03-31`]) {
        const body = await get(url);
        expect(endpoint.reply.safeParse(body).success, url).toBe(true);
      }
    }
  });
});

describe('access', () => {
  it('needs an admin token: none is 401, a player token 403', async () => {
    const player = await createPlayer(t.app.ctx);
    expect((await t.app.inject({ method: 'GET', url: '/api/daily-active-users' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/daily-active-users', headers: player.auth }))
        .statusCode,
    ).toBe(403);
  });
});
