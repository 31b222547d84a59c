import type { AnalyticsRange } from '@portal/contract';
import { and, gte, lte } from 'drizzle-orm';
import { activityCounts } from '../../db/schema/index';
import { type Ctx, countsOf, dailyCounts, pct, periodCounts } from './query';
import { monthStart } from './time';

/* Engagement, retention and churn, from the activity counts. */

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

/** The churn counts of one period, after its start. */
function churnOf(row: Awaited<ReturnType<typeof periodCounts>>[number]) {
  return {
    previous_active: row.prev,
    retained: row.retained,
    churned: row.prev - row.retained,
    churn_rate: pct(row.prev - row.retained, row.prev),
  };
}

/** Weekly churn: players active last week and not this week, over last week's players. */
export async function churnRate(ctx: Ctx, game: string, r: AnalyticsRange) {
  return (await periodCounts(ctx, game, 'play', 'week', r)).map((row) => ({
    week_start: row.start,
    ...churnOf(row),
  }));
}
/** Monthly (MAU-based) churn: last month's active players not active this month, over last month's MAU. */
export async function mauChurn(ctx: Ctx, game: string, r: AnalyticsRange) {
  return (await periodCounts(ctx, game, 'play', 'month', r)).map((row) => ({
    month_start: row.start,
    ...churnOf(row),
  }));
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
