import type { AnalyticsRange } from '@portal/contract';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { rowsOf } from '../../db/rows';
import {
  activityCounts,
  type dailyDownloads,
  type dailyRegistrations as dailyRegistrationsTable,
} from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { reportingDay } from './time';

/*
 * What every dashboard series shares: each reads only the rollup tables (daily registrations, downloads and
 * sales, activity counts, concurrency samples and peaks), whose size is days x games (x small dimensions),
 * never raw events. Unfiltered daily series run from the first to the last day with data; a range is filled
 * with zeros for days without data. Definitions: docs/analytics.md. One family of series per file beside it.
 */

export type Ctx = Pick<ServiceContext, 'db' | 'clock'>;
type Metric = (typeof activityCounts.$inferSelect)['metric'];
type Period = (typeof activityCounts.$inferSelect)['period'];

export async function q<T>(ctx: Ctx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await ctx.db.execute(query));
}
const d = (v?: string) => (v ? sql`${v}::date` : sql`null::date`);
export const round2 = (n: number) => Math.round(n * 100) / 100;
export const pct = (part: number, whole: number) => (whole > 0 ? round2((part / whole) * 100) : 0);
/** A sum of integers as an int (PostgreSQL sums them as bigint, which node-postgres answers as a string). */
export const intSum = (column: AnyPgColumn) => sql<number>`sum(${column})::int`.mapWith(Number);
export const floatSum = (column: AnyPgColumn) => sql<number>`sum(${column})::float8`.mapWith(Number);

export function today(ctx: Ctx): string {
  return reportingDay(ctx.clock.now());
}

/** Days lo..hi filled with `value` (a correlated subquery over day `g`). */
export function filledDays(bounds: SQL, value: SQL): SQL {
  return sql`with b as (${bounds})
    select to_char(g, 'YYYY-MM-DD') as day, (${value})::float8 as value
    from b, generate_series(b.lo, b.hi, interval '1 day') as g order by g`;
}

/** Rollups with one row per game and day. */
type DailyTable = typeof dailyRegistrationsTable | typeof dailyDownloads;

/** The range's ends, or else the first and last day with data of the game. */
export function boundsOf(table: DailyTable, game: string, r: AnalyticsRange): SQL {
  return sql`select coalesce(${d(r.fromDate)}, min(${table.day})) as lo, coalesce(${d(r.toDate)}, max(${table.day})) as hi
    from ${table} where ${eq(table.game, game)}`;
}

export async function dailyValues(ctx: Ctx, bounds: SQL, value: SQL) {
  const rows = await q<{ day: string; value: number }>(ctx, filledDays(bounds, value));
  return rows.map((row) => ({ day: row.day, value: Number(row.value) }));
}

/** Days within the range (each end optional); undefined when unbounded. */
export function inRange(day: AnyPgColumn, r: AnalyticsRange): SQL | undefined {
  return and(r.fromDate ? gte(day, r.fromDate) : undefined, r.toDate ? lte(day, r.toDate) : undefined);
}
/** One game, or all games when none is given. */
export const gameIs = (column: AnyPgColumn, game?: string) => (game ? eq(column, game) : undefined);

export const countsOf = (game: string, metric: Metric, period: Period) =>
  and(eq(activityCounts.game, game), eq(activityCounts.metric, metric), eq(activityCounts.period, period));

export async function dailyCounts(ctx: Ctx, game: string, metric: Metric, r: AnalyticsRange) {
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

export async function periodCounts(
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
