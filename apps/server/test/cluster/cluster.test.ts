/**
 * Two portal processes sharing one PostgreSQL database and one Redis, as in production behind a load
 * balancer. Needs the built server (npm run build), DATABASE_URL and REDIS_URL; skipped without them.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { webhookSecret, xsollaSignature } from '../../src/modules/payments/signature';
import { json, type PortalProcess } from './processes';
import { SECRET_KEY, startWorld } from './world';

const LOGIN_LIMIT = 6;

describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)(
  'several processes sharing PostgreSQL and Redis',
  () => {
    let world: Awaited<ReturnType<typeof startWorld>>;
    let playerToken: string;
    let salesAdminToken: string;
    /** Sign-in requests each process has received, to show the limit is counted across them. */
    const signIns = new Map<PortalProcess, number>();
    const signIn = (target: PortalProcess, email: string, password?: string) => {
      signIns.set(target, (signIns.get(target) ?? 0) + 1);
      return world.signIn(target, email, password);
    };

    beforeAll(async () => {
      world = await startWorld({ ports: [3311, 3312], env: { AUTH_RATE_LIMIT_MAX: String(LOGIN_LIMIT) } });
      const login = await signIn(world.a, 'ben@demo.local');
      expect(login.status).toBe(200);
      playerToken = login.body.token;
      // ana has the player role 'admin', which opens the sales orders.
      salesAdminToken = (await signIn(world.b, 'ana@demo.local')).body.token;
    }, 120_000);
    afterAll(() => world?.stop());

    it('accepts a session made on one process on the other, and a logout on one ends it on both', async () => {
      const { a, b } = world;
      expect((await json(`${b.url}/api/user-info`, { token: playerToken })).status).toBe(200);
      const other = await signIn(b, 'carla@demo.local');
      expect((await json(`${a.url}/api/user-info`, { token: other.body.token })).status).toBe(200);
      const logout = await json(`${a.url}/api/logout`, { method: 'POST', body: {}, token: other.body.token });
      expect(logout.status).toBeLessThan(300);
      expect((await json(`${b.url}/api/user-info`, { token: other.body.token })).status).toBe(401);
    });

    it('shares the per-IP sign-in limit across processes', async () => {
      let refused = false;
      // Distinct unknown emails, so only the per-IP limit (not a per-account lockout) can refuse.
      for (let i = 0; i < 2 * LOGIN_LIMIT && !refused; i += 1) {
        const res = await signIn(
          i % 2 === 0 ? world.a : world.b,
          `nobody-${i}@cluster.test`,
          'wrong-password',
        );
        refused = res.status === 429;
      }
      expect(refused).toBe(true);
      // Refused although neither process alone saw more than the limit: the count lives in Redis.
      expect(Math.max(signIns.get(world.a) ?? 0, signIns.get(world.b) ?? 0)).toBeLessThanOrEqual(LOGIN_LIMIT);
    });

    it('marks an order paid once when its webhook reaches both processes at the same moment', async () => {
      const { a, b } = world;
      const products = await json<{ products: { sku: string; available: number }[] }>(
        `${a.url}/api/getproducts/talesrunner`,
      );
      const product = products.body.products.find((p) => p.available >= 5)!;
      const cart = await json(`${a.url}/api/xsolla/talesrunner/cart`, {
        method: 'PUT',
        body: { items: [{ sku: product.sku, quantity: 1 }] },
        token: playerToken,
      });
      expect(cart.status).toBe(200);
      const checkout = await json<{ txnid: string }>(`${b.url}/api/xsolla/talesrunner/checkout`, {
        body: {},
        token: playerToken,
      });
      expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
      const orders = await json<{ orders: { txnid: string; price: string; customer_id: string }[] }>(
        `${a.url}/api/getorders`,
        {
          body: { status: 'Pending' },
          token: salesAdminToken,
        },
      );
      const order = orders.body.orders.find((o) => o.txnid === checkout.body.txnid)!;
      expect(order).toBeDefined();

      const raw = JSON.stringify({
        notification_type: 'payment',
        purchase: { total: { amount: Number(order.price), currency: 'PHP' } },
        user: { id: order.customer_id },
        transaction: { id: `T-${randomBytes(4).toString('hex')}`, external_id: checkout.body.txnid },
      });
      const signature = xsollaSignature(Buffer.from(raw), webhookSecret(loadConfig({ SECRET_KEY })));
      const deliver = (target: PortalProcess) =>
        json(`${target.url}/api/xsolla/webhook`, {
          body: raw,
          headers: { authorization: `Signature ${signature}` },
        });
      const answers = await Promise.all([deliver(a), deliver(b), deliver(a), deliver(b)]);
      expect(answers.map((r) => r.status)).toEqual([204, 204, 204, 204]);

      const events = await world.sql<{ n: number }>(
        'select count(*)::int as n from payment_events where txnid = $1',
        [checkout.body.txnid],
      );
      const paid = await world.sql('select status, stock_state from orders where txnid = $1', [
        checkout.body.txnid,
      ]);
      expect(events[0]!.n).toBe(1);
      expect(paid[0]).toEqual({ status: 'SUCCESSFUL', stock_state: 'committed' });
      const after = await json<{ products: { sku: string; available: number }[] }>(
        `${b.url}/api/getproducts/talesrunner`,
      );
      expect(after.body.products.find((p) => p.sku === product.sku)!.available).toBe(product.available - 1);
    });

    it('runs scheduled mail delivery once across processes', async () => {
      // The reset mail only: other mail may reach the player meanwhile (a new-sign-in alert of another test).
      const count = () =>
        world.smtp.messages.filter(
          (m) => m.to.includes('dan@demo.local') && m.subject === 'Reset your password',
        ).length;
      const before = count();
      expect(
        (await json(`${world.a.url}/sendForgotPassword`, { body: { email: 'dan@demo.local' } })).status,
      ).toBe(200);
      await world.smtp.waitFor('dan@demo.local', () => count() > before);
      // Both schedulers poll every second; give them several rounds to (wrongly) send it again.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      expect(
        count(),
        world.smtp.messages
          .filter((m) => m.to.includes('dan@demo.local'))
          .map((m) => m.subject)
          .join(' | '),
      ).toBe(before + 1);
    });
  },
);
