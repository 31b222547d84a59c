import type { AnalyticsRange } from '@portal/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dailyRegistrations as dailyRegistrationsTable } from '../../db/schema/index';
import { boundsOf, type Ctx, dailyValues, q, today } from './query';
import { monthStart } from './time';

/* Registrations per day, week and month, and the totals (all time, today, this month) of one game. */

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
