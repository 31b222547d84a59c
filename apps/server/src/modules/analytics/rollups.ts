import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  activityCounts,
  activityFirstSeen,
  activitySets,
  ccuDailyPeaks,
  ccuSlots,
  dailyDownloads,
  dailyItemSales,
  dailySales,
  salesRecorded,
} from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { addExcluded, assign, columnNames, excluded, reportingZone } from './sql';
import { reportingDay } from './time';

/**
 * Incremental writers of the analytics rollups. They run inside the ingestion transaction (events) or
 * the order flow (sales), so the rollups are always exactly as current as the data they summarise.
 * Everything is set-based: one statement per kind of fact, whatever the batch size. Names inside a
 * statement (CTEs and their columns) are its own; tables and columns come from the schema.
 */

type Tx = Pick<Database, 'execute'>;
type Metric = (typeof activitySets.$inferSelect)['metric'];

/** Serialises rollup writers of one game: retention counts compare rows of concurrent batches. */
export async function lockGameRollups(tx: Tx, game: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727100, hashtext(${game}))`);
}

/**
 * Records that players were active ('play') or bought ('buy') on reporting days. Maintains the exact
 * distinct sets per day, ISO week and month, and their counters: users, retained (also in the previous
 * period, whatever order facts arrive in) and first-time users.
 */
export async function recordActivity(
  tx: Tx,
  metric: Metric,
  facts: { game: string; userId: string; day: string }[],
): Promise<void> {
  if (facts.length === 0) return;
  const input = JSON.stringify(facts.map((f) => ({ game: f.game, user_id: f.userId, day: f.day })));
  const sets = activitySets;
  const counts = activityCounts;
  const a = alias(activitySets, 'a');
  await tx.execute(sql`
    with input as (
      select distinct game, user_id, day from jsonb_to_recordset(${input}::jsonb) as x(game text, user_id uuid, day date)
    ),
    expanded as (
      select distinct i.game, i.user_id, p.period, p.start
      from input i
      cross join lateral (values
        ('day', i.day),
        ('week', date_trunc('week', i.day)::date),
        ('month', date_trunc('month', i.day)::date)
      ) as p(period, start)
    ),
    ins as (
      insert into ${sets} (${columnNames(sets.game, sets.metric, sets.period, sets.periodStart, sets.userId)})
      select game, ${metric}, period, start, user_id from expanded
      on conflict do nothing
      returning ${sets.game} as game, ${sets.period} as period, ${sets.periodStart} as period_start, ${sets.userId} as user_id
    ),
    stepped as (
      select game, period, period_start, user_id,
        (period_start - case period when 'day' then interval '1 day' when 'week' then interval '7 days' else interval '1 month' end)::date as prev_start,
        (period_start + case period when 'day' then interval '1 day' when 'week' then interval '7 days' else interval '1 month' end)::date as next_start
      from ins
    ),
    first_ins as (
      insert into ${activityFirstSeen} (${columnNames(activityFirstSeen.game, activityFirstSeen.metric, activityFirstSeen.userId, activityFirstSeen.firstDay)})
      select game, ${metric}, user_id, min(day) from input group by game, user_id
      on conflict do nothing
      returning ${activityFirstSeen.game} as game, ${activityFirstSeen.firstDay} as first_day
    ),
    effects as (
      select game, period, period_start, 1 as users, 0 as retained, 0 as first_time from stepped
      union all
      select s.game, s.period, s.period_start, 0, 1, 0 from stepped s
      where exists (select 1 from ${activitySets} ${a} where ${a.game} = s.game and ${a.metric} = ${metric}
                      and ${a.period} = s.period and ${a.periodStart} = s.prev_start and ${a.userId} = s.user_id)
         or exists (select 1 from stepped o where o.game = s.game and o.period = s.period
                      and o.period_start = s.prev_start and o.user_id = s.user_id)
      union all
      select s.game, s.period, s.next_start, 0, 1, 0 from stepped s
      where exists (select 1 from ${activitySets} ${a} where ${a.game} = s.game and ${a.metric} = ${metric}
                      and ${a.period} = s.period and ${a.periodStart} = s.next_start and ${a.userId} = s.user_id)
      union all
      select f.game, p.period, p.start, 0, 0, 1 from first_ins f
      cross join lateral (values
        ('day', f.first_day),
        ('week', date_trunc('week', f.first_day)::date),
        ('month', date_trunc('month', f.first_day)::date)
      ) as p(period, start)
    )
    insert into ${counts} (${columnNames(counts.game, counts.metric, counts.period, counts.periodStart, counts.users, counts.retained, counts.firstTime)})
    select game, ${metric}, period, period_start, sum(users)::int, sum(retained)::int, sum(first_time)::int
    from effects group by game, period, period_start
    on conflict (${columnNames(counts.game, counts.metric, counts.period, counts.periodStart)}) do update set
      ${addExcluded(counts.users, counts.retained, counts.firstTime)}
  `);
}

/** Adds sessions to the 5-minute concurrency samples and the daily peaks. */
export async function recordSessions(
  tx: Tx,
  sessions: { game: string; start: string; end: string }[],
): Promise<void> {
  if (sessions.length === 0) return;
  const input = JSON.stringify(sessions);
  await tx.execute(sql`
    with input as (
      select game, start, "end" from jsonb_to_recordset(${input}::jsonb) as x(game text, start timestamptz, "end" timestamptz)
    ),
    slots as (
      select game, slot, count(*)::int as users
      from input
      cross join lateral generate_series(
        to_timestamp(ceil(extract(epoch from start) / 300) * 300), "end" - interval '1 microsecond', interval '5 minutes'
      ) as slot
      group by game, slot
    ),
    up as (
      insert into ${ccuSlots} (${columnNames(ccuSlots.game, ccuSlots.slotStart, ccuSlots.users)})
      select game, slot, users from slots
      on conflict (${columnNames(ccuSlots.game, ccuSlots.slotStart)}) do update set ${addExcluded(ccuSlots.users)}
      returning ${ccuSlots.game} as game, ${ccuSlots.slotStart} as slot_start, ${ccuSlots.users} as users
    )
    insert into ${ccuDailyPeaks} (${columnNames(ccuDailyPeaks.game, ccuDailyPeaks.day, ccuDailyPeaks.peak)})
    select game, (slot_start at time zone ${reportingZone})::date, max(users) from up group by 1, 2
    on conflict (${columnNames(ccuDailyPeaks.game, ccuDailyPeaks.day)}) do update set
      ${assign(ccuDailyPeaks.peak, sql`greatest(${ccuDailyPeaks.peak}, ${excluded(ccuDailyPeaks.peak)})`)}
  `);
}

export async function recordDownloads(
  tx: Tx,
  downloads: { game: string; day: string; count: number }[],
): Promise<void> {
  if (downloads.length === 0) return;
  const input = JSON.stringify(downloads);
  await tx.execute(sql`
    insert into ${dailyDownloads} (${columnNames(dailyDownloads.game, dailyDownloads.day, dailyDownloads.downloads)})
    select game, day, sum(count)::int from jsonb_to_recordset(${input}::jsonb) as x(game text, day date, count int)
    group by game, day
    on conflict (${columnNames(dailyDownloads.game, dailyDownloads.day)}) do update set ${addExcluded(dailyDownloads.downloads)}
  `);
}

export interface SaleFact {
  /** Unique order id: recording the same order twice changes nothing. */
  orderId: string;
  game: string;
  userId: string;
  /** When the order succeeded. */
  at: Date;
  /** Store kind, e.g. 'webshop'. */
  storeType: string;
  lines: { sku: string; quantity: number; amount: number }[];
}

/** An order recorded by recordSales, as its refunds and chargebacks stand now. */
export interface RefundFact {
  orderId: string;
  game: string;
  /** When the order was paid: the day its revenue was counted on, and is taken off again. */
  at: Date;
  storeType: string;
  /** The order's lines as recordSales counted them (before any refund). */
  lines: { sku: string; quantity: number; amount: number }[];
  /** The order's amount, of which `refunded` was given back. */
  amount: number;
  /** All refunded parts so far (the whole amount when refunded or charged back). */
  refunded: number;
  /** Refunded in full or charged back: the order no longer counts at all. */
  voided: boolean;
}

const cents = (n: number) => Math.round(n * 100);

/**
 * The part of each line's amount that a refund of `refunded` (of an order of `amount`) gives back, in cents:
 * shared in proportion to the lines' amounts, the last line taking what rounding leaves, so the parts add up
 * to the refund exactly.
 */
export function refundShares(lines: { amount: number }[], amount: number, refunded: number): number[] {
  const total = lines.reduce((sum, l) => sum + cents(l.amount), 0);
  if (total === 0 || amount <= 0) return lines.map(() => 0);
  const back = Math.min(total, Math.round((cents(refunded) * total) / cents(amount)));
  let left = back;
  return lines.map((l, i) => {
    if (i === lines.length - 1) return left;
    const share = Math.floor((back * cents(l.amount)) / total);
    left -= share;
    return share;
  });
}

/**
 * Takes refunds and chargebacks off the sales rollups of the day each order was paid (net revenue, docs/
 * analytics.md): a partial refund lowers the revenue of the order's day and items by the part given back;
 * a full refund or a chargeback takes the order out (its count, quantities and what was left of its revenue).
 * Idempotent: `sales_recorded` keeps what was taken off each order, so only the difference is applied, and
 * a voided order is never touched again. Orders not recorded yet are skipped (recordSales counts them first).
 * Buyer counts are left as they are: the player did pay that day.
 */
export async function recordRefunds(ctx: ServiceContext, refunds: RefundFact[]): Promise<number> {
  if (refunds.length === 0) return 0;
  return ctx.transaction(async ({ db: tx }) => {
    const ids = JSON.stringify(refunds.map((r) => r.orderId));
    const recorded = rowsOf<{ order_id: string; refunded: string; voided: boolean }>(
      await tx.execute(sql`
        select ${salesRecorded.orderId} as order_id, ${salesRecorded.refunded} as refunded, ${salesRecorded.voided} as voided
        from ${salesRecorded}
        where ${salesRecorded.orderId} in (select x from jsonb_array_elements_text(${ids}::jsonb) as x)
        order by ${salesRecorded.orderId}
        for update`),
    );
    const before = new Map(recorded.map((r) => [r.order_id, r]));
    const lines: {
      game: string;
      at: string;
      store_type: string;
      sku: string;
      orders: number;
      quantity: number;
      amount: number;
    }[] = [];
    const applied: { order_id: string; refunded: number; voided: boolean }[] = [];
    for (const r of refunds) {
      const was = before.get(r.orderId);
      if (!was || was.voided) continue;
      const wasRefunded = Number(was.refunded);
      const refunded = Math.min(r.refunded, r.amount);
      if (!r.voided && cents(refunded) <= cents(wasRefunded)) continue;
      const old = refundShares(r.lines, r.amount, wasRefunded);
      const now = r.voided ? r.lines.map((l) => cents(l.amount)) : refundShares(r.lines, r.amount, refunded);
      r.lines.forEach((l, i) => {
        lines.push({
          game: r.game,
          at: r.at.toISOString(),
          store_type: r.storeType,
          sku: l.sku,
          orders: r.voided && i === 0 ? -1 : 0,
          quantity: r.voided ? -l.quantity : 0,
          amount: -(now[i]! - old[i]!) / 100,
        });
      });
      applied.push({ order_id: r.orderId, refunded: r.voided ? r.amount : refunded, voided: r.voided });
    }
    if (applied.length === 0) return 0;
    const items = dailyItemSales;
    await tx.execute(sql`
      with x as (
        select game, (at at time zone ${reportingZone})::date as day, store_type, sku, orders, quantity, amount
        from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as r(game text, at timestamptz, store_type text, sku text, orders int, quantity int, amount numeric)
      ),
      items as (
        insert into ${items} (${columnNames(items.game, items.day, items.sku, items.quantity, items.revenue)})
        select game, day, sku, sum(quantity)::int, sum(amount) from x group by game, day, sku
        on conflict (${columnNames(items.game, items.day, items.sku)}) do update set
          ${addExcluded(items.quantity, items.revenue)}
      )
      insert into ${dailySales} (${columnNames(dailySales.game, dailySales.day, dailySales.storeType, dailySales.orders, dailySales.revenue)})
      select game, day, store_type, sum(orders)::int, sum(amount) from x group by game, day, store_type
      on conflict (${columnNames(dailySales.game, dailySales.day, dailySales.storeType)}) do update set
        ${addExcluded(dailySales.orders, dailySales.revenue)}
    `);
    await tx.execute(sql`
      update ${salesRecorded} set ${assign(salesRecorded.refunded, sql`x.refunded`)}, ${assign(salesRecorded.voided, sql`x.voided`)}
      from jsonb_to_recordset(${JSON.stringify(applied)}::jsonb) as x(order_id text, refunded numeric, voided boolean)
      where ${salesRecorded.orderId} = x.order_id`);
    return applied.length;
  });
}

/**
 * Counts paid orders into the sales rollups, once per order id, at their whole amount (recordRefunds then
 * takes off what was given back). Exported for the orders module (call it when an order becomes SUCCESSFUL);
 * the bench seeder uses the same SQL set-based.
 */
export async function recordSales(ctx: ServiceContext, sales: SaleFact[]): Promise<number> {
  if (sales.length === 0) return 0;
  return ctx.transaction(async ({ db: tx }) => {
    const ids = rowsOf<{ order_id: string }>(
      await tx.execute(sql`
        insert into ${salesRecorded} (${columnNames(salesRecorded.orderId)})
        select x from jsonb_array_elements_text(${JSON.stringify(sales.map((s) => s.orderId))}::jsonb) as x
        on conflict do nothing returning ${salesRecorded.orderId} as order_id`),
    );
    const fresh = new Set(ids.map((r) => r.order_id));
    const todo = sales.filter((s) => fresh.has(s.orderId));
    if (todo.length === 0) return 0;
    const lines = todo.flatMap((s) =>
      s.lines.map((l) => ({
        order_id: s.orderId,
        game: s.game,
        at: s.at.toISOString(),
        store_type: s.storeType,
        sku: l.sku,
        quantity: l.quantity,
        amount: l.amount,
      })),
    );
    const input = JSON.stringify(lines);
    const items = dailyItemSales;
    await tx.execute(sql`
      with x as (
        select game, (at at time zone ${reportingZone})::date as day, store_type, order_id, sku, quantity, amount
        from jsonb_to_recordset(${input}::jsonb) as r(order_id text, game text, at timestamptz, store_type text, sku text, quantity int, amount numeric)
      ),
      items as (
        insert into ${items} (${columnNames(items.game, items.day, items.sku, items.quantity, items.revenue)})
        select game, day, sku, sum(quantity)::int, sum(amount) from x group by game, day, sku
        on conflict (${columnNames(items.game, items.day, items.sku)}) do update set
          ${addExcluded(items.quantity, items.revenue)}
      )
      insert into ${dailySales} (${columnNames(dailySales.game, dailySales.day, dailySales.storeType, dailySales.orders, dailySales.revenue)})
      select game, day, store_type, count(distinct order_id)::int, sum(amount) from x group by game, day, store_type
      on conflict (${columnNames(dailySales.game, dailySales.day, dailySales.storeType)}) do update set
        ${addExcluded(dailySales.orders, dailySales.revenue)}
    `);
    const byGame = new Map<string, SaleFact[]>();
    for (const s of todo) byGame.set(s.game, [...(byGame.get(s.game) ?? []), s]);
    for (const [game, list] of byGame) {
      await lockGameRollups(tx, `buy:${game}`);
      await recordActivity(
        tx,
        'buy',
        list.map((s) => ({ game, userId: s.userId, day: reportingDay(s.at) })),
      );
    }
    return todo.length;
  });
}
