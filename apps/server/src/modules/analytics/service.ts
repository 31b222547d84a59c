import { type AnalyticsRange, WEEKDAYS, type Weekday } from '@portal/contract';
import { and, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { rowsOf } from '../../db/rows';
import {
  activityCounts,
  ccuDailyPeaks,
  ccuSlots,
  dailyDownloads,
  dailyItemSales,
  dailyReferralRegistrations,
  dailyRegistrationAges,
  dailyRegistrationCountries,
  dailyRegistrations as dailyRegistrationsTable,
  dailySales,
  shopProducts,
} from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { reportingZone } from './sql';
import { addDays, monthStart, reportingDay, weekStart } from './time';

/*
 * Every dashboard series. Each reads only the rollup tables (daily registrations, downloads and sales,
 * activity counts, concurrency samples and peaks), whose size is days x games (x small dimensions), never
 * raw events. Unfiltered daily series run from the first to the last day with data; a range is filled with
 * zeros for days without data. Definitions: docs/analytics.md.
 */

type Ctx = Pick<ServiceContext, 'db' | 'clock'>;
type Metric = (typeof activityCounts.$inferSelect)['metric'];
type Period = (typeof activityCounts.$inferSelect)['period'];

async function q<T>(ctx: Ctx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await ctx.db.execute(query));
}
const d = (v?: string) => (v ? sql`${v}::date` : sql`null::date`);
const round2 = (n: number) => Math.round(n * 100) / 100;
const pct = (part: number, whole: number) => (whole > 0 ? round2((part / whole) * 100) : 0);
/** A sum of integers as an int (PostgreSQL sums them as bigint, which node-postgres answers as a string). */
const intSum = (column: AnyPgColumn) => sql<number>`sum(${column})::int`.mapWith(Number);
const floatSum = (column: AnyPgColumn) => sql<number>`sum(${column})::float8`.mapWith(Number);

function today(ctx: Ctx): string {
  return reportingDay(ctx.clock.now());
}

/** Days lo..hi filled with `value` (a correlated subquery over day `g`). */
function filledDays(bounds: SQL, value: SQL): SQL {
  return sql`with b as (${bounds})
    select to_char(g, 'YYYY-MM-DD') as day, (${value})::float8 as value
    from b, generate_series(b.lo, b.hi, interval '1 day') as g order by g`;
}

/** Rollups with one row per game and day. */
type DailyTable = typeof dailyRegistrationsTable | typeof dailyDownloads;

/** The range's ends, or else the first and last day with data of the game. */
function boundsOf(table: DailyTable, game: string, r: AnalyticsRange): SQL {
  return sql`select coalesce(${d(r.fromDate)}, min(${table.day})) as lo, coalesce(${d(r.toDate)}, max(${table.day})) as hi
    from ${table} where ${eq(table.game, game)}`;
}

async function dailyValues(ctx: Ctx, bounds: SQL, value: SQL) {
  const rows = await q<{ day: string; value: number }>(ctx, filledDays(bounds, value));
  return rows.map((row) => ({ day: row.day, value: Number(row.value) }));
}

/** Days within the range (each end optional); undefined when unbounded. */
function inRange(day: AnyPgColumn, r: AnalyticsRange): SQL | undefined {
  return and(r.fromDate ? gte(day, r.fromDate) : undefined, r.toDate ? lte(day, r.toDate) : undefined);
}
/** One game, or all games when none is given. */
const gameIs = (column: AnyPgColumn, game?: string) => (game ? eq(column, game) : undefined);

// ---------- Registrations ----------

export async function dailyRegistrations(ctx: Ctx, game: string, r: AnalyticsRange) {
  const x = alias(dailyRegistrationsTable, 'x');
  const rows = await dailyValues(
    ctx,
    boundsOf(dailyRegistrationsTable, game, r),
    sql`coalesce((select ${x.count} from ${dailyRegistrationsTable} ${x} where ${x.game} = ${game} and ${x.day} = g::date), 0)`,
  );
  return rows.map((row) => ({ registration_date: row.day, registrations_per_day: row.value }));
}

async function periodRegistrations(ctx: Ctx, game: string, r: AnalyticsRange, unit: 'week' | 'month') {
  const step = unit === 'week' ? sql`interval '7 days'` : sql`interval '1 month'`;
  const u = sql.raw(`'${unit}'`);
  const x = alias(dailyRegistrationsTable, 'x');
  const rows = await q<{ start: string; label: string; registrations: number }>(
    ctx,
    sql`with b as (${boundsOf(dailyRegistrationsTable, game, r)})
      select to_char(p, 'YYYY-MM-DD') as start, to_char(p, 'IYYY-"W"IW') as label,
        coalesce((select sum(${x.count}) from ${dailyRegistrationsTable} ${x} where ${x.game} = ${game}
          and ${x.day} >= greatest(p::date, b.lo) and ${x.day} < (p + ${step})::date and ${x.day} <= b.hi), 0)::int as registrations
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
  const { count, day } = dailyRegistrationsTable;
  const countWhere = (where: SQL) =>
    sql<number>`coalesce(sum(${count}) filter (where ${where}), 0)::int`.mapWith(Number);
  const [row] = await ctx.db
    .select({
      total: sql<number>`coalesce(sum(${count}), 0)::int`.mapWith(Number),
      today: countWhere(sql`${day} = ${t}::date`),
      month: countWhere(sql`${day} >= ${monthStart(t)}::date and ${day} <= ${t}::date`),
    })
    .from(dailyRegistrationsTable)
    .where(eq(dailyRegistrationsTable.game, game));
  return { total: row?.total ?? 0, today: row?.today ?? 0, month: row?.month ?? 0 };
}

/** Age at registration; registrations without a birthdate are left out. Overall = all games. */
export async function ageDistribution(ctx: Ctx, game: string | undefined, r: AnalyticsRange) {
  const t = dailyRegistrationAges;
  return ctx.db
    .select({ age: t.age, count: intSum(t.count) })
    .from(t)
    .where(and(gameIs(t.game, game), gte(t.age, 0), inRange(t.day, r)))
    .groupBy(t.age)
    .orderBy(t.age);
}

export async function countryDistribution(ctx: Ctx, game: string | undefined, r: AnalyticsRange) {
  const t = dailyRegistrationCountries;
  const countryCount = intSum(t.count);
  const rows = await ctx.db
    .select({ country: t.country, country_count: countryCount })
    .from(t)
    .where(and(gameIs(t.game, game), inRange(t.day, r)))
    .groupBy(t.country)
    .orderBy(desc(countryCount), t.country);
  return rows.map((row) => ({ country: row.country || 'Unknown', country_count: row.country_count }));
}

export async function dailyReferrals(ctx: Ctx, game: string | undefined, r: AnalyticsRange) {
  const t = dailyReferralRegistrations;
  // Up to ~100,000 rows for one game: plain rows from execute, which the query builder's per-row mapping
  // would make ~25% slower to build. One game reads the rollup in its primary key's order (no sort); all
  // games sum the games per code.
  const rows = await q<{
    registration_date: string;
    referral_code: string;
    daily_registration_count: number;
  }>(
    ctx,
    game
      ? sql`select ${t.day}::text as registration_date, ${t.referralCode} as referral_code,
          ${t.count} as daily_registration_count
          from ${t} where ${and(eq(t.game, game), inRange(t.day, r))} order by ${t.day}, ${t.referralCode}`
      : sql`select ${t.day}::text as registration_date, ${t.referralCode} as referral_code,
          sum(${t.count})::int as daily_registration_count
          from ${t} where ${inRange(t.day, r) ?? sql`true`} group by ${t.day}, ${t.referralCode}
          order by ${t.day}, ${t.referralCode}`,
  );
  return rows.map((row) => ({ ...row, daily_registration_count: Number(row.daily_registration_count) }));
}

/** Up to one row per code (~100,000): plain rows from execute, like dailyReferrals. */
export async function referralTotals(ctx: Ctx, game: string | undefined, r: AnalyticsRange) {
  const t = dailyReferralRegistrations;
  const rows = await q<{ referral_code: string; total_count: number; used_for: string }>(
    ctx,
    sql`select ${t.referralCode} as referral_code, sum(${t.count})::int as total_count, ${t.game} as used_for
      from ${t} where ${and(gameIs(t.game, game), inRange(t.day, r)) ?? sql`true`}
      group by ${t.referralCode}, ${t.game} order by total_count desc, referral_code`,
  );
  return rows.map((row) => ({ ...row, total_count: Number(row.total_count) }));
}

// ---------- Activity ----------

const countsOf = (game: string, metric: Metric, period: Period) =>
  and(eq(activityCounts.game, game), eq(activityCounts.metric, metric), eq(activityCounts.period, period));

async function dailyCounts(ctx: Ctx, game: string, metric: Metric, r: AnalyticsRange) {
  const c = alias(activityCounts, 'c');
  const p = alias(activityCounts, 'p');
  const rows = await q<{ day: string; users: number; retained: number; first_time: number; prev: number }>(
    ctx,
    sql`with b as (select coalesce(${d(r.fromDate)}, min(${activityCounts.periodStart})) as lo,
          coalesce(${d(r.toDate)}, max(${activityCounts.periodStart})) as hi
        from ${activityCounts} where ${countsOf(game, metric, 'day')})
      select to_char(g, 'YYYY-MM-DD') as day, coalesce(${c.users}, 0) as users, coalesce(${c.retained}, 0) as retained,
        coalesce(${c.firstTime}, 0) as first_time, coalesce(${p.users}, 0) as prev
      from b cross join generate_series(b.lo, b.hi, interval '1 day') as g
      left join ${activityCounts} ${c} on ${c.game} = ${game} and ${c.metric} = ${metric} and ${c.period} = 'day' and ${c.periodStart} = g::date
      left join ${activityCounts} ${p} on ${p.game} = ${game} and ${p.metric} = ${metric} and ${p.period} = 'day' and ${p.periodStart} = (g - interval '1 day')::date
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
  metric: Metric,
  period: 'week' | 'month',
  r: AnalyticsRange,
) {
  const step = period === 'week' ? sql`interval '7 days'` : sql`interval '1 month'`;
  const u = sql.raw(`'${period}'`);
  const c = alias(activityCounts, 'c');
  const p = alias(activityCounts, 'p');
  const rows = await q<{ start: string; users: number; retained: number; first_time: number; prev: number }>(
    ctx,
    sql`with b as (select coalesce(date_trunc(${u}, ${d(r.fromDate)}::timestamp)::date, min(${activityCounts.periodStart})) as lo,
          coalesce(${d(r.toDate)}, max(${activityCounts.periodStart})) as hi
        from ${activityCounts} where ${countsOf(game, metric, period)})
      select to_char(g, 'YYYY-MM-DD') as start, coalesce(${c.users}, 0) as users, coalesce(${c.retained}, 0) as retained,
        coalesce(${c.firstTime}, 0) as first_time, coalesce(${p.users}, 0) as prev
      from b cross join generate_series(b.lo, b.hi, ${step}) as g
      left join ${activityCounts} ${c} on ${c.game} = ${game} and ${c.metric} = ${metric} and ${c.period} = ${period} and ${c.periodStart} = g::date
      left join ${activityCounts} ${p} on ${p.game} = ${game} and ${p.metric} = ${metric} and ${p.period} = ${period} and ${p.periodStart} = (g - ${step})::date
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
  const x = alias(dailyDownloads, 'x');
  const rows = await dailyValues(
    ctx,
    boundsOf(dailyDownloads, game, r),
    sql`coalesce((select ${x.downloads} from ${dailyDownloads} ${x} where ${x.game} = ${game} and ${x.day} = g::date), 0)`,
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
  const t = ccuDailyPeaks;
  const peaks = await ctx.db
    .select({ day: t.day, peak: t.peak })
    .from(t)
    .where(and(eq(t.game, game), gte(t.day, dau[0]!.day), lte(t.day, dau[dau.length - 1]!.day)));
  const byDay = new Map(peaks.map((p) => [p.day, p.peak]));
  return dau.map((row) => ({ date: row.day, peak_ccu: byDay.get(row.day) ?? 0, active_users: row.users }));
}

/** Peak concurrent players per hour of today (reporting zone), 24 entries. */
export async function ccuToday(ctx: Ctx, game: string) {
  const t = today(ctx);
  const hour =
    sql<number>`extract(hour from ${ccuSlots.slotStart} at time zone ${reportingZone})::int`.mapWith(Number);
  const rows = await ctx.db
    .select({ hour, peak: sql<number>`max(${ccuSlots.users})::int`.mapWith(Number) })
    .from(ccuSlots)
    .where(
      and(
        eq(ccuSlots.game, game),
        gte(ccuSlots.slotStart, sql`(${t}::date::timestamp at time zone ${reportingZone})`),
        lt(ccuSlots.slotStart, sql`((${t}::date + 1)::timestamp at time zone ${reportingZone})`),
      ),
    )
    .groupBy(hour);
  const byHour = new Map(rows.map((row) => [row.hour, row.peak]));
  return Array.from({ length: 24 }, (_, h) => ({
    time: `${String(h).padStart(2, '0')}:00`,
    ccu: byHour.get(h) ?? 0,
  }));
}

/** Daily peak concurrent players of the last 7 days, today included. */
export async function ccuWeekly(ctx: Ctx, game: string) {
  const t = today(ctx);
  const x = alias(ccuDailyPeaks, 'x');
  const rows = await q<{ day: string; value: number }>(
    ctx,
    filledDays(
      sql`select ${addDays(t, -6)}::date as lo, ${t}::date as hi`,
      sql`coalesce((select ${x.peak} from ${ccuDailyPeaks} ${x} where ${x.game} = ${game} and ${x.day} = g::date), 0)`,
    ),
  );
  return rows.map((row) => ({ date: row.day, peak_ccu: Number(row.value) }));
}

export async function monthlyCcu(ctx: Ctx, game: string, r: AnalyticsRange) {
  const t = ccuDailyPeaks;
  const month = sql<string>`to_char(${t.day}, 'YYYY-MM')`;
  const rows = await ctx.db
    .select({
      month,
      peak: sql<number>`max(${t.peak})::int`.mapWith(Number),
      avg: sql<number>`avg(${t.peak})::float8`.mapWith(Number),
    })
    .from(t)
    .where(and(eq(t.game, game), inRange(t.day, r)))
    .groupBy(month)
    .orderBy(month);
  return rows.map((row) => ({ month: row.month, peak_ccu: row.peak, average_daily_peak: round2(row.avg) }));
}

// ---------- Engagement, retention, churn ----------

export async function stickiness(ctx: Ctx, game: string, r: AnalyticsRange) {
  const days = await dailyCounts(ctx, game, 'play', r);
  if (days.length === 0) return [];
  const t = activityCounts;
  const months = await ctx.db
    .select({ start: t.periodStart, users: t.users })
    .from(t)
    .where(
      and(
        countsOf(game, 'play', 'month'),
        gte(t.periodStart, monthStart(days[0]!.day)),
        lte(t.periodStart, days[days.length - 1]!.day),
      ),
    );
  const mau = new Map(months.map((m) => [m.start, m.users]));
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
  const t = dailySales;
  const sales = await ctx.db
    .select({ day: t.day, orders: intSum(t.orders), revenue: floatSum(t.revenue) })
    .from(t)
    .where(and(eq(t.game, game), gte(t.day, buyers[0]!.day), lte(t.day, buyers[buyers.length - 1]!.day)))
    .groupBy(t.day);
  const byDay = new Map(sales.map((s) => [s.day, s]));
  return buyers.map((row) => ({
    date: row.day,
    buyers: row.users,
    new_buyers: row.firstTime,
    returning_buyers: row.users - row.firstTime,
    orders: byDay.get(row.day)?.orders ?? 0,
    revenue: round2(byDay.get(row.day)?.revenue ?? 0),
  }));
}

export async function lifetimeValue(ctx: Ctx, game: string, r: AnalyticsRange) {
  const [sales] = await ctx.db
    .select({
      revenue: sql<number>`coalesce(sum(${dailySales.revenue}), 0)::float8`.mapWith(Number),
      orders: sql<number>`coalesce(sum(${dailySales.orders}), 0)::int`.mapWith(Number),
    })
    .from(dailySales)
    .where(and(eq(dailySales.game, game), inRange(dailySales.day, r)));
  const [players] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${dailyRegistrationsTable.count}), 0)::int`.mapWith(Number) })
    .from(dailyRegistrationsTable)
    .where(and(eq(dailyRegistrationsTable.game, game), inRange(dailyRegistrationsTable.day, r)));
  const [buyers] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${activityCounts.firstTime}), 0)::int`.mapWith(Number) })
    .from(activityCounts)
    .where(and(countsOf(game, 'buy', 'day'), inRange(activityCounts.periodStart, r)));
  const revenue = round2(sales?.revenue ?? 0);
  const registered = players?.n ?? 0;
  const paying = buyers?.n ?? 0;
  return {
    game,
    revenue,
    orders: sales?.orders ?? 0,
    registered_players: registered,
    paying_players: paying,
    ltv: registered > 0 ? round2(revenue / registered) : 0,
    arppu: paying > 0 ? round2(revenue / paying) : 0,
  };
}

export async function weeklySalesPerYear(ctx: Ctx, game: string, r: AnalyticsRange) {
  const t = dailySales;
  const year = sql<number>`extract(isoyear from ${t.day})::int`.mapWith(Number);
  const week = sql<number>`extract(week from ${t.day})::int`.mapWith(Number);
  const rows = await ctx.db
    .select({ year, week, orders: intSum(t.orders), revenue: floatSum(t.revenue) })
    .from(t)
    .where(and(eq(t.game, game), inRange(t.day, r)))
    .groupBy(year, week)
    .orderBy(year, week);
  return rows.map((row) => ({ ...row, revenue: round2(row.revenue) }));
}

export async function weeklyRevenue(ctx: Ctx, game: string, r: AnalyticsRange) {
  const t = dailySales;
  const weekStarting = sql<string>`to_char(date_trunc('week', ${t.day}::timestamp), 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .select({ week_start: weekStarting, orders: intSum(t.orders), revenue: floatSum(t.revenue) })
    .from(t)
    .where(and(eq(t.game, game), inRange(t.day, r)))
    .groupBy(weekStarting)
    .orderBy(weekStarting);
  return rows.map((row) => ({ ...row, revenue: round2(row.revenue) }));
}

/** Items by revenue, named as the shop names them today (the SKU when the product is gone). */
export async function itemSales(ctx: Ctx, game: string, r: AnalyticsRange) {
  const t = dailyItemSales;
  const revenue = floatSum(t.revenue);
  const name = sql<string>`coalesce(${shopProducts.name}, ${t.sku})`;
  const rows = await ctx.db
    .select({ sku: t.sku, name, quantity: intSum(t.quantity), revenue })
    .from(t)
    .leftJoin(shopProducts, and(eq(shopProducts.game, t.game), eq(shopProducts.sku, t.sku)))
    .where(and(eq(t.game, game), inRange(t.day, r)))
    .groupBy(t.sku, shopProducts.name)
    .orderBy(desc(revenue), t.sku)
    .limit(100);
  return rows.map((row) => ({ ...row, revenue: round2(row.revenue) }));
}

export async function salesByStoreType(ctx: Ctx, game: string | undefined, r: AnalyticsRange) {
  const t = dailySales;
  const revenue = floatSum(t.revenue);
  const rows = await ctx.db
    .select({ store_type: t.storeType, orders: intSum(t.orders), revenue })
    .from(t)
    .where(and(gameIs(t.game, game), inRange(t.day, r)))
    .groupBy(t.storeType)
    .orderBy(desc(revenue));
  return rows.map((row) => ({ ...row, revenue: round2(row.revenue) }));
}
