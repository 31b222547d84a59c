/**
 * npm run bench:load — a mixed workload against two portal processes sharing PostgreSQL and Redis, for a
 * fixed time: sign-ins, profile reads, shop browsing, cart writes, checkouts, admin table pages and
 * dashboards. Prints throughput, p50/p95/p99 per route, the error count (target 0) and each process's peak
 * memory, then the framework ceiling measured in the same run (GET /healthz on the same processes), so the
 * figures read as ratios. Needs the built server (npm run build), DATABASE_URL and REDIS_URL.
 *   LOAD_SECONDS=30 CLIENTS=24 npm run bench:load
 * Exits 1 when any request failed (5xx or refused): errors are a defect, timings only a figure.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { json, type PortalProcess } from '../apps/server/test/cluster/processes';
import { startWorld } from '../apps/server/test/cluster/world';
import { countFromEnv } from './env';

const SECONDS = countFromEnv('LOAD_SECONDS', 20);
const CLIENTS = countFromEnv('CLIENTS', 16);
if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  console.error(
    'bench:load needs DATABASE_URL and REDIS_URL (PostgreSQL and Redis shared by two processes).',
  );
  process.exit(1);
}

const world = await startWorld({ ports: [3331, 3332], env: { AUTH_RATE_LIMIT_MAX: '100000' } });
const processes = [world.a, world.b];
const pick = (i: number): PortalProcess => processes[i % 2]!;
const players = ['ben', 'carla', 'dan', 'eve', 'finn'].map((name) => `${name}@demo.local`);
const adminToken = (
  await json<{ token: string }>(`${world.a.url}/api/admin/login`, {
    body: { email: 'admin@demo.local', password: 'AdminDemo!2026' },
  })
).body.token;
const catalog = (
  await json<{ products: { sku: string; available: number }[] }>(`${world.a.url}/api/getproducts/talesrunner`)
).body.products
  .filter((p) => p.available > 0)
  .map((p) => p.sku);

const latencies = new Map<string, number[]>();
let errors = 0;
const errorSamples: string[] = [];
async function timed(
  route: string,
  call: () => Promise<{ status: number }>,
  accept: (s: number) => boolean = (s) => s < 400,
) {
  const started = performance.now();
  let status = 0;
  try {
    status = (await call()).status;
  } catch {
    status = 0;
  }
  const list = latencies.get(route) ?? [];
  list.push(performance.now() - started);
  latencies.set(route, list);
  if (!accept(status)) {
    errors += 1;
    if (errorSamples.length < 10) errorSamples.push(`${route} → ${status}`);
  }
}

const deadline = Date.now() + SECONDS * 1000;
const started = Date.now();
await Promise.all(
  Array.from({ length: CLIENTS }, async (_, client) => {
    const email = players[client % players.length]!;
    let token = '';
    for (let round = 0; Date.now() < deadline; round += 1) {
      const target = pick(client + round);
      if (round % 10 === 0) {
        await timed('POST /login', async () => {
          const res = await json<{ token: string }>(`${target.url}/login`, {
            body: { email, password: 'PlayerDemo!2026' },
          });
          token = res.body.token;
          return res;
        });
      }
      await timed('GET /api/profile', () => json(`${target.url}/api/profile`, { token }));
      await timed('GET /api/getproducts/{game}', () => json(`${target.url}/api/getproducts/talesrunner`));
      const sku = catalog[(client + round) % catalog.length]!;
      // Stock runs out under a long load: a 422 "out of stock" is a correct answer, not an error.
      const okOrSoldOut = (status: number) => status === 200 || status === 422;
      await timed(
        'PUT /api/xsolla/{game}/cart',
        () =>
          json(`${target.url}/api/xsolla/talesrunner/cart`, {
            method: 'PUT',
            body: { items: [{ sku, quantity: 1 }] },
            token,
          }),
        okOrSoldOut,
      );
      if (round % 5 === 0) {
        await timed(
          'POST /api/xsolla/{game}/checkout',
          () => json(`${target.url}/api/xsolla/talesrunner/checkout`, { body: {}, token }),
          okOrSoldOut,
        );
      }
      if (client % 4 === 0) {
        await timed('GET /api/users/paginate/{game}', () =>
          json(`${target.url}/api/users/paginate/caliber?per_page=20`, { token: adminToken }),
        );
        await timed('GET /api/caliber-daily-registration-count', () =>
          json(`${target.url}/api/caliber-daily-registration-count`, { token: adminToken }),
        );
        await timed('GET /api/caliber-total-count', () =>
          json(`${target.url}/api/caliber-total-count`, { token: adminToken }),
        );
      }
    }
  }),
);
const elapsed = (Date.now() - started) / 1000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const total = [...latencies.values()].reduce((n, list) => n + list.length, 0);
console.log(`\nmixed workload: ${CLIENTS} clients, ${elapsed.toFixed(1)} s, two processes`);
console.log(`throughput: ${(total / elapsed).toFixed(1)} requests/s, errors: ${errors}`);
console.log(
  'route'.padEnd(44),
  'count'.padStart(7),
  'p50 ms'.padStart(8),
  'p95 ms'.padStart(8),
  'p99 ms'.padStart(8),
);
for (const [route, list] of latencies) {
  const sorted = [...list].sort((x, y) => x - y);
  console.log(
    route.padEnd(44),
    String(sorted.length).padStart(7),
    percentile(sorted, 50).toFixed(1).padStart(8),
    percentile(sorted, 95).toFixed(1).padStart(8),
    percentile(sorted, 99).toFixed(1).padStart(8),
  );
}
if (errorSamples.length > 0) console.log(`error samples: ${errorSamples.join('; ')}`);

// The framework ceiling: the same processes answering a trivial route, for a third of the time.
const ceiling = await Promise.all(
  processes.map((p) =>
    autocannon({
      url: `${p.url}/healthz`,
      connections: CLIENTS / 2,
      duration: Math.max(3, Math.round(SECONDS / 3)),
    }),
  ),
);
const ceilingRps = ceiling.reduce((sum, r) => sum + r.requests.average, 0);
console.log(`framework ceiling (GET /healthz on both processes): ${ceilingRps.toFixed(0)} requests/s`);
console.log(
  `mixed workload throughput as a share of the ceiling: ${((total / elapsed / ceilingRps) * 100).toFixed(1)} %`,
);

for (const p of processes) {
  const status = readFileSync(`/proc/${p.child.pid}/status`, 'utf8');
  const peak = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  console.log(`process ${p.child.pid}: peak memory ${peak ? (Number(peak) / 1024).toFixed(0) : '?'} MB`);
}
await world.stop();
process.exit(errors > 0 ? 1 : 0);
