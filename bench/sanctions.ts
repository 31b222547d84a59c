/**
 * Sanctions at scale (issue #37), on PostgreSQL only:
 *   npm run bench:sanctions   (ROUNDS=5 LOGINS=100 USER_INFOS=200 CHECKS=1000 QUEUE_RUNS=30 to change the runs)
 *
 * 1. The check of sanctions in force on every sign-in: POST /login (password, verified player) and
 *    GET /api/user-info with a session, on a database with no sanctions and on one with 1,000,000 sanctions
 *    over 200,000 players (65 % lifted, 30 % expired, 5 % in force), for a player with none and for one with
 *    three expired and two lifted; then refusingSanction itself, called directly (what every sign-in and
 *    every OpenID token use runs), and the raw argon2 verification a password sign-in also pays.
 * 2. The report queue's first page, GET /api/admin/reports as an owner, over 1,000,000 reports of 50,000
 *    players (skewed: the most reported has thousands) with their reported_players ranking; target p95
 *    < 100 ms unfiltered. Filtered by a game and by a category too (no target).
 *
 * The two databases are the benchmark's own: DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/portal_sanctions) holds the million sanctions and reports, the same name
 * with `_empty` the same 250,000 players and no sanction. Both are created when missing and seeded set-based
 * (generate_series) the first time; later runs reuse them. Every measure runs ROUNDS times, the scenarios
 * in a rotating order within a round; a round gives its median and p95, and the table prints the median of
 * the rounds and their spread (min–max).
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client';
import { verifySecret } from '../apps/server/src/lib/hashing';
import { refusingSanction, sanctionsInForce } from '../apps/server/src/modules/standing';
import { createAdmin, createPlayer, FIXTURE_PASSWORD } from '../apps/server/test/fixtures';
import { countFromEnv } from './env';

const ROUNDS = countFromEnv('ROUNDS', 5);
const LOGINS = countFromEnv('LOGINS', 100);
const USER_INFOS = countFromEnv('USER_INFOS', 200);
const CHECKS = countFromEnv('CHECKS', 1000);
const VERIFIES = countFromEnv('VERIFIES', 20);
const QUEUE_RUNS = countFromEnv('QUEUE_RUNS', 30);

const PLAYERS = 250_000; // the pool: reported players, reporters and sanctioned players are drawn from it
const SANCTIONED = 200_000;
const SANCTIONS = 1_000_000;
const REPORTED = 50_000;
const REPORTS = 1_000_000;
const SEEDED_SANCTION = 'Bench sanction';
const MEASURED_SANCTION = 'Bench measured';
const SEEDED_REPORT = 'Bench report';

const fullUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_sanctions';
if (!process.env.DATABASE_URL) {
  try {
    execFileSync('bash', ['scripts/ensure-postgres.sh'], { stdio: 'inherit' });
  } catch {
    console.error(
      'No PostgreSQL at 127.0.0.1:5432: set DATABASE_URL (this benchmark does not run on PGlite).',
    );
    process.exit(1);
  }
}
const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.href;
};
const fullName = new URL(fullUrl).pathname.slice(1);
const emptyUrl = withDatabase(fullUrl, `${fullName}_empty`);

// ---------------------------------------------------------------------------------------------------------
// Databases and seeding
// ---------------------------------------------------------------------------------------------------------

async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  await admin.end();
}

const timed = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await fn();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
};

/**
 * The pool player n's id: derived (an MD5 with a version-4 UUID's version and variant), so sanctions and
 * reports name players without a join.
 */
const playerId = (n: string) =>
  `overlay(overlay(md5('sanctions-bench-' || ${n}) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * Seeds what `url` lacks, on one connection with triggers and foreign-key checks off (the rows are built
 * consistent): the player pool, and when `full` the million sanctions and the million reports with their
 * ranking. Refuses a database holding sanctions or reports it did not seed.
 */
async function seed(url: string, full: boolean): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const one = async (text: string, values?: unknown[]) => Number((await db.query(text, values)).rows[0]?.n);
  const foreign =
    (await one(
      `select count(*)::int as n from (select 1 from sanctions where note not like 'Bench %' limit 1) s`,
    )) +
    (await one(
      `select count(*)::int as n from (select 1 from player_reports where message is distinct from '${SEEDED_REPORT}' limit 1) r`,
    ));
  if (foreign > 0) {
    throw new Error(
      `${url} holds sanctions or reports this benchmark did not seed: point DATABASE_URL elsewhere`,
    );
  }
  await db.query('set session_replication_role = replica');
  const players = await one(`select count(*)::int as n from users where email like '%@sanctions.bench'`);
  if (players < PLAYERS) {
    await timed(`${PLAYERS} players`, () =>
      db.query(
        `insert into users (id, name, email, email_verified_at, created_at, updated_at)
         select ${playerId('n')}, 'Bench Player ' || n, 'bench' || n || '@sanctions.bench', at, at, at
         from (select n, now() - make_interval(secs => (hashint4(n) & 2147483647) % 63072000) as at
               from generate_series(1, $1::int) n) p
         on conflict do nothing`,
        [PLAYERS],
      ),
    );
  }
  const wantSanctions = full ? SANCTIONS : 0;
  const wantReports = full ? REPORTS : 0;
  const sanctions = await one('select count(*)::int as n from sanctions where note = $1', [SEEDED_SANCTION]);
  const reports = await one('select count(*)::int as n from player_reports');
  const ranked = await one('select count(*)::int as n from reported_players');
  const reseedSanctions = sanctions !== wantSanctions;
  const reseedReports = reseedSanctions || reports !== wantReports || reports > 0 !== ranked > 0;
  if (reseedSanctions)
    await db.query('truncate sanctions, sanction_appeals, player_reports, reported_players');
  else if (reseedReports) await db.query('truncate player_reports, reported_players');
  if (full && reseedSanctions) {
    // Per row: the player (about five each), its state (65 % lifted, 30 % expired, 4 % in force until a
    // date, 1 % permanent), scope, game, category and age (lifted and expired ones older than a month).
    await timed(`${SANCTIONS} sanctions`, () =>
      db.query(
        `with g as (
           select g, 1 + (hashint4(g) & 2147483647) % $2::int as u,
             (hashint4(g * 3 + 1) & 2147483647) % 100 as s,
             (hashint4(g * 5 + 2) & 2147483647) as h
           from generate_series(1, $1::int) g
         ), t as (
           select *, (array['account','account','account','game','game','game','game','purchases','purchases','chat'])[1 + h % 10] as scope,
             now() - make_interval(secs => case when s < 95 then 2678400 + h % 60480000 else h % 1728000 end) as at
           from g
         )
         insert into sanctions (user_id, scope, game, category, note, starts_at, expires_at, lifted_at, lift_reason, created_at)
         select ${playerId('u')}, scope,
           case when scope = 'game' then (array['caliber','talesrunner','yggdra'])[1 + (h / 10) % 3] end,
           (array['cheating','exploiting','offensive_name','verbal_abuse','scamming','spamming','payment_abuse','other'])[1 + (h / 30) % 8],
           '${SEEDED_SANCTION}', at,
           case when s < 65 then case when h % 5 = 0 then null else at + interval '7 days' end
                when s < 95 then at + make_interval(days => 1 + (h / 7) % 30)
                when s < 99 then now() + make_interval(days => 1 + (h / 7) % 60) end,
           case when s < 65 then at + make_interval(hours => 1 + (h / 11) % 100) end,
           case when s < 65 then 'Appeal upheld' end, at
         from t`,
        [SANCTIONS, SANCTIONED],
      ),
    );
  }
  if (full && reseedReports) {
    // Reported player 1 + floor(50,000 · x²) for a uniform x: the most reported has ~4,500 open reports, the
    // least ~10. 60 % from players (a reporter from the rest of the pool), 40 % from games; 85 % open.
    await timed(`${REPORTS} reports`, () =>
      db.query(
        `with g as (
           select g, 1 + floor($2::int * power((hashint4(g * 11 + 3) & 2147483647)::float8 / 2147483648, 2))::int as r,
             (hashint4(g * 13 + 4) & 2147483647) as h, (hashint4(g * 17 + 5) & 2147483647) as k
           from generate_series(1, $1::int) g
         )
         insert into player_reports (game, source, reporter_id, reported_id, category, message, context, status,
           resolved_at, resolution, created_at)
         select (array['caliber','caliber','caliber','caliber','caliber','talesrunner','talesrunner','talesrunner','yggdra','yggdra'])[1 + h % 10],
           case when k % 5 < 3 then 'player' else 'game' end,
           case when k % 5 < 3 then ${playerId(`(${REPORTED} + 1 + (k / 5) % ${PLAYERS - REPORTED})`)} end,
           ${playerId('r')},
           (array['cheating','cheating','cheating','exploiting','offensive_name','verbal_abuse','verbal_abuse','scamming','spamming','other'])[1 + (h / 10) % 10],
           '${SEEDED_REPORT}', case when k % 5 >= 3 then jsonb_build_object('match', g % 100000) end,
           case when (h / 100) % 100 < 85 then 'open' when (h / 100) % 100 < 95 then 'dismissed' else 'reviewed' end,
           case when (h / 100) % 100 >= 85 then at + interval '1 day' end,
           case when (h / 100) % 100 >= 85 then 'Bench' end, at
         from (select *, now() - make_interval(secs => k % 15552000) as at from g) g`,
        [REPORTS, REPORTED],
      ),
    );
    await timed('reported_players ranking', () =>
      db.query(`insert into reported_players (user_id, open_reports, newest_report_at)
        select reported_id, count(*), max(created_at) from player_reports where status = 'open' group by reported_id`),
    );
  }
  await db.query('set session_replication_role = origin');
  if (players < PLAYERS || reseedSanctions || reseedReports) {
    // As autovacuum would on a live database: statistics and the visibility map.
    await timed('vacuum analyze', () =>
      db.query('vacuum analyze users, sanctions, player_reports, reported_players'),
    );
  }
  await db.end();
}

// ---------------------------------------------------------------------------------------------------------
// Apps
// ---------------------------------------------------------------------------------------------------------

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0);
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  server.close();
  return port;
}

async function startApp(url: string) {
  const database: DatabaseHandle = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await database.migrate();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '10000000',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, database, base };
}

// ---------------------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------------------

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

interface Round {
  p50: number;
  p95: number;
}
/** Runs `fn` `n` times in a row: the round's median and p95 (ms). */
async function round(n: number, fn: () => Promise<void>): Promise<Round> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function request(base: string, path: string, init: RequestInit = {}): Promise<void> {
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
}

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(ms >= 10 ? 1 : 2));
const spread = (values: number[]) =>
  `${fmt(median(values))} (${fmt(Math.min(...values))}–${fmt(Math.max(...values))})`;
const signed = (ms: number) => `${ms >= 0 ? '+' : '−'}${fmt(Math.abs(ms))}`;
const signedSpread = (values: number[]) =>
  `${signed(median(values))} (${signed(Math.min(...values))} to ${signed(Math.max(...values))})`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

// ---------------------------------------------------------------------------------------------------------
// Run
// ---------------------------------------------------------------------------------------------------------

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
console.log(`bench:sanctions, commit ${commit}, load average ${load()} at start`);
console.log(`databases: ${new URL(fullUrl).pathname.slice(1)} (1M sanctions, 1M reports), ${fullName}_empty`);
await ensureDatabase(fullUrl);
await ensureDatabase(emptyUrl);
// Migrated first (seeding writes the tables), by a short-lived handle each.
for (const url of [fullUrl, emptyUrl]) {
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await handle.migrate();
  await handle.close();
}
console.log('seeding what is missing…');
await seed(emptyUrl, false);
await seed(fullUrl, true);

const empty = await startApp(emptyUrl);
const full = await startApp(fullUrl);
const counts = await full.database.query<{ sanctions: number; in_force: number; indexed: number }>(
  `select count(*)::int as sanctions,
     count(*) filter (where lifted_at is null and (expires_at is null or expires_at > now()))::int as in_force,
     count(*) filter (where lifted_at is null)::int as indexed
   from sanctions`,
);
console.log(
  `sanctions: ${counts[0]!.sanctions} rows, ${counts[0]!.in_force} in force, ${counts[0]!.indexed} not lifted (in sanctions_in_force_idx)`,
);

// The measured players: a fresh verified player in each database, and one with three expired sanctions and
// two lifted (the expired ones are in the partial index and are read, then filtered by their end).
const playerEmpty = await createPlayer(empty.app.ctx);
const playerNone = await createPlayer(full.app.ctx);
const playerExpired = await createPlayer(full.app.ctx);
await full.database.query(
  `insert into sanctions (user_id, scope, category, note, starts_at, expires_at, lifted_at, created_at)
   select $1, case when i % 2 = 0 then 'account' else 'game' end, 'cheating', '${MEASURED_SANCTION}', at,
     at + interval '7 days', case when i > 3 then at + interval '1 day' end, at
   from (select i, now() - make_interval(days => 30 * i) as at from generate_series(1, 5) i) s`,
  [playerExpired.user.id],
);

const scenarios = [
  { label: '0 sanctions', short: '0', app: empty, player: playerEmpty },
  { label: '1M sanctions, player has none', short: '1M, none', app: full, player: playerNone },
  {
    label: '1M sanctions, player has 3 expired + 2 lifted',
    short: '1M, 3 expired',
    app: full,
    player: playerExpired,
  },
] as const;
type Measure = 'login' | 'userInfo' | 'check';
const results = scenarios.map(() => ({
  login: [] as Round[],
  userInfo: [] as Round[],
  check: [] as Round[],
}));
const verifies: Round[] = [];

const measures: Record<Measure, (s: (typeof scenarios)[number], n?: number) => Promise<Round>> = {
  login: (s, n = LOGINS) =>
    round(n, () =>
      request(s.app.base, '/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: s.player.user.email, password: FIXTURE_PASSWORD }),
      }),
    ),
  userInfo: (s, n = USER_INFOS) =>
    round(n, () => request(s.app.base, '/api/user-info', { headers: s.player.auth })),
  check: (s, n = CHECKS) =>
    round(n, async () => {
      if (await refusingSanction(s.app.app.ctx, s.player.user.id, { game: null })) throw new Error('refused');
    }),
};

// Warm-up: connections, plans and caches (not counted).
for (const s of scenarios) {
  await measures.login(s, 5);
  await measures.userInfo(s, 50);
  await measures.check(s, 200);
}
const storedHash = (
  await full.database.query<{ password_hash: string }>('select password_hash from users where id = $1', [
    playerNone.user.id,
  ])
)[0]!.password_hash;

console.log(`\npart 1: ${ROUNDS} rounds; load average ${load()}`);
for (let r = 0; r < ROUNDS; r++) {
  for (const measure of ['login', 'userInfo', 'check'] as const) {
    for (let k = 0; k < scenarios.length; k++) {
      const i = (k + r) % scenarios.length; // a rotating order: no scenario always goes first
      results[i]![measure].push(await measures[measure](scenarios[i]!));
    }
  }
  verifies.push(
    await round(VERIFIES, async () => {
      if (!(await verifySecret(storedHash, FIXTURE_PASSWORD))) throw new Error('verify failed');
    }),
  );
  console.log(`  round ${r + 1} done, load average ${load()}`);
}

const row = (label: string, rounds: Round[]) =>
  console.log(
    label.padEnd(60),
    spread(rounds.map((x) => x.p50)).padStart(24),
    spread(rounds.map((x) => x.p95)).padStart(24),
  );
const header = (title: string) => {
  console.log(`\n${title}`);
  console.log(''.padEnd(60), 'median, ms'.padStart(24), 'p95, ms'.padStart(24));
};
const titles: Record<Measure, string> = {
  login: `POST /login (password, verified player), ${LOGINS} sign-ins per round`,
  userInfo: `GET /api/user-info with a session, ${USER_INFOS} requests per round`,
  check: `refusingSanction called directly, ${CHECKS} calls per round`,
};
for (const measure of ['login', 'userInfo', 'check'] as const) {
  header(`${titles[measure]}: median of ${ROUNDS} rounds (min–max)`);
  scenarios.forEach((s, i) => {
    row(s.label, results[i]![measure]);
  });
  for (const i of [1, 2]) {
    const d50 = results[i]![measure].map((x, r) => x.p50 - results[0]![measure][r]!.p50);
    const d95 = results[i]![measure].map((x, r) => x.p95 - results[0]![measure][r]!.p95);
    console.log(
      `  difference (${scenarios[i]!.short}) − (0), paired by round`.padEnd(60),
      signedSpread(d50).padStart(24),
      signedSpread(d95).padStart(24),
    );
  }
}
header(`argon2id verify alone (the hash every password sign-in pays), ${VERIFIES} per round`);
row('verifySecret', verifies);

// Part 2: the report queue as an owner.
const owner = await createAdmin(full.app.ctx, { role: 'owner' });
const queue: [string, string][] = [
  ['first page, unfiltered (target p95 < 100 ms)', '/api/admin/reports'],
  ['second page, unfiltered', '/api/admin/reports?page=2'],
  ['filtered by game: caliber (50 % of reports)', '/api/admin/reports?game=caliber'],
  ['filtered by game: yggdra (20 %)', '/api/admin/reports?game=yggdra'],
  ['filtered by category: cheating (30 %)', '/api/admin/reports?category=cheating'],
  ['filtered by category: spamming (10 %)', '/api/admin/reports?category=spamming'],
  ['filtered by game and category: yggdra, spamming', '/api/admin/reports?game=yggdra&category=spamming'],
];
const fetchQueue = (path: string) => request(full.base, path, { headers: owner.auth });
// Where the first page's time goes: its two costly reads, as reportQueue makes them (the open reports of
// the page's 50 players by category and game; their sanctions in force, one query per player at once on
// the pool), and the in-force read as one query for the 50.
const pageIds = (
  await full.database.query<{ user_id: string }>(
    'select user_id from reported_players order by open_reports desc, newest_report_at desc, user_id limit 50',
  )
).map((r) => r.user_id);
const parts: [string, () => Promise<unknown>][] = [
  [
    '  its open reports by category and game (one query)',
    () =>
      full.database.query(
        `select reported_id, category, game, count(*)::int as n from player_reports
         where status = 'open' and reported_id = any($1::uuid[]) group by 1, 2, 3`,
        [pageIds],
      ),
  ],
  [
    '  its sanctions in force, 50 queries (as today)',
    () => Promise.all(pageIds.map((id) => sanctionsInForce(full.app.ctx, new Date(), id))),
  ],
  [
    '  its sanctions in force, one query for the 50',
    () =>
      full.database.query(
        `select * from sanctions where user_id = any($1::uuid[]) and lifted_at is null
         and (expires_at is null or expires_at > now())`,
        [pageIds],
      ),
  ],
];
const steps: [string, () => Promise<unknown>][] = [
  ...queue.map(([label, path]): [string, () => Promise<unknown>] => [label, () => fetchQueue(path)]),
  ...parts,
];
const queueResults = steps.map(() => [] as Round[]);
const first = (await (await fetch(`${full.base}/api/admin/reports`, { headers: owner.auth })).json()) as {
  players: { open_reports: number }[];
};
const top = first.players.map((p) => p.open_reports);
console.log(
  `\npart 2: report queue, ${(await full.database.query<{ n: number }>('select count(*)::int as n from reported_players'))[0]!.n} ranked players; first page ${top.length} players with ${top[top.length - 1]}–${top[0]} open reports each; load average ${load()}`,
);
for (const [, fn] of steps) await round(3, async () => void (await fn()));
for (let r = 0; r < ROUNDS; r++) {
  for (let k = 0; k < steps.length; k++) {
    const i = (k + r) % steps.length;
    const fn = steps[i]![1];
    queueResults[i]!.push(await round(QUEUE_RUNS, async () => void (await fn())));
  }
  console.log(`  round ${r + 1} done, load average ${load()}`);
}
header(
  `GET /api/admin/reports as an owner, ${QUEUE_RUNS} requests per round: median of ${ROUNDS} rounds (min–max)`,
);
steps.forEach(([label], i) => {
  if (i === queue.length) console.log("the first page's reads, called directly:");
  row(label, queueResults[i]!);
});
const firstP95 = median(queueResults[0]!.map((x) => x.p95));
console.log(`\nfirst page p95 ${fmt(firstP95)} ms: target < 100 ms ${firstP95 < 100 ? 'met' : 'NOT met'}`);
console.log(`load average at the end ${load()}`);

await empty.app.close();
await full.app.close();
await empty.database.close();
await full.database.close();
process.exit(0);
