/**
 * Faults during a running workload: the PostgreSQL server restarts, the SMTP server goes away, a server
 * process is killed. Requests fail cleanly and recover by themselves; nothing is lost, duplicated or
 * half-written. Needs the built server, DATABASE_URL and REDIS_URL; the restart needs pg_ctlcluster.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type PortalProcess } from './processes';
import { startWorld } from './world';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const clusterVersion = existsSync('/etc/postgresql')
  ? readdirSync('/etc/postgresql').sort().at(-1)
  : undefined;
const canRestartPostgres = Boolean(clusterVersion) && process.getuid?.() === 0;

interface Product {
  sku: string;
  available: number;
}

describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('faults under load', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  let token: string;

  beforeAll(async () => {
    world = await startWorld({ ports: [3321, 3322], env: { AUTH_RATE_LIMIT_MAX: '1000' } });
    token = (await world.signIn(world.a, 'ben@demo.local')).body.token;
  }, 120_000);
  afterAll(() => world?.stop());

  /** Stock and orders agree: what left `available` is exactly what live orders hold. */
  async function expectStockConsistent(before: Map<string, number>) {
    const rows = await world.sql<{ sku: string; available: number; held: number }>(
      `select p.sku, p.available,
              coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                        where i.sku = p.sku and o.stock_state in ('reserved', 'committed')), 0)::int as held
         from shop_products p where p.sku = any($1)`,
      [[...before.keys()]],
    );
    for (const row of rows) expect(row.available + row.held, row.sku).toBe(before.get(row.sku));
    const orphans = await world.sql<{ n: number }>(
      'select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)',
    );
    expect(orphans[0]!.n).toBe(0);
  }

  async function stockSnapshot(): Promise<Map<string, number>> {
    const rows = await world.sql<{ sku: string; total: number }>(
      `select p.sku, (p.available + coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                        where i.sku = p.sku and o.stock_state in ('reserved', 'committed')), 0))::int as total
         from shop_products p where p.game = 'talesrunner'`,
    );
    return new Map(rows.map((r) => [r.sku, r.total]));
  }

  /** One player's buying loop against `target` until `stop()`: cart, checkout; records every answer. */
  function buyingLoop(target: () => PortalProcess, sku: string) {
    const statuses: number[] = [];
    const txnids: string[] = [];
    let running = true;
    const done = (async () => {
      while (running) {
        try {
          const cart = await json(`${target().url}/api/xsolla/talesrunner/cart`, {
            method: 'PUT',
            body: { items: [{ sku, quantity: 1 }] },
            token,
          });
          statuses.push(cart.status);
          if (cart.status !== 200) continue;
          const checkout = await json<{ txnid: string; redirectUri: string }>(
            `${target().url}/api/xsolla/talesrunner/checkout`,
            { body: {}, token },
          );
          statuses.push(checkout.status);
          if (checkout.status === 200) {
            txnids.push(checkout.body.txnid);
            // A player holds at most 3 unpaid orders (decision 0011): cancel each on its payment page, so the
            // loop keeps buying. Best effort: an order left Pending is as consistent as a canceled one.
            const page = new URL(checkout.body.redirectUri);
            await fetch(`${target().url}${page.pathname}${page.search}`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: 'action=cancel',
              redirect: 'manual',
            }).catch(() => undefined);
          }
        } catch {
          statuses.push(0); // connection refused or reset: the process is gone
          await sleep(100);
        }
      }
    })();
    return {
      statuses,
      txnids,
      stop: async () => {
        running = false;
        await done;
      },
    };
  }

  /** The product with the most stock, so a few seconds of buying do not run it out. */
  const inStock = async () =>
    (await json<{ products: Product[] }>(`${world.b.url}/api/getproducts/talesrunner`)).body.products.reduce(
      (a, b) => (b.available > a.available ? b : a),
    );

  it.skipIf(!canRestartPostgres)(
    'answers 503 while PostgreSQL restarts, recovers by itself, and loses or duplicates nothing',
    async () => {
      const before = await stockSnapshot();
      const product = await inStock();
      const load = buyingLoop(() => world.a, product.sku);
      const reads: number[] = [];
      let reading = true;
      const reader = (async () => {
        while (reading) {
          reads.push(
            (await json(`${world.b.url}/api/user-info`, { token }).catch(() => ({ status: 0 }))).status,
          );
          await sleep(20);
        }
      })();
      await sleep(1_000);
      execFileSync('pg_ctlcluster', [
        '--skip-systemctl-redirect',
        clusterVersion!,
        'main',
        'restart',
        '-m',
        'fast',
      ]);
      // Recovery: both processes answer again without being restarted.
      const deadline = Date.now() + 30_000;
      while (
        (await json(`${world.a.url}/readyz`).catch(() => ({ status: 0 }))).status !== 200 &&
        Date.now() < deadline
      )
        await sleep(200);
      await sleep(1_500);
      reading = false;
      await reader;
      await load.stop();

      const all = [...load.statuses, ...reads];
      expect(
        all.filter((s) => s >= 500 && s !== 503),
        `statuses: ${all.join(',')}`,
      ).toEqual([]);
      expect(all.filter((s) => s === 0)).toEqual([]);
      expect(reads.at(-1)).toBe(200);
      expect((await json(`${world.a.url}/api/user-info`, { token })).status).toBe(200);
      // Every checkout answered 200 has exactly one order; no order was written twice or half.
      const orders = await world.sql<{ txnid: string }>('select txnid from orders where txnid = any($1)', [
        load.txnids,
      ]);
      expect(orders.map((o) => o.txnid).sort()).toEqual([...load.txnids].sort());
      await expectStockConsistent(before);
    },
    90_000,
  );

  it('queues mail while the SMTP server is down and delivers it when it returns', async () => {
    await world.restartSmtp(async () => {
      expect(
        (await json(`${world.a.url}/sendForgotPassword`, { body: { email: 'eve@demo.local' } })).status,
      ).toBe(200);
      // The request is served within a second (account-email-requests), then delivery is tried and fails.
      const outbox = () =>
        world.sql<{ status: string; attempts: number }>(
          `select status, attempts from email_outbox where "to" = 'eve@demo.local' and kind = 'reset-password'`,
        );
      const deadline = Date.now() + 10_000;
      let queued = await outbox();
      while (!(queued[0]?.attempts ?? 0) && Date.now() < deadline) {
        await sleep(250);
        queued = await outbox();
      }
      expect(queued[0]).toMatchObject({ status: 'pending' });
      expect(queued[0]!.attempts).toBeGreaterThanOrEqual(1);
    });
    const mail = await world.smtp.waitFor(
      'eve@demo.local',
      (m) => m.subject === 'Reset your password',
      30_000,
    );
    expect(mail.text).toContain('/reset-password');
  }, 60_000);

  it('keeps serving from one process when the other is killed, with no half-written checkout', async () => {
    const before = await stockSnapshot();
    const product = await inStock();
    let target = world.a;
    const load = buyingLoop(() => target, product.sku);
    await sleep(1_500);
    world.a.child.kill('SIGKILL');
    await sleep(300);
    target = world.b; // the load balancer's view: the dead process is taken out
    const switchedAt = load.statuses.length;
    await sleep(1_500);
    await load.stop();
    expect((await json(`${world.b.url}/api/user-info`, { token })).status).toBe(200);
    expect(load.statuses.filter((s) => s >= 500)).toEqual([]);
    // After the switch the surviving process answers every request, and some of them are purchases.
    const afterSwitch = load.statuses.slice(switchedAt + 1);
    expect(afterSwitch).not.toContain(0);
    expect(afterSwitch).toContain(200);
    await expectStockConsistent(before);
  }, 60_000);
});
