/**
 * Game activity and orders at scale, generated set-based in PostgreSQL, then the analytics rollups built
 * from them set-based (the same definitions as the incremental writers of modules/analytics/rollups.ts).
 *
 *   seedActivity(database, { sessions: 20_000_000, orders: 1_000_000, days: 730 })
 *
 * Needs players in user_games first (bench/seed-scale.ts generates them; bench/analytics.ts makes a few
 * itself when there are none). Sessions go to caliber and talesrunner players, orders to yggdra and
 * talesrunner players. Idempotent per event id: running it again on the same database adds nothing.
 */

import { REPORTING_TIME_ZONE } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { loadConfig } from '../../apps/server/src/config';
import type { DatabaseHandle } from '../../apps/server/src/db/client';
import { orders } from '../../apps/server/src/db/schema/index';
import { rebuildRegistrationRollups } from '../../apps/server/src/modules/analytics/registration-rollup';
import { netOrderAmount } from '../../apps/server/src/modules/orders/net-amount';
import { toolContext } from '../../apps/server/src/runtime';

export interface ActivityOptions {
  sessions?: number;
  orders?: number;
  days?: number;
  /** Last day of the window (default: now). */
  end?: Date;
  /** Rows per insert statement. */
  chunk?: number;
  log?: (line: string) => void;
}

const TZ = `'${REPORTING_TIME_ZONE}'`;

export async function seedActivity(database: DatabaseHandle, options: ActivityOptions = {}) {
  const sessions = options.sessions ?? 20_000_000;
  const orders = options.orders ?? 1_000_000;
  const days = options.days ?? 730;
  const end = (options.end ?? new Date()).toISOString();
  const chunk = options.chunk ?? 1_000_000;
  const log = options.log ?? ((line: string) => console.log(line));
  const q = <T = Record<string, unknown>>(text: string, values?: unknown[]) =>
    database.query<T>(text, values);
  const timed = async (label: string, fn: () => Promise<unknown>) => {
    const started = performance.now();
    await fn();
    const seconds = (performance.now() - started) / 1000;
    log(`  ${label}: ${seconds.toFixed(1)} s`);
    return seconds;
  };
  const figures: Record<string, number> = {};

  await q('drop table if exists bench_players');
  await q(`create unlogged table bench_players as
    select row_number() over (order by user_id, game) as n, user_id, game from user_games where game in ('caliber', 'talesrunner')`);
  await q('drop table if exists bench_buyers');
  await q(`create unlogged table bench_buyers as
    select row_number() over (order by user_id, game) as n, user_id, game from user_games where game in ('yggdra', 'talesrunner')`);
  const [players] = await q<{ n: number }>('select count(*)::int as n from bench_players');
  const [buyers] = await q<{ n: number }>('select count(*)::int as n from bench_buyers');
  const playerCount = Number(players?.n ?? 0);
  const buyerCount = Number(buyers?.n ?? 0);
  if (playerCount === 0) throw new Error('No caliber or talesrunner players: generate players first.');
  log(
    `seedActivity: ${sessions.toLocaleString()} sessions over ${playerCount.toLocaleString()} player-games, ${orders.toLocaleString()} orders, ${days} days`,
  );

  // Sessions: start spread over the window with an evening peak, 5 to 125 minutes long.
  figures.sessions_s = await timed('sessions', async () => {
    for (let from = 1; from <= sessions; from += chunk) {
      const to = Math.min(sessions, from + chunk - 1);
      // Resumable: a chunk whose last session exists was done by an earlier run.
      const done = await q(
        `select 1 from game_events where game in ('caliber', 'talesrunner') and event_id = $1`,
        [`bench-s-${to}`],
      );
      if (done.length > 0) continue;
      await q(
        `insert into game_events (game, event_id, type, user_id, occurred_at, ended_at, received_at)
        select p.game, 'bench-s-' || g, 'session', p.user_id, s.start, s.start + s.len, s.start + s.len
        from generate_series($1::bigint, $2::bigint) as g
        cross join lateral (select
            $3::timestamptz - (floor(random() * $4) || ' days')::interval
              - ((((random() + random() + random()) / 3 * 24 + 8)::numeric % 24) * interval '1 hour') as start,
            ((5 + floor(random() * 120)) || ' minutes')::interval as len
          -- referencing g makes the lateral run per row (otherwise random() is evaluated once)
          where g is not null) s
        join bench_players p on p.n = 1 + ((g * 2654435761) % $5)
        on conflict do nothing`,
        [from, to, end, days, playerCount],
      );
      log(`    ${to.toLocaleString()} sessions`);
    }
  });
  // Level-ups (one per 20 sessions) and downloads (one event per game and day).
  await timed('levels and downloads', async () => {
    await q(
      `insert into game_events (game, event_id, type, user_id, occurred_at, level, received_at)
      select e.game, 'bench-l-' || substr(e.event_id, 9), 'level', e.user_id, e.ended_at, 1 + (abs(hashtext(e.event_id)) % 60), e.ended_at
      from game_events e where e.type = 'session' and e.event_id like 'bench-s-%' and abs(hashtext(e.event_id)) % 20 = 0
      on conflict do nothing`,
    );
    await q(
      `insert into game_events (game, event_id, type, occurred_at, count, received_at)
      select g.game, 'bench-d-' || g.game || '-' || d, 'download', $1::timestamptz - (d || ' days')::interval,
        50 + floor(random() * 500)::int, now()
      from unnest(array['caliber', 'talesrunner', 'yggdra']) as g(game), generate_series(0, $2::int - 1) as d
      on conflict do nothing`,
      [end, days],
    );
  });

  // Orders: one line each, 90% paid; bench products per shop game.
  if (orders > 0 && buyerCount > 0) {
    figures.orders_s = await timed('orders', async () => {
      await q(`insert into shop_products (game, sku, name, price, available)
        select g, 'bench-' || g || '-' || i, 'Bench item ' || i, (49 + i * 25)::numeric, 1000000
        from unnest(array['yggdra', 'talesrunner']) as g, generate_series(1, 20) as i
        on conflict do nothing`);
      await q('drop table if exists bench_products');
      await q(`create unlogged table bench_products as
        select game, row_number() over (partition by game order by sku) as n, id, sku, name, price
        from shop_products where sku like 'bench-%'`);
      for (let from = 1; from <= orders; from += chunk) {
        const to = Math.min(orders, from + chunk - 1);
        if ((await q('select 1 from orders where txnid = $1', [`bench-${to}`])).length > 0) continue;
        await q(
          `with src as (
            select g, b.user_id, b.game, pr.id as product_id, pr.sku, pr.name, pr.price,
              1 + (g % 3)::int as qty, g % 10 <> 0 as paid,
              $3::timestamptz - (random() * $4 * interval '1 day') as at
            from generate_series($1::bigint, $2::bigint) as g
            join bench_buyers b on b.n = 1 + ((g * 2246822519) % $5)
            join bench_products pr on pr.game = b.game and pr.n = 1 + (g % 20)
          ),
          ins as (
            insert into orders (txnid, user_id, game, status, amount, currency, provider, stock_state,
              reserved_until, created_at, updated_at, paid_at)
            select 'bench-' || g, user_id, game, case when paid then 'SUCCESSFUL' else 'FAILED' end, price * qty, 'PHP',
              'sandbox', case when paid then 'committed' else 'released' end, at + interval '30 minutes', at, at,
              case when paid then at + interval '1 minute' end
            from src on conflict do nothing
            returning id, txnid
          )
          insert into order_items (order_id, product_id, sku, name, quantity, unit_price)
          select ins.id, s.product_id, s.sku, s.name, s.qty, s.price from ins join src s on ins.txnid = 'bench-' || s.g`,
          [from, to, end, days, buyerCount],
        );
        log(`    ${to.toLocaleString()} orders`);
      }
    });
  }

  figures.rollups_s = await timed('rollups from raw data', () => rebuildAnalyticsRollups(database));
  figures.registration_rollups_s = await timed('registration rollups', () =>
    rebuildRegistrationRollups(toolContext(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database)),
  );
  await q('drop table if exists bench_players');
  await q('drop table if exists bench_buyers');
  await q('drop table if exists bench_products');
  return figures;
}

/**
 * Rebuilds every event and sales rollup from game_events and paid orders, set-based. Used after bulk
 * loads; the running portal maintains the same tables incrementally.
 */
/** Orders whose payment was taken: kept (SUCCESSFUL), or given back since (net of it, docs/analytics.md). */
const PAID = `status in ('SUCCESSFUL', 'REFUNDED', 'CHARGEBACK') and paid_at is not null`;

export async function rebuildAnalyticsRollups(database: DatabaseHandle): Promise<void> {
  const q = (text: string) => database.query(text);
  await q(`truncate activity_sets, activity_counts, activity_first_seen, ccu_slots, ccu_daily_peaks,
    daily_downloads, daily_sales, daily_item_sales, sales_recorded`);
  await q(`insert into activity_sets (game, metric, period, period_start, user_id)
    select distinct game, 'play', 'day', d, user_id from (
      select game, user_id, (occurred_at at time zone ${TZ})::date as d from game_events where type in ('session', 'level')
      union all
      select game, user_id, (ended_at at time zone ${TZ})::date from game_events where type = 'session'
    ) x`);
  await q(
    `insert into sales_recorded (order_id, refunded, voided)
    select id::text, coalesce(refunded_amount, 0), status <> 'SUCCESSFUL' from orders where ${PAID}`,
  );
  await q(`insert into activity_sets (game, metric, period, period_start, user_id)
    select distinct game, 'buy', 'day', (paid_at at time zone ${TZ})::date, user_id
    from orders where ${PAID}`);
  await q(`insert into activity_sets (game, metric, period, period_start, user_id)
    select distinct game, metric, p.period, p.start, user_id from activity_sets s
    cross join lateral (values ('week', date_trunc('week', s.period_start)::date), ('month', date_trunc('month', s.period_start)::date)) as p(period, start)
    where s.period = 'day'`);
  await q('analyze activity_sets');
  await q(`insert into activity_counts (game, metric, period, period_start, users, retained, first_time)
    select s.game, s.metric, s.period, s.period_start, count(*)::int, count(p.user_id)::int, 0
    from activity_sets s
    left join activity_sets p on p.game = s.game and p.metric = s.metric and p.period = s.period and p.user_id = s.user_id
      and p.period_start = (s.period_start - case s.period when 'day' then interval '1 day' when 'week' then interval '7 days' else interval '1 month' end)::date
    group by s.game, s.metric, s.period, s.period_start`);
  await q(`insert into activity_first_seen (game, metric, user_id, first_day)
    select game, metric, user_id, min(period_start) from activity_sets where period = 'day' group by game, metric, user_id`);
  await q(`insert into activity_counts (game, metric, period, period_start, first_time)
    select game, metric, p.period, p.start, count(*)::int from activity_first_seen f
    cross join lateral (values ('day', f.first_day), ('week', date_trunc('week', f.first_day)::date), ('month', date_trunc('month', f.first_day)::date)) as p(period, start)
    group by game, metric, p.period, p.start
    on conflict (game, metric, period, period_start) do update set first_time = excluded.first_time`);
  // Concurrency by a sweep: +1 at the first sample of a session, -1 at the first sample after it.
  await q(`insert into ccu_slots (game, slot_start, users)
    with deltas as (
      select game, to_timestamp(ceil(extract(epoch from occurred_at) / 300) * 300) as t, 1 as d from game_events where type = 'session'
      union all
      select game, to_timestamp(ceil(extract(epoch from ended_at) / 300) * 300), -1 from game_events where type = 'session'
    ),
    agg as (select game, t, sum(d) as d from deltas group by game, t),
    run as (select game, t, sum(d) over (partition by game order by t) as users, lead(t) over (partition by game order by t) as next_t from agg)
    select game, s, users::int from run
    cross join lateral generate_series(t, next_t - interval '5 minutes', interval '5 minutes') as s
    where users > 0 and next_t is not null`);
  await q(`insert into ccu_daily_peaks (game, day, peak)
    select game, (slot_start at time zone ${TZ})::date, max(users) from ccu_slots group by 1, 2`);
  await q(`insert into daily_downloads (game, day, downloads)
    select game, (occurred_at at time zone ${TZ})::date, sum(count)::int from game_events where type = 'download' group by 1, 2`);
  // Revenue by the portal's own definition of an order's net amount (netOrderAmount), not a copy of it.
  const o = alias(orders, 'o');
  const zone = sql.raw(TZ);
  await database.db.execute(sql`insert into daily_sales (game, day, store_type, orders, revenue)
    select game, (paid_at at time zone ${zone})::date,
      case game when 'talesrunner' then 'Tales Runner Webshop' else 'Yggdra Webshop' end,
      count(*) filter (where status = 'SUCCESSFUL')::int, coalesce(sum(${netOrderAmount()}), 0)
    from orders where ${sql.raw(PAID)} group by 1, 2, 3`);
  await database.db.execute(sql`insert into daily_item_sales (game, day, sku, quantity, revenue)
    select o.game, (o.paid_at at time zone ${zone})::date, i.sku,
      coalesce(sum(i.quantity) filter (where o.status = 'SUCCESSFUL'), 0)::int,
      coalesce(sum(round(i.quantity * i.unit_price * ${netOrderAmount(o)} / o.amount, 2))
        filter (where o.status = 'SUCCESSFUL'), 0)
    from orders o join order_items i on i.order_id = o.id where ${sql.raw(PAID)} group by 1, 2, 3`);
  await q('vacuum analyze');
}
