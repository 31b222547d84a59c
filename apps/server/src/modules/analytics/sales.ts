import type { AnalyticsRange } from '@portal/contract';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import {
  activityCounts,
  dailyItemSales,
  dailyRegistrations as dailyRegistrationsTable,
  dailySales,
} from '../../db/schema/index';
import { productNameOf } from '../shop';
import { type Ctx, countsOf, dailyCounts, floatSum, gameIs, inRange, intSum, round2 } from './query';
import { addDays, weekStart } from './time';

/* Buyers, revenue, lifetime value and item sales, from the sales rollups. */

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

/**
 * Every Monday from the range's first week (else the first week with data) to its last (else the last with
 * data), so a week without sales is a row of zeros rather than a gap.
 */
function weeksOf(r: AnalyticsRange, first?: string, last?: string): string[] {
  const lo = r.fromDate ? weekStart(r.fromDate) : first;
  const hi = r.toDate ? weekStart(r.toDate) : last;
  const weeks: string[] = [];
  if (!lo || !hi) return weeks;
  for (let week = lo; week <= hi; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

/** ISO year and week number of a Monday (the year of its Thursday). */
function isoWeek(monday: string): { year: number; week: number } {
  const thursday = new Date(`${addDays(monday, 3)}T00:00:00Z`);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  firstThursday.setUTCDate(4 - ((firstThursday.getUTCDay() + 6) % 7) + 3);
  return { year, week: 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / (7 * 86_400_000)) };
}

export async function weeklySalesPerYear(ctx: Ctx, game: string, r: AnalyticsRange) {
  const weekly = await weeklyRevenue(ctx, game, r);
  return weekly.map((row) => ({ ...isoWeek(row.week_start), orders: row.orders, revenue: row.revenue }));
}

/** Orders and net revenue per ISO week (Monday), weeks without sales as zeros. */
export async function weeklyRevenue(ctx: Ctx, game: string, r: AnalyticsRange) {
  const t = dailySales;
  const weekStarting = sql<string>`to_char(date_trunc('week', ${t.day}::timestamp), 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .select({ week_start: weekStarting, orders: intSum(t.orders), revenue: floatSum(t.revenue) })
    .from(t)
    .where(and(eq(t.game, game), inRange(t.day, r)))
    .groupBy(weekStarting)
    .orderBy(weekStarting);
  const byWeek = new Map(rows.map((row) => [row.week_start, row]));
  return weeksOf(r, rows[0]?.week_start, rows[rows.length - 1]?.week_start).map((week) => ({
    week_start: week,
    orders: byWeek.get(week)?.orders ?? 0,
    revenue: round2(byWeek.get(week)?.revenue ?? 0),
  }));
}

/** Items by revenue, named as the shop names them today (the SKU when the product is gone). */
export async function itemSales(ctx: Ctx, game: string, r: AnalyticsRange) {
  const t = dailyItemSales;
  const revenue = floatSum(t.revenue);
  const name = sql<string>`coalesce(${productNameOf(game, t.sku)}, ${t.sku})`;
  const rows = await ctx.db
    .select({ sku: t.sku, name, quantity: intSum(t.quantity), revenue })
    .from(t)
    .where(and(eq(t.game, game), inRange(t.day, r)))
    .groupBy(t.sku)
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
