import { type AnalyticsRange, WEEKDAYS, type Weekday } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import { addDays, monthStart, REPORTING_TIME_ZONE, reportingDay, weekStart } from './time';

/*
 * Every dashboard series. Each reads only rollup tables (daily_*, activity_counts, ccu_*), whose size is
 * days x games (x small dimensions), never raw events. Unfiltered daily series run from the first to the
 * last day with data; a range is filled with zeros for days without data. Definitions: docs/analytics.md.
 */

type Ctx = Pick<ServiceContext, 'db' | 'clock'>;
const TZ = sql.raw(`'${REPORTING_TIME_ZONE}'`);

async function q<T>(ctx: Ctx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await ctx.db.execute(query));
}
const d = (v?: string) => (v ? sql`${v}::date` : sql`null::date`);
const round2 = (n: number) => Math.round(n * 100) / 100;
const pct = (part: number, whole: number) => (whole > 0 ? round2((part / whole) * 100) : 0);

export function today(ctx: Ctx): string {
  return reportingDay(ctx.clock.now());
}

/** Days lo..hi filled with the value of `valueSql` (a correlated subquery over day `g`). */
function filledDays(bounds: SQL, value: SQL): SQL {
  return sql`with b as (${bounds})
    select to_char(g, 'YYYY-MM-DD') as day, (${value})::float8 as value
    from b, generate_series(b.lo, b.hi, interval '1 day') as g order by g`;
}
function boundsOf(table: SQL, where: SQL, r: AnalyticsRange): SQL {
  return sql`select coalesce(${d(r.fromDate)}, min(day)) as lo, coalesce(${d(r.toDate)}, max(day)) as hi from ${table} where ${where}`;
}

async function dailyValues(ctx: Ctx, table: SQL, where: SQL, value: SQL, r: AnalyticsRange) {
  const rows = await q<{ day: string; value: number }>(ctx, filledDays(boundsOf(table, where, r), value));
  return rows.map((row) => ({ day: row.day, value: Number(row.value) }));
}

// ---------- Registrations ----------

export async function dailyRegistrations(ctx: Ctx, game: string, r: AnalyticsRange) {
  const rows = await dailyValues(
    ctx,
    sql`daily_registrations`,
    sql`game = ${game}`,
    sql`coalesce((select count from daily_registrations x where x.game = ${game} and x.day = g::date), 0)`,
    r,
  );
  return rows.map((row) => ({ registration_date: row.day, registrations_per_day: row.value }));
}

async function periodRegistrations(ctx: Ctx, game: string, r: AnalyticsRange, unit: 'week' | 'month') {
  const step = unit === 'week' ? sql`interval '7 days'` : sql`interval '1 month'`;
  const u = sql.raw(`'${unit}'`);
  const rows = await q<{ start: string; label: string; registrations: number }>(
    ctx,
    sql`with b as (${boundsOf(sql`daily_registrations`, sql`game = ${game}`, r)})
      select to_char(p, 'YYYY-MM-DD') as start, to_char(p, 'IYYY-"W"IW') as label,
        coalesce((select sum(count) from daily_registrations x where x.game = ${game}
          and x.day >= greatest(p::date, b.lo) and x.day < (p + ${step})::date and x.day <= b.hi), 0)::int as registrations
      from b, generate_series(date_trunc(${u}, b.lo::timestamp), b.hi::timestamp, ${step}) as p order by p`,
  );
  return rows.map((row) => ({ ...row, registrations: Number(row.registrations) }));
}

export async function weeklyRegistrations(ctx: Ctx, game: string, r: AnalyticsRange) {
  return (await periodRegistrations(ctx, game, r, 'week')).map((w) => ({
    week_start: w.start,
    registrations: w.registrations,
  }));
}
/** The alternate weekly variant: `week` is the ISO week label, e.g. 2026-W47. */
export async function registrationsByWeek(ctx: Ctx, game: string, r: AnalyticsRange) {
  return (await periodRegistrations(ctx, game, r, 'week')).map((w) => ({
    week: w.label,
    registrations: w.registrations,
  }));
}
export async function monthlyRegistrations(ctx: Ctx, game: string, r: AnalyticsRange) {
  return (await periodRegistrations(ctx, game, r, 'month')).map((m) => ({
    month_start: m.start,
    registrations: m.registrations,
  }));
}

export async function registrationTotals(ctx: Ctx, game: string) {
  const t = today(ctx);
  const [row] = await q<{ total: number; today: number; month: number }>(
    ctx,
    sql`select coalesce(sum(count), 0)::int as total,
      coalesce(sum(count) filter (where day = ${t}::date), 0)::int as today,
      coalesce(sum(count) filter (where day >= ${monthStart(t)}::date and day <= ${t}::date), 0)::int as month
      from daily_registrations where game = ${game}`,
  );
  return { total: Number(row?.total ?? 0), today: Number(row?.today ?? 0), month: Number(row?.month ?? 0) };
}

function rangeWhere(r: AnalyticsRange, column: SQL = sql`day`): SQL {
  const from = r.fromDate ? sql`${column} >= ${r.fromDate}::date` : sql`true`;
  const to = r.toDate ? sql`${column} <= ${r.toDate}::date` : sql`true`;
  return sql`(${from} and ${to})`;
}
const gameWhere = (game?: string) => (game ? sql`game = ${game}` : sql`true`);

/** Age at registration; registrations without a birthdate are left out. Overall = all games. */
export async function ageDistribution(ctx: Ctx, game: string | undefined, r: AnalyticsRange) {
  const rows = await q<{ age: number; count: number }>(
    ctx,
    sql`select age, sum(count)::int as count from daily_registration_ages
      where ${gameWhere(game)} and age >= 0 and ${rangeWhere(r)} group by age order by age`,
  );
  return rows.map((row) => ({ age: Number(row.age), count: Number(row.count) }));
}

export async function countryDistribution(ctx: Ctx, game: string | undefined, r: AnalyticsRange) {
  const rows = await q<{ country: string; country_count: number }>(
    ctx,
    sql`select country, sum(count)::int as country_count from daily_registration_countries
      where ${gameWhere(game)} and ${rangeWhere(r)} group by country order by country_count desc, country`,
  );
  return rows.map((row) => ({ country: row.country || 'Unknown', country_count: Number(row.country_count) }));
}

export async function dailyReferrals(ctx: Ctx, game: string | undefined, r: AnalyticsRange) {
  const rows = await q<{
    registration_date: string;
    referral_code: string;
    daily_registration_count: number;
  }>(
    ctx,
    // One game reads the rollup in its primary key's order (no sort); all games sum the games per code.
    game
      ? sql`select day::text as registration_date, referral_code, count as daily_registration_count
          from daily_referral_registrations where game = ${game} and ${rangeWhere(r)} order by day, referral_code`
      : sql`select day::text as registration_date, referral_code, sum(count)::int as daily_registration_count
          from daily_referral_registrations where ${rangeWhere(r)} group by day, referral_code order by day, referral_code`,
  );
  return rows.map((row) => ({ ...row, daily_registration_count: Number(row.daily_registration_count) }));
}

export async function referralTotals(ctx: Ctx, game: string | undefined, r: AnalyticsRange) {
  const rows = await q<{ referral_code: string; total_count: number; used_for: string }>(
    ctx,
    sql`select referral_code, sum(count)::int as total_count, game as used_for from daily_referral_registrations
      where ${gameWhere(game)} and ${rangeWhere(r)} group by referral_code, game order by total_count desc, referral_code`,
  );
  return rows.map((row) => ({ ...row, total_count: Number(row.total_count) }));
}

// ---------- Activity ----------

const countsWhere = (game: string, metric: 'play' | 'buy', period: 'day' | 'week' | 'month') =>
  sql`game = ${game} and metric = ${metric} and period = ${period}`;

async function dailyCounts(ctx: Ctx, game: string, metric: 'play' | 'buy', r: AnalyticsRange) {
  const rows = await q<{ day: string; users: number; retained: number; first_time: number; prev: number }>(
    ctx,
    sql`with b as (select coalesce(${d(r.fromDate)}, min(period_start)) as lo, coalesce(${d(r.toDate)}, max(period_start)) as hi
        from activity_counts where ${countsWhere(game, metric, 'day')})
      select to_char(g, 'YYYY-MM-DD') as day, coalesce(c.users, 0) as users, coalesce(c.retained, 0) as retained,
        coalesce(c.first_time, 0) as first_time, coalesce(p.users, 0) as prev
      from b cross join generate_series(b.lo, b.hi, interval '1 day') as g
      left join activity_counts c on c.game = ${game} and c.metric = ${metric} and c.period = 'day' and c.period_start = g::date
      left join activity_counts p on p.game = ${game} and p.metric = ${metric} and p.period = 'day' and p.period_start = (g - interval '1 day')::date
      order by g`,
  );
  return rows.map((row) => ({
    day: row.day,
    users: Number(row.users),
    retained: Number(row.retained),
    firstTime: Number(row.first_time),
    prev: Number(row.prev),
  }));
}

async function periodCounts(
  ctx: Ctx,
  game: string,
  metric: 'play' | 'buy',
  period: 'week' | 'month',
  r: AnalyticsRange,
) {
  const step = period === 'week' ? sql`interval '7 days'` : sql`interval '1 month'`;
  const u = sql.raw(`'${period}'`);
  const rows = await q<{ start: string; users: number; retained: number; first_time: number; prev: number }>(
    ctx,
    sql`with b as (select coalesce(date_trunc(${u}, ${d(r.fromDate)}::timestamp)::date, min(period_start)) as lo,
          coalesce(${d(r.toDate)}, max(period_start)) as hi
        from activity_counts where ${countsWhere(game, metric, period)})
      select to_char(g, 'YYYY-MM-DD') as start, coalesce(c.users, 0) as users, coalesce(c.retained, 0) as retained,
        coalesce(c.first_time, 0) as first_time, coalesce(p.users, 0) as prev
      from b cross join generate_series(b.lo, b.hi, ${step}) as g
      left join activity_counts c on c.game = ${game} and c.metric = ${metric} and c.period = ${period} and c.period_start = g::date
      left join activity_counts p on p.game = ${game} and p.metric = ${metric} and p.period = ${period} and p.period_start = (g - ${step})::date
      order by g`,
  );
  return rows.map((row) => ({
    start: row.start,
    users: Number(row.users),
    retained: Number(row.retained),
    firstTime: Number(row.first_time),
    prev: Number(row.prev),
  }));
}

export async function dailyActiveUsers(ctx: Ctx, game: string, r: AnalyticsRange) {
  return (await dailyCounts(ctx, game, 'play', r)).map((row) => ({
    activity_date: row.day,
    user_count: row.users,
  }));
}

export async function gameDownloads(ctx: Ctx, game: string, r: AnalyticsRange) {
  const rows = await dailyValues(
    ctx,
    sql`daily_downloads`,
    sql`game = ${game}`,
    sql`coalesce((select downloads from daily_downloads x where x.game = ${game} and x.day = g::date), 0)`,
    r,
  );
  return rows.map((row) => ({ date: row.day, download_ids: JSON.stringify([{ downloads: row.value }]) }));
}

function emptyWeek(): Record<Weekday, number> {
  return Object.fromEntries(WEEKDAYS.map((w) => [w, 0])) as Record<Weekday, number>;
}
function weekdayOf(day: string): Weekday {
  return WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

/** Daily active users of each weekday, one entry per ISO week (unfiltered: the last 4 weeks). */
export async function weeklyUsersPerDay(ctx: Ctx, game: string, r: AnalyticsRange) {
  const t = today(ctx);
  const range = r.fromDate || r.toDate ? r : { fromDate: addDays(weekStart(t), -21), toDate: t };
  const days = await dailyCounts(ctx, game, 'play', range);
  const weeks = new Map<string, Record<Weekday, number>>();
  for (const row of days) {
    const key = weekStart(row.day);
    const data = weeks.get(key) ?? emptyWeek();
    data[weekdayOf(row.day)] = row.users;
    weeks.set(key, data);
  }
  return [...weeks].map(([week_start, data]) => ({ week_start, data }));
}

/** Sum of daily active users per weekday, one entry per month (unfiltered: the last 3 months). */
export async function monthlyUsersPerDay(ctx: Ctx, game: string, r: AnalyticsRange) {
  const t = today(ctx);
  const threeMonthsBack = (() => {
    const [y, m] = t.split('-').map(Number) as [number, number];
    const date = new Date(Date.UTC(y, m - 3, 1));
    return date.toISOString().slice(0, 10);
  })();
  const range = r.fromDate || r.toDate ? r : { fromDate: threeMonthsBack, toDate: t };
  const days = await dailyCounts(ctx, game, 'play', range);
  const months = new Map<string, Record<Weekday, number>>();
  for (const row of days) {
    const key = row.day.slice(0, 7);
    const data = months.get(key) ?? emptyWeek();
    data[weekdayOf(row.day)] += row.users;
    months.set(key, data);
  }
  return [...months].map(([month, data]) => ({ month, data }));
}

// ---------- Concurrency ----------

export async function ccuAndActiveUsers(ctx: Ctx, game: string, r: AnalyticsRange) {
  const dau = await dailyCounts(ctx, game, 'play', r);
  if (dau.length === 0) return [];
  const peaks = await q<{ day: string; peak: number }>(
    ctx,
    sql`select to_char(day, 'YYYY-MM-DD') as day, peak from ccu_daily_peaks where game = ${game}
      and day >= ${dau[0]!.day}::date and day <= ${dau[dau.length - 1]!.day}::date`,
  );
  const byDay = new Map(peaks.map((p) => [p.day, Number(p.peak)]));
  return dau.map((row) => ({ date: row.day, peak_ccu: byDay.get(row.day) ?? 0, active_users: row.users }));
}

/** Peak concurrent players per hour of today (reporting zone), 24 entries. */
export async function ccuToday(ctx: Ctx, game: string) {
  const t = today(ctx);
  const rows = await q<{ hour: number; peak: number }>(
    ctx,
    sql`select extract(hour from slot_start at time zone ${TZ})::int as hour, max(users)::int as peak from ccu_slots
      where game = ${game} and slot_start >= (${t}::date::timestamp at time zone ${TZ})
        and slot_start < ((${t}::date + 1)::timestamp at time zone ${TZ}) group by 1`,
  );
  const byHour = new Map(rows.map((row) => [Number(row.hour), Number(row.peak)]));
  return Array.from({ length: 24 }, (_, h) => ({
    time: `${String(h).padStart(2, '0')}:00`,
    ccu: byHour.get(h) ?? 0,
  }));
}

/** Daily peak concurrent players of the last 7 days, today included. */
export async function ccuWeekly(ctx: Ctx, game: string) {
  const t = today(ctx);
  const rows = await q<{ day: string; value: number }>(
    ctx,
    filledDays(
      sql`select ${addDays(t, -6)}::date as lo, ${t}::date as hi`,
      sql`coalesce((select peak from ccu_daily_peaks x where x.game = ${game} and x.day = g::date), 0)`,
    ),
  );
  return rows.map((row) => ({ date: row.day, peak_ccu: Number(row.value) }));
}

export async function monthlyCcu(ctx: Ctx, game: string, r: AnalyticsRange) {
  const rows = await q<{ month: string; peak: number; avg: number }>(
    ctx,
    sql`select to_char(day, 'YYYY-MM') as month, max(peak)::int as peak, avg(peak)::float8 as avg from ccu_daily_peaks
      where game = ${game} and ${rangeWhere(r)} group by 1 order by 1`,
  );
  return rows.map((row) => ({
    month: row.month,
    peak_ccu: Number(row.peak),
    average_daily_peak: round2(Number(row.avg)),
  }));
}

// ---------- Engagement, retention, churn ----------

export async function stickiness(ctx: Ctx, game: string, r: AnalyticsRange) {
  const days = await dailyCounts(ctx, game, 'play', r);
  if (days.length === 0) return [];
  const months = await q<{ start: string; users: number }>(
    ctx,
    sql`select to_char(period_start, 'YYYY-MM-DD') as start, users from activity_counts
      where ${countsWhere(game, 'play', 'month')} and period_start >= ${monthStart(days[0]!.day)}::date
        and period_start <= ${days[days.length - 1]!.day}::date`,
  );
  const mau = new Map(months.map((m) => [m.start, Number(m.users)]));
  return days.map((row) => {
    const monthly = mau.get(monthStart(row.day)) ?? 0;
    return { date: row.day, dau: row.users, mau: monthly, stickiness: pct(row.users, monthly) };
  });
}

function churnRows(rows: Awaited<ReturnType<typeof periodCounts>>, label: string) {
  return rows.map((row) => ({
    [label]: row.start,
    previous_active: row.prev,
    retained: row.retained,
    churned: row.prev - row.retained,
    churn_rate: pct(row.prev - row.retained, row.prev),
  }));
}

/** Weekly churn: players active last week and not this week, over last week's players. */
export async function churnRate(ctx: Ctx, game: string, r: AnalyticsRange) {
  return churnRows(await periodCounts(ctx, game, 'play', 'week', r), 'week_start');
}
/** Monthly (MAU-based) churn: last month's active players not active this month, over last month's MAU. */
export async function mauChurn(ctx: Ctx, game: string, r: AnalyticsRange) {
  return churnRows(await periodCounts(ctx, game, 'play', 'month', r), 'month_start');
}

export async function weeklyRetention(ctx: Ctx, game: string, r: AnalyticsRange) {
  return (await periodCounts(ctx, game, 'play', 'week', r)).map((row) => ({
    week_start: row.start,
    previous_active: row.prev,
    retained: row.retained,
    retention_rate: pct(row.retained, row.prev),
  }));
}
/** Per day: active players, first-time players, and those who had played before. */
export async function returningUsers(ctx: Ctx, game: string, r: AnalyticsRange) {
  return (await dailyCounts(ctx, game, 'play', r)).map((row) => ({
    date: row.day,
    active_users: row.users,
    new_users: row.firstTime,
    returning_users: row.users - row.firstTime,
    returning_rate: pct(row.users - row.firstTime, row.users),
  }));
}
/** Day-1 retention of active players: yesterday's players who played again today. */
export async function dailyActiveRetention(ctx: Ctx, game: string, r: AnalyticsRange) {
  return (await dailyCounts(ctx, game, 'play', r)).map((row) => ({
    date: row.day,
    previous_active: row.prev,
    retained: row.retained,
    retention_rate: pct(row.retained, row.prev),
  }));
}
/** Monthly purchase retention: last month's buyers who bought again this month. */
export async function purchaseRetention(ctx: Ctx, game: string, r: AnalyticsRange) {
  return (await periodCounts(ctx, game, 'buy', 'month', r)).map((row) => ({
    month_start: row.start,
    previous_buyers: row.prev,
    retained: row.retained,
    retention_rate: pct(row.retained, row.prev),
  }));
}

// ---------- Sales ----------

export async function buyingUsers(ctx: Ctx, game: string, r: AnalyticsRange) {
  const buyers = await dailyCounts(ctx, game, 'buy', r);
  if (buyers.length === 0) return [];
  const sales = await q<{ day: string; orders: number; revenue: number }>(
    ctx,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(orders)::int as orders, sum(revenue)::float8 as revenue
      from daily_sales where game = ${game} and day >= ${buyers[0]!.day}::date and day <= ${buyers[buyers.length - 1]!.day}::date
      group by day`,
  );
  const byDay = new Map(sales.map((s) => [s.day, s]));
  return buyers.map((row) => ({
    date: row.day,
    buyers: row.users,
    new_buyers: row.firstTime,
    returning_buyers: row.users - row.firstTime,
    orders: Number(byDay.get(row.day)?.orders ?? 0),
    revenue: round2(Number(byDay.get(row.day)?.revenue ?? 0)),
  }));
}

export async function lifetimeValue(ctx: Ctx, game: string, r: AnalyticsRange) {
  const [row] = await q<{ revenue: number; orders: number }>(
    ctx,
    sql`select coalesce(sum(revenue), 0)::float8 as revenue, coalesce(sum(orders), 0)::int as orders
      from daily_sales where game = ${game} and ${rangeWhere(r)}`,
  );
  const [players] = await q<{ n: number }>(
    ctx,
    sql`select coalesce(sum(count), 0)::int as n from daily_registrations where game = ${game} and ${rangeWhere(r)}`,
  );
  const [buyers] = await q<{ n: number }>(
    ctx,
    sql`select coalesce(sum(first_time), 0)::int as n from activity_counts where ${countsWhere(game, 'buy', 'day')}
      and ${rangeWhere(r, sql`period_start`)}`,
  );
  const revenue = round2(Number(row?.revenue ?? 0));
  const registered = Number(players?.n ?? 0);
  const paying = Number(buyers?.n ?? 0);
  return {
    game,
    revenue,
    orders: Number(row?.orders ?? 0),
    registered_players: registered,
    paying_players: paying,
    ltv: registered > 0 ? round2(revenue / registered) : 0,
    arppu: paying > 0 ? round2(revenue / paying) : 0,
  };
}

export async function weeklySalesPerYear(ctx: Ctx, game: string, r: AnalyticsRange) {
  const rows = await q<{ year: number; week: number; orders: number; revenue: number }>(
    ctx,
    sql`select extract(isoyear from day)::int as year, extract(week from day)::int as week,
      sum(orders)::int as orders, sum(revenue)::float8 as revenue from daily_sales
      where game = ${game} and ${rangeWhere(r)} group by 1, 2 order by 1, 2`,
  );
  return rows.map((row) => ({
    year: Number(row.year),
    week: Number(row.week),
    orders: Number(row.orders),
    revenue: round2(Number(row.revenue)),
  }));
}

export async function weeklyRevenue(ctx: Ctx, game: string, r: AnalyticsRange) {
  const rows = await q<{ week_start: string; orders: number; revenue: number }>(
    ctx,
    sql`select to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD') as week_start, sum(orders)::int as orders,
      sum(revenue)::float8 as revenue from daily_sales where game = ${game} and ${rangeWhere(r)} group by 1 order by 1`,
  );
  return rows.map((row) => ({
    week_start: row.week_start,
    orders: Number(row.orders),
    revenue: round2(Number(row.revenue)),
  }));
}

export async function itemSales(ctx: Ctx, game: string, r: AnalyticsRange) {
  const rows = await q<{ sku: string; quantity: number; revenue: number }>(
    ctx,
    sql`select sku, sum(quantity)::int as quantity, sum(revenue)::float8 as revenue from daily_item_sales
      where game = ${game} and ${rangeWhere(r)} group by sku order by revenue desc, sku limit 100`,
  );
  return rows.map((row) => ({
    sku: row.sku,
    quantity: Number(row.quantity),
    revenue: round2(Number(row.revenue)),
  }));
}

export async function salesByStoreType(ctx: Ctx, game: string | undefined, r: AnalyticsRange) {
  const rows = await q<{ store_type: string; orders: number; revenue: number }>(
    ctx,
    sql`select store_type, sum(orders)::int as orders, sum(revenue)::float8 as revenue from daily_sales
      where ${gameWhere(game)} and ${rangeWhere(r)} group by store_type order by revenue desc`,
  );
  return rows.map((row) => ({
    store_type: row.store_type,
    orders: Number(row.orders),
    revenue: round2(Number(row.revenue)),
  }));
}
