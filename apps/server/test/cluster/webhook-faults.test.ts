/**
 * Game webhooks under faults (issue #23): the game's receiver answers 500 to the first attempt of every event,
 * and the portal's processes are stopped and a new one started between attempts. Every event still arrives,
 * none is lost, and each paid order's entitlement ends delivered. Needs the built server, DATABASE_URL and
 * REDIS_URL (like faults.test.ts).
 */
import { SANDBOX_CARDS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../src/demo/seed';
import { startWebhookReceiver } from '../webhook-receiver';
import { json, type PortalProcess, startPortal } from './processes';
import { startWorld } from './world';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PORTS: [number, number] = [3341, 3342];
const BUYERS = ['ana@demo.local', 'carla@demo.local', 'dan@demo.local', 'finn@demo.local'];

describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('game webhooks under faults', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let restarted: PortalProcess | undefined;
  /** How often each event id was received, and which were answered 200. */
  const attemptsOf = new Map<string, number>();
  const acknowledged = new Set<string>();

  beforeAll(async () => {
    receiver = await startWebhookReceiver((_n, request) => {
      const id = String(request.headers['portal-event-id']);
      const n = (attemptsOf.get(id) ?? 0) + 1;
      attemptsOf.set(id, n);
      if (n === 1) return 500;
      acknowledged.add(id);
      return 200;
    });
    world = await startWorld({ ports: PORTS, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  }, 120_000);
  afterAll(async () => {
    await restarted?.stop();
    await world?.stop();
    await receiver?.close();
  });

  /** A demo player buys one item of Yggdra with the sandbox's success card: the order is paid at once. */
  async function buy(target: PortalProcess, email: string, sku: string): Promise<string> {
    const token = (await world.signIn(target, email)).body.token;
    const cart = await json(`${target.url}/api/xsolla/yggdra/cart`, {
      method: 'PUT',
      body: { items: [{ sku, quantity: 1 }] },
      token,
    });
    expect(cart.status).toBe(200);
    const checkout = await json<{ txnid: string; redirectUri: string }>(
      `${target.url}/api/xsolla/yggdra/checkout`,
      {
        body: {},
        token,
      },
    );
    expect(checkout.status).toBe(200);
    const page = new URL(checkout.body.redirectUri);
    const paid = await fetch(`${target.url}${page.pathname}${page.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        action: 'pay',
        cardholder: 'Fault Test',
        card_number: SANDBOX_CARDS.success,
        expiry: '12/39',
        cvc: '123',
      }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBeLessThan(500);
    return checkout.body.txnid;
  }

  it('retries a failing receiver across a portal restart: every event delivered, none lost', async () => {
    const login = await json<{ token: string }>(`${world.a.url}/api/admin/login`, {
      body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    expect(login.status).toBe(200);
    const put = await json(`${world.a.url}/api/admin/games/yggdra/webhook`, {
      method: 'PUT',
      body: { url: receiver.url, active: true },
      token: login.body.token,
    });
    expect(put.status).toBe(200);

    const { products } = (
      await json<{ products: { sku: string; available: number }[] }>(`${world.a.url}/api/getproducts/yggdra`)
    ).body;
    const sku = products.reduce((a, b) => (b.available > a.available ? b : a)).sku;
    const txnids: string[] = [];
    for (const [i, email] of [...BUYERS, ...BUYERS].entries())
      txnids.push(await buy(i % 2 ? world.b : world.a, email, sku));

    const events = await world.sql<{ event_id: string; status: string }>(
      `select d.event_id, d.status from webhook_deliveries d
          where d.type = 'entitlement.granted' and d.order_txnid = any($1)`,
      [txnids],
    );
    expect(events.length).toBeGreaterThanOrEqual(txnids.length);

    // Each event's first attempt is refused within about a second; its retry is due 15 s later.
    const firstDeadline = Date.now() + 20_000;
    while (events.some((e) => !attemptsOf.has(e.event_id)) && Date.now() < firstDeadline) await sleep(200);
    expect(events.filter((e) => !attemptsOf.has(e.event_id))).toEqual([]);
    expect(acknowledged.size).toBe(0);

    // Every portal process goes away between the attempts; a new one starts on the same database.
    await Promise.all([world.a.stop(), world.b.stop()]);
    restarted = await startPortal(PORTS[0], world.env);

    const deadline = Date.now() + 90_000;
    for (;;) {
      const open = await world.sql<{ n: number }>(
        `select count(*)::int as n from webhook_deliveries where order_txnid = any($1) and status <> 'delivered'`,
        [txnids],
      );
      if (open[0]!.n === 0 || Date.now() > deadline) break;
      await sleep(500);
    }
    for (const event of events) expect(acknowledged.has(event.event_id), event.event_id).toBe(true);
    const undelivered = await world.sql<{ txnid: string }>(
      `select txnid from entitlements where txnid = any($1) and delivered_at is null`,
      [txnids],
    );
    expect(undelivered).toEqual([]);
    const rows = await world.sql<{ status: string; attempts: number }>(
      'select status, attempts from webhook_deliveries where order_txnid = any($1)',
      [txnids],
    );
    for (const row of rows) expect(row).toMatchObject({ status: 'delivered' });
    expect(rows.every((row) => row.attempts >= 2)).toBe(true);
  }, 180_000);
});
