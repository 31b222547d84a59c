/**
 * Game webhook benchmark (issue #23): ORDERS paid orders (one line each) announced to a local receiver by the
 * real delivery task (the scheduler's `game-webhook-deliveries`, rung by each payment and polled every 5 s), then a receiver outage of
 * OUTAGE_S seconds while OUTAGE_ORDERS more are paid, recovered with nothing lost.
 * Prints deliveries per second, paid → delivered p50/p95, and the outage's recovery.
 * Runs the real app on PGlite in memory, or on PostgreSQL when DATABASE_URL is set.
 * Also drains a BACKLOG of deliveries from a standing start (the delivery task's own rate).
 *   npm run bench:delivery   (ORDERS=10000 CONCURRENCY=8 BACKLOG=2000 OUTAGE_S=60 OUTAGE_ORDERS=1000)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { startScheduler } from '../apps/server/src/lib/scheduler';
import { saveWebhook } from '../apps/server/src/modules/entitlements';
import { createOrder, markOrderPaid, newTxnid } from '../apps/server/src/modules/orders';
import { insertCatalog } from '../apps/server/src/modules/shop';
import { scheduledTasks } from '../apps/server/src/tasks';
import { createPlayer } from '../apps/server/test/fixtures';
import { countFromEnv } from './env';

const ORDERS = countFromEnv('ORDERS', 10_000);
const CONCURRENCY = countFromEnv('CONCURRENCY', 8);
const OUTAGE_S = countFromEnv('OUTAGE_S', 60);
const OUTAGE_ORDERS = countFromEnv('OUTAGE_ORDERS', 1_000);
const BACKLOG = countFromEnv('BACKLOG', 2_000);

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
await database.migrate();
const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
const app = await buildApp({ config, database, logger: false });
await app.ready();
const ctx = app.ctx;

// The receiver: notes when each event first arrived (at least once: repeats are counted, not re-noted).
const arrived = new Map<string, number>();
let repeats = 0;
let refusedWhileUp = 0;
const receiver: Server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    try {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        data: { entitlement: { order: string } };
      };
      const order = event.data.entitlement.order;
      if (arrived.has(order)) repeats += 1;
      else arrived.set(order, performance.now());
      res.writeHead(204).end();
    } catch {
      refusedWhileUp += 1;
      res.writeHead(400).end();
    }
  });
});
const listen = (port: number) => new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
const stopReceiver = () =>
  new Promise<void>((resolve) => {
    receiver.closeAllConnections();
    receiver.close(() => resolve());
  });
await listen(0);
const port = (receiver.address() as AddressInfo).port;
await saveWebhook(
  ctx,
  'yggdra',
  { url: `http://127.0.0.1:${port}/portal-webhook`, active: true },
  null,
  null,
);

const [product] = await insertCatalog(ctx, 'yggdra', {
  groups: [],
  products: [
    {
      sku: `bench-gems-${Date.now()}`,
      name: 'Bench gems',
      description: 'Benchmark product',
      image: 'gem-bench',
      price: '10.00',
      available: 1_000_000,
      groups: [],
    },
  ],
});
const buyer = await createPlayer(ctx, { games: ['yggdra'] });

const paidAt = new Map<string, number>();
/** Pays `count` orders with CONCURRENCY workers; each one's time is taken when its transaction committed. */
async function payOrders(count: number, paceMs = 0) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next += 1;
        const txnid = newTxnid('yggdra', new Date());
        const order = await createOrder(ctx, {
          txnid,
          userId: buyer.user.id,
          game: 'yggdra',
          amount: '10.00',
          currency: 'PHP',
          provider: 'sandbox',
          reservedUntil: new Date(Date.now() + 30 * 60_000),
          items: [
            {
              productId: product!.id,
              sku: product!.sku,
              name: product!.name,
              quantity: 1,
              unitPrice: '10.00',
            },
          ],
        });
        await markOrderPaid(ctx, order.id, `bench-${txnid}`);
        paidAt.set(txnid, performance.now());
        if (paceMs) await new Promise((resolve) => setTimeout(resolve, paceMs));
      }
    }),
  );
}

const waitFor = async (done: () => boolean, limitMs: number) => {
  const deadline = performance.now() + limitMs;
  while (!done() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return done();
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const latencies = (txnids: string[]) =>
  txnids.map((t) => arrived.get(t)! - paidAt.get(t)!).sort((a, b) => a - b);

// The portal's own delivery task, as main.ts schedules it: rung by each paid order, polled every 5 s.
const startDeliveries = () =>
  startScheduler(
    database,
    scheduledTasks(ctx).filter((task) => task.name === 'game-webhook-deliveries'),
    app.log,
    ctx.doorbell,
  );
let scheduler = startDeliveries();

console.log(
  `database: ${database.kind}; paying ${ORDERS} orders (concurrency ${CONCURRENCY}) to a receiver on :${port}…`,
);
const started = performance.now();
await payOrders(ORDERS);
const paidSeconds = (performance.now() - started) / 1000;
const all = [...paidAt.keys()];
if (!(await waitFor(() => all.every((t) => arrived.has(t)), 600_000)))
  throw new Error('not every event arrived');
const lastArrival = Math.max(...all.map((t) => arrived.get(t)!));
const seconds = (lastArrival - started) / 1000;
const steady = latencies(all);

// A backlog: BACKLOG orders paid while the delivery task is stopped, then drained from a standing start.
console.log(`backlog: ${BACKLOG} orders paid with the delivery task stopped, then drained…`);
await scheduler.stop();
const beforeBacklog = new Set(paidAt.keys());
await payOrders(BACKLOG);
const backlog = [...paidAt.keys()].filter((t) => !beforeBacklog.has(t));
const drainStart = performance.now();
scheduler = startDeliveries();
if (!(await waitFor(() => backlog.every((t) => arrived.has(t)), 600_000)))
  throw new Error('backlog not drained');
const drainSeconds = (Math.max(...backlog.map((t) => arrived.get(t)!)) - drainStart) / 1000;

// The outage: the receiver is gone for OUTAGE_S seconds while orders keep being paid, then comes back.
console.log(`receiver down for ${OUTAGE_S} s while ${OUTAGE_ORDERS} more orders are paid…`);
const before = new Set(paidAt.keys());
await stopReceiver();
const downAt = performance.now();
await payOrders(OUTAGE_ORDERS, Math.max(0, Math.floor((OUTAGE_S * 1000 * CONCURRENCY) / OUTAGE_ORDERS) - 5));
await new Promise((resolve) =>
  setTimeout(resolve, Math.max(0, OUTAGE_S * 1000 - (performance.now() - downAt))),
);
const during = [...paidAt.keys()].filter((t) => !before.has(t));
const reachedWhileDown = during.filter((t) => arrived.has(t)).length;
await listen(port);
const upAt = performance.now();
const recovered = await waitFor(() => during.every((t) => arrived.has(t)), 30 * 60_000);
const recoverySeconds = (Math.max(...during.map((t) => arrived.get(t) ?? upAt)) - upAt) / 1000;
await scheduler.stop();

const txnids = [...paidAt.keys()];
const [left] = await database.query<{ n: number }>(
  "select count(*)::int as n from webhook_deliveries where order_txnid = any($1) and status <> 'delivered'",
  [txnids],
);
const [undelivered] = await database.query<{ n: number }>(
  'select count(*)::int as n from entitlements where txnid = any($1) and delivered_at is null',
  [txnids],
);

const ms = (v: number) => `${v.toFixed(0)} ms`;
console.log('');
console.log(
  `paid orders:               ${ORDERS} in ${paidSeconds.toFixed(1)} s (${(ORDERS / paidSeconds).toFixed(0)}/s)`,
);
console.log(
  `deliveries per second:     ${(ORDERS / seconds).toFixed(0)} while paying (first paid → last delivered ${seconds.toFixed(1)} s); ` +
    `a backlog of ${BACKLOG}: ${(BACKLOG / drainSeconds).toFixed(0)}/s (drained in ${drainSeconds.toFixed(1)} s)`,
);
console.log(
  `paid → delivered:          p50 ${ms(percentile(steady, 50))}, p95 ${ms(percentile(steady, 95))}, max ${ms(steady.at(-1)!)}`,
);
console.log(
  `outage ${OUTAGE_S} s:                ${during.length} orders paid while down (${reachedWhileDown} reached it: expected 0); ` +
    `${recovered ? 'all delivered' : 'NOT all delivered'} ${recoverySeconds.toFixed(1)} s after it came back`,
);
console.log(
  `lost:                      ${[...paidAt.keys()].filter((t) => !arrived.has(t)).length} events; repeats (at least once): ${repeats}`,
);
console.log(
  `left undelivered:          ${left!.n} deliveries, ${undelivered!.n} entitlements; bad bodies: ${refusedWhileUp}`,
);
await stopReceiver().catch(() => undefined);
await app.close();
await database.close();
if (!recovered || left!.n > 0) process.exit(1);
