/**
 * Webshop benchmark: checkouts per second (each one reserves stock in a transaction and creates a Pending
 * order with the sandbox provider) and the latency of GET /api/getproducts/{game} under load (autocannon).
 * The product list is compared with GET /healthz in the same run (the server's ceiling on this machine).
 * Runs the real app on PGlite in memory, or on PostgreSQL when DATABASE_URL is set.
 *   npm run bench:shop   (CHECKOUTS=300 CONCURRENCY=20 checkout workers, CONNECTIONS=50 DURATION=10 for the
 *                         read load)
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { DEMO_CATALOG } from '../apps/server/src/demo/shop-catalog';
import { insertCatalog } from '../apps/server/src/modules/shop';
import { createPlayer } from '../apps/server/test/fixtures';
import { countFromEnv } from './env';

const CHECKOUTS = countFromEnv('CHECKOUTS', 300);
const CONCURRENCY = countFromEnv('CONCURRENCY', 20);
const DURATION = countFromEnv('DURATION', 10);
const CONNECTIONS = countFromEnv('CONNECTIONS', 50);

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
await database.migrate();
const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const ctx = app.ctx;

const existing = await fetch(`${base}/api/getproducts/yggdra`).then(
  (r) => r.json() as Promise<{ products: unknown[] }>,
);
if (existing.products.length === 0) {
  await insertCatalog(ctx, 'yggdra', DEMO_CATALOG.yggdra);
  await insertCatalog(ctx, 'talesrunner', DEMO_CATALOG.talesrunner);
}

console.log(`database: ${database.kind}; preparing ${CHECKOUTS} players with a cart…`);
const players: { authorization: string }[] = [];
for (let i = 0; i < CHECKOUTS; i += 1) {
  const player = await createPlayer(ctx, { games: ['yggdra'] });
  const put = await fetch(`${base}/api/xsolla/yggdra/cart`, {
    method: 'PUT',
    headers: { ...player.auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [
        { sku: 'ygg-monthly-pass', quantity: 1 },
        { sku: 'ygg-gold-bundle', quantity: 1 },
      ],
    }),
  });
  if (put.status !== 200) throw new Error(`cart PUT answered ${put.status}`);
  players.push(player.auth);
}

// Checkouts: CONCURRENCY workers take players from a shared queue.
let next = 0;
let ok = 0;
let failed = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < players.length) {
      const auth = players[next++]!;
      const res = await fetch(`${base}/api/xsolla/yggdra/checkout`, { method: 'POST', headers: auth });
      await res.arrayBuffer();
      if (res.status === 200) ok += 1;
      else failed += 1;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;

const load = (path: string) =>
  autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: DURATION });
const ceiling = await load('/healthz');
const results: Record<string, autocannon.Result> = {};
for (const game of ['yggdra', 'talesrunner']) results[game] = await load(`/api/getproducts/${game}`);

console.log('');
console.log(`checkouts:             ${ok} ok, ${failed} refused, in ${seconds.toFixed(2)} s`);
console.log(
  `checkouts per second:  ${(ok / seconds).toFixed(1)}  (concurrency ${CONCURRENCY}, 2 lines each)`,
);
const line = (label: string, r: autocannon.Result) =>
  `${label}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${r.errors + r.non2xx} (${CONNECTIONS} connections, ${DURATION} s)`;
console.log(line('GET /healthz (ceiling)', ceiling));
for (const [game, r] of Object.entries(results)) {
  const share = (100 * r.requests.average) / ceiling.requests.average;
  const verdict = share >= 50 && r.latency.p99 < 50 ? 'target met' : 'target NOT met';
  console.log(
    `${line(`GET /api/getproducts/${game}`, r)}; ${share.toFixed(0)} % of the ceiling (target ≥ 50 %, p99 < 50 ms: ${verdict})`,
  );
}
await app.close();
await database.close();
