import type { AnalyticsRange } from '@portal/contract';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import {
  activityCounts,
  dailyItemSales,
  dailyRegistrations as dailyRegistrationsTable,
  dailySales,
  shopProducts,
} from '../../db/schema/index';
import { type Ctx, countsOf, dailyCounts, floatSum, gameIs, inRange, intSum, round2 } from './query';

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
