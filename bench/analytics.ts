/**
 * npm run bench:analytics [-- --sessions N --orders N --players N --days N --runs N --reseed --only TEXT]
 *
 * Against a real PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/portal_scale,
 * created if missing): generates the data set when empty (20 million sessions and 1 million orders over
 * two years by default; players too when none exist), then prints per analytics endpoint the p50 and
 * p95 of the real app over HTTP on loopback (admin token, unfiltered = the whole two years) and the ratio
 * against computing the same series straight from the raw tables.
 */
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { issueSession } from '../apps/server/src/lib/sessions';
import { seedActivity } from './seed/activity';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const flag = (name: string) => process.argv.includes(`--${name}`);

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_scale';
const runs = arg('runs', 30);
const TZ = "'Asia/Manila'";

async function ensureDatabase() {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (rows.length === 0) await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  await admin.end();
}

await ensureDatabase();
const database = await openDatabase({ databaseUrl: url, dataDir: '' });
await database.migrate();
const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent' });
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** GET over one kept-alive connection; the body is read whole and its size returned. */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const count = async (sql: string) => Number((await database.query<{ n: number }>(sql))[0]?.n ?? 0);

if (
  flag('reseed') ||
  // Seeds when the rollups are empty: a run interrupted half-way resumes (every step is idempotent).
  (await count('select count(*)::int as n from activity_counts')) === 0
) {
  if ((await count('select count(*)::int as n from user_games')) === 0) {
    const players = arg('players', 200_000);
    console.log(
      `Generating ${players.toLocaleString()} players (none found; bench/seed-scale.ts makes the full set)`,
    );
    await database.query(
      `insert into users (id, name, email, created_at, updated_at)
      select gen_random_uuid(), 'Bench Player ' || g, 'bench' || g || '@scale.test', t, t
      from generate_series(1, $1::int) g, lateral (select now() - random() * interval '730 days' as t where g is not null) x`,
      [players],
    );
    await database.query(`insert into user_profiles (user_id, birthdate)
      select id, date '1970-01-01' + (random() * 14000)::int from users where email like 'bench%@scale.test'`);
    await database.query(`insert into user_addresses (user_id, country)
      select id, (array['Philippines','Singapore','Malaysia','Indonesia','Thailand',null])[1 + floor(random() * 6)::int]
      from users where email like 'bench%@scale.test'`);
    await database.query(`insert into user_games (user_id, game, referral_code, created_at, updated_at)
      select id, g, case when random() < 0.1 then 'REF' || floor(random() * 50)::int end, created_at, created_at
      from users u, unnest(array['caliber', 'talesrunner', 'yggdra']) g
      where u.email like 'bench%@scale.test' and random() < 0.6`);
  }
  const started = performance.now();
  await seedActivity(database, {
    sessions: arg('sessions', 20_000_000),
    orders: arg('orders', 1_000_000),
    days: arg('days', 730),
  });
  console.log(`Data set generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const sizes = await database.query<{ t: string; n: number }>(`
  select 'sessions' as t, count(*)::int as n from game_events where type = 'session'
  union all select 'orders', count(*)::int from orders
  union all select 'user_games', count(*)::int from user_games
  union all select 'activity_sets', count(*)::int from activity_sets
  union all select 'ccu_slots', count(*)::int from ccu_slots`);
console.log(sizes.map((s) => `${s.t}: ${Number(s.n).toLocaleString()}`).join(', '));

const [admin] = await database.query<{ id: string }>(
  `insert into admins (name, email, password_hash) values ('Bench', 'bench-admin@scale.test', 'x')
   on conflict do nothing returning id`,
);
const adminId =
  admin?.id ??
  (await database.query<{ id: string }>("select id from admins where email = 'bench-admin@scale.test'"))[0]!
    .id;
const token = await issueSession({ db: database.db, clock: { now: () => new Date() } }, 'admin', adminId);

/** The same series straight from the raw tables, for the ratio. */
const RAW: Record<string, string> = {
  '/api/caliber-daily-registration-count': `select (created_at at time zone ${TZ})::date d, count(*) from user_games where game = 'caliber' group by 1 order by 1`,
  '/api/caliber-total-count': `select count(*) from user_games where game = 'caliber'`,
  '/api/weekly-registration-count/caliber': `select date_trunc('week', (created_at at time zone ${TZ})) w, count(*) from user_games where game = 'caliber' group by 1 order by 1`,
  '/api/age-distribution': `select extract(year from age((ug.created_at at time zone ${TZ})::date, p.birthdate)) a, count(*) from user_games ug join user_profiles p on p.user_id = ug.user_id group by 1 order by 1`,
  '/api/country-distribution': `select coalesce(a.country, 'Unknown'), count(*) from user_games ug left join user_addresses a on a.user_id = ug.user_id group by 1`,
  '/api/daily-referralCodes?game=caliber': `select (created_at at time zone ${TZ})::date, referral_code, count(*) from user_games where game = 'caliber' and referral_code is not null group by 1, 2 order by 1, 2`,
  '/api/daily-active-users': `select d, count(distinct user_id) from (select user_id, (occurred_at at time zone ${TZ})::date d from game_events where game = 'caliber' and type in ('session','level') union all select user_id, (ended_at at time zone ${TZ})::date from game_events where game = 'caliber' and type = 'session') x group by d order by d`,
  '/api/game-downloads': `select (occurred_at at time zone ${TZ})::date, sum(count) from game_events where game = 'caliber' and type = 'download' group by 1 order by 1`,
  '/api/getMauBasedChurnReport': `select date_trunc('month', occurred_at at time zone ${TZ}) m, count(distinct user_id) from game_events where game = 'caliber' and type = 'session' group by 1`,
  '/api/getMonthlyCCU': `select s, count(*) from game_events e cross join lateral generate_series(to_timestamp(ceil(extract(epoch from e.occurred_at)/300)*300), e.ended_at - interval '1 microsecond', interval '5 minutes') s where e.game = 'caliber' and e.type = 'session' and e.occurred_at > now() - interval '30 days' group by 1`,
  '/api/sales/byStoreType': `select game, count(*), sum(amount) from orders where status = 'SUCCESSFUL' group by 1`,
  '/api/getWeeklyRevenue': `select date_trunc('week', paid_at at time zone ${TZ}), sum(amount) from orders where status = 'SUCCESSFUL' and game = 'yggdra' group by 1 order by 1`,
  '/api/getItemSales': `select i.sku, sum(i.quantity), sum(i.quantity * i.unit_price) from orders o join order_items i on i.order_id = o.id where o.status = 'SUCCESSFUL' and o.game = 'yggdra' group by 1`,
};

const ENDPOINTS = [
  '/api/caliber-daily-registration-count',
  '/api/yggdra-daily-registration-count',
  '/api/caliber-total-count',
  '/api/caliber-total-count-today',
  '/api/caliber-total-count-this-month',
  '/api/weekly-registration-count/caliber',
  '/api/registrations/weekly/caliber',
  '/api/monthly-registrations/caliber',
  '/api/age-distribution/caliber',
  '/api/age-distribution',
  '/api/country-distribution',
  // Per game, as the dashboards ask for it (all games over two years is ~36,000 rows).
  '/api/daily-referralCodes?game=caliber',
  '/api/total-caliber-referral',
  '/api/daily-active-users',
  '/api/tr-daily-active-users',
  '/api/game-downloads',
  '/api/weekly-users-per-day/caliber',
  '/api/monthly-users-per-day/caliber',
  '/api/getCcuAndActiveUsers',
  '/api/getCCUDataToday',
  '/api/getCCUDataWeekly',
  '/api/getStickinessReport',
  '/api/getMonthlyCCU',
  '/api/getChurnRateReport',
  '/api/getMauBasedChurnReport',
  '/api/getWeeklyRetention/caliber',
  '/api/getReturningUsersRetention/caliber',
  '/api/getDailyActiveRetention/caliber',
  '/api/getPurchaseRetention',
  '/api/calculateLTV',
  '/api/buyingUsersList',
  '/api/getWeeklySalesPerYear',
  '/api/getItemSales',
  '/api/getNewBuyingUsers',
  '/api/getReturningBuyingUsers',
  '/api/getWeeklyRevenue',
  '/api/sales/byStoreType',
];

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

console.log(
  `\n${'endpoint'.padEnd(42)} ${'first ms'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'raw ms'.padStart(9)} ${'ratio'.padStart(7)}`,
);
let over = 0;
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1]! : '';
const chosen = ENDPOINTS.filter((path) => path.includes(only));
for (const path of chosen) {
  const times: number[] = [];
  // The first request of a fresh process: registration series are built here and reused after (reply-cache.ts).
  let first = 0;
  for (let i = 0; i < runs + 2; i++) {
    const started = performance.now();
    const res = await get(path, { authorization: `Bearer ${token}` });
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`${path}: answered ${res.status}`);
    if (i === 0) first = ms;
    if (i >= 2) times.push(ms);
  }
  const p50 = pct(times, 50);
  const p95 = pct(times, 95);
  if (p95 >= 50) over++;
  let raw = '—';
  let ratio = '—';
  if (RAW[path]) {
    const rawTimes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await database.query(RAW[path]!);
      rawTimes.push(performance.now() - started);
    }
    const rawMs = pct(rawTimes, 50);
    raw = rawMs.toFixed(0);
    ratio = `${(rawMs / p50).toFixed(0)}x`;
  }
  console.log(
    `${path.padEnd(42)} ${first.toFixed(1).padStart(9)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${raw.padStart(9)} ${ratio.padStart(7)}`,
  );
}
console.log(
  `\n${chosen.length - over} of ${chosen.length} endpoints under the 50 ms p95 target (${runs} runs each after two warm-ups; first = the very first request; ratio = raw p50 / endpoint p50).`,
);
agent.destroy();
await app.close();
await database.close();
