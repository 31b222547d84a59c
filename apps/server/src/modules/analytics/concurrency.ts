import type { AnalyticsRange } from '@portal/contract';
import { and, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ccuDailyPeaks, ccuSlots } from '../../db/schema/index';
import { type Ctx, dailyCounts, filledDays, inRange, q, round2, today } from './query';
import { reportingZone } from './sql';
import { addDays } from './time';

/* Concurrent players: peaks per hour today, per day, per month, beside daily active users. */

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
