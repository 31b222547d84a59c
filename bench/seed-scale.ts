/**
 * npm run seed:scale -- --players 1000000 [--no-activity] [--sessions N --orders N]
 *
 * Generates realistic players straight in SQL (generate_series, set-based, in chunks) into the PostgreSQL
 * at DATABASE_URL: names, emails, phones, countries, genders, birthdates, game registrations (Caliber
 * levels and last sessions, Yggdra, Tales Runner), referral codes and registrations that used them,
 * spread over two years. The admin search documents are built in one pass at the end. Then, when
 * bench/seed/activity.ts exists, game sessions and orders are added by the analytics seeder.
 * The embedded PGlite is refused above 20,000 players (one connection, WASM: too slow to be useful).
 */
import { existsSync } from 'node:fs';
import { openDatabase } from '../apps/server/src/db/client';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const players = arg('players', 1_000_000);
const chunk = arg('chunk', 200_000);
const url = process.env.DATABASE_URL;
if (!Number.isInteger(players) || players < 1) throw new Error('--players must be a positive whole number');
if (!url && players > 20_000) {
  console.error(
    'Refusing to generate more than 20,000 players in the embedded PGlite: set DATABASE_URL to a PostgreSQL server.',
  );
  process.exit(1);
}

const database = await openDatabase({
  databaseUrl: url,
  dataDir: `${process.env.DATA_DIR ?? './data'}/pglite`,
});
await database.migrate();
const q = (text: string, values?: unknown[]) => database.query(text, values);
const timed = async (label: string, fn: () => Promise<unknown>) => {
  const started = performance.now();
  await fn();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

const existingRows = (await q('select count(*)::int as n from users')) as { n: number }[];
const offset = Number(existingRows[0]?.n ?? 0);
console.log(`players already present: ${offset}; adding ${players}`);

// Bulk load without per-statement search refreshes; the documents are rebuilt once at the end.
if (database.kind === 'postgres') await q('set session_replication_role = replica').catch(() => undefined);

const FIRST = `array['Ana','Ben','Carla','Dan','Eve','Finn','Gia','Hugo','Ivy','Jose','Kai','Lea','Marco','Nina','Oscar','Paula','Quinn','Rico','Sofia','Tomas','Uma','Victor','Wen','Xian','Yuki','Zara']`;
const LAST = `array['Santos','Cruz','Reyes','Lim','Tan','Garcia','Mendoza','Bautista','Ocampo','Aquino','Ramos','Villanueva','Chua','Sy','Go','Torres','Flores','Rivera','Navarro','Castillo']`;
const COUNTRIES = `array['Philippines','Philippines','Philippines','Philippines','Singapore','Malaysia','Indonesia','Thailand','Vietnam','Japan','United States',null]`;
const GENDERS = `array['male','female','male','female','non-binary','prefer-not-to-say']`;

for (let start = 0; start < players; start += chunk) {
  const size = Math.min(chunk, players - start);
  const from = offset + start + 1;
  const to = offset + start + size;
  await timed(`players ${from}-${to}`, async () => {
    await q('drop table if exists scale_batch');
    await q(
      `create unlogged table scale_batch as
       select n, gen_random_uuid() as id,
         now() - ((hashint4(n) & 1023)::float / 1024 * 730 || ' days')::interval - (n % 86400 || ' seconds')::interval as created_at
       from generate_series($1::int, $2::int) n`,
      [from, to],
    );
    await q(`insert into users (id, name, email, email_verified_at, password_hash, phone_number, time_zone, referral_code, created_at, updated_at)
      select id, (${FIRST})[1 + n % 26] || ' ' || (${LAST})[1 + (n / 26) % 20] || ' ' || n,
        'player' || n || '@scale.test', created_at, null, '09' || lpad((n::bigint * 7919 % 1000000000)::text, 9, '0'), 'Asia/Manila',
        case when n % 7 = 0 then 'REF' || (n % 5000) end, created_at, created_at
      from scale_batch`);
    await q(`insert into user_profiles (user_id, gender, birthdate, occupation)
      select id, (${GENDERS})[1 + n % 6], date '1970-01-01' + (hashint4(n * 3) & 16383) % 14600, 'Gamer' from scale_batch`);
    await q(
      `insert into user_addresses (user_id, country, city) select id, (${COUNTRIES})[1 + n % 12], 'City ' || (n % 300) from scale_batch`,
    );
    await q(`insert into user_games (user_id, game, nickname, referral_code, level, session_start, created_at, updated_at)
      select id, 'caliber', 'cal' || n, case when n % 7 = 0 then 'REF' || (n % 5000) end, (hashint4(n) & 127) % 100,
        case when n % 3 > 0 then created_at + ((hashint4(n * 5) & 1023) || ' hours')::interval end, created_at, created_at
      from scale_batch where n % 10 < 7`);
    await q(`insert into user_games (user_id, game, referral_code, created_at, updated_at)
      select id, 'yggdra', case when n % 11 = 0 then 'REF' || (n % 5000) end, created_at + interval '1 hour', created_at + interval '1 hour'
      from scale_batch where n % 10 >= 5`);
    await q(`insert into user_games (user_id, game, created_at, updated_at)
      select id, 'talesrunner', created_at + interval '2 hours', created_at + interval '2 hours' from scale_batch where n % 5 = 1`);
    // Personal codes for a tenth of the players.
    await q(`insert into referral_codes (code, game, url, owner_user_id, created_at)
      select 'P' || n, 'caliber', 'http://localhost:3000/register/caliber?referral_code=P' || n, id, created_at
      from scale_batch where n % 10 = 0 on conflict do nothing`);
  });
}
await q('drop table if exists scale_batch');
// Shared campaign codes that the registrations above used.
await q(`insert into referral_codes (code, game, url, created_at)
  select 'REF' || k, 'caliber', 'http://localhost:3000/register/caliber?referral_code=REF' || k, now() - (k || ' minutes')::interval
  from generate_series(0, 4999) k on conflict do nothing`);
if (database.kind === 'postgres') await q('set session_replication_role = origin').catch(() => undefined);
await timed('admin search documents', () =>
  // Every generated player (the pool may have run some statements with triggers on, so rebuild them all).
  q(`select admin_refresh_user_search(array(select u.id from users u where u.email like '%@scale.test'))`),
);
await timed('admin month counts', () =>
  // The triggers that keep them were off for the bulk insert: count every registration once, as migration
  // 0008 does (without this, unfiltered tables answer a total of 0 and the page-number jump walks nothing).
  q(`with fresh as (
       select game, date_trunc('month', created_at, 'UTC') as month, referral_code is not null as referred,
         count(*)::int as count
       from user_games group by 1, 2, 3)
     merge into user_game_month_counts c using fresh f
       on c.game = f.game and c.month = f.month and c.referred = f.referred
     when matched then update set count = f.count
     when not matched then insert (game, month, referred, count) values (f.game, f.month, f.referred, f.count)`),
);
// VACUUM sets the visibility map, as autovacuum would on a live database: index-only scans stay index-only.
await timed('vacuum analyze', () => q('vacuum analyze'));

const activity = new URL('./seed/activity.ts', import.meta.url);
if (!process.argv.includes('--no-activity') && existsSync(activity)) {
  const { seedActivity } = await import(activity.href);
  const opts: Record<string, number> = {};
  for (const key of ['sessions', 'orders', 'days'])
    if (process.argv.includes(`--${key}`)) opts[key] = arg(key, 0);
  await timed('activity (bench/seed/activity.ts)', () => seedActivity(database, opts));
}
const totalRows = (await q('select count(*)::int as n from users')) as { n: number }[];
console.log(`done: ${totalRows[0]?.n} players`);
await database.close();
