import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { fillCartAndCheckout, makeCatalog } from '../../../test/shop';
import { createOrder, findOrderByTxnid, markOrderPaid, newTxnid } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2026-04-01T02:00:00Z') });
});
afterAll(() => t.close());
const ctx = () => t.app.ctx;

/** `count` orders of one unit each for the player, a minute apart (the newest last); returns their txnids. */
async function ordersFor(userId: string, count: number) {
  const { rows } = await makeCatalog(ctx(), 'talesrunner', [{ price: '5.00', available: 100 }]);
  const product = rows[0]!;
  const txnids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    t.clock.advance(60_000);
    const order = await createOrder(ctx(), {
      txnid: newTxnid('talesrunner', ctx().clock.now()),
      userId,
      game: 'talesrunner',
      amount: '5.00',
      currency: 'PHP',
      provider: 'sandbox',
      reservedUntil: new Date(ctx().clock.now().getTime() + 30 * 60_000),
      items: [
        { productId: product.id, sku: product.sku, name: product.name, quantity: 1, unitPrice: '5.00' },
      ],
    });
    txnids.push(order.txnid);
  }
  return txnids;
}

const mine = (auth: Record<string, string> | undefined, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/orders/mine${query}`, ...(auth ? { headers: auth } : {}) });

describe('GET /api/orders/mine', () => {
  it("answers the player's order with its items, amount, status and refund flag", async () => {
    const player = await createPlayer(ctx(), { games: ['yggdra'] });
    const { skus, rows } = await makeCatalog(ctx(), 'yggdra', [{ price: '12.34', available: 10 }]);
    const checkout = await fillCartAndCheckout(t.app, player.auth, 'yggdra', skus[0]!, 2);
    const txnid = checkout.json().txnid as string;

    const res = await mine(player.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      orders: [
        {
          txnid,
          created_at: ctx().clock.now().toISOString(),
          shop: 'yggdra',
          items: [{ sku: skus[0], name: rows[0]!.name, quantity: 2, unit_price: '12.34' }],
          amount: '24.68',
          currency: 'PHP',
          status: 'Pending',
          refund_due: false,
          delivery: null,
          failure_reason: null,
          origin: 'cart',
        },
      ],
      next: null,
    });

    const order = await findOrderByTxnid(ctx(), txnid);
    await markOrderPaid(ctx(), order!.id, 'sandbox-1');
    const one = await mine(player.auth, `?txnid=${txnid}`);
    expect(
      one.json().orders.map((o: { status: string; delivery: string }) => [o.status, o.delivery]),
    ).toEqual([['SUCCESSFUL', 'pending']]);
  });

  it('answers 401 without a session', async () => {
    expect((await mine(undefined)).statusCode).toBe(401);
    expect((await mine({ authorization: 'Bearer nope' })).statusCode).toBe(401);
  });

  it("lists only the session player's orders, whatever the query names", async () => {
    const me = await createPlayer(ctx());
    const other = await createPlayer(ctx());
    const [theirs] = await ordersFor(other.user.id, 1);
    const [own] = await ordersFor(me.user.id, 1);

    expect((await mine(me.auth)).json().orders.map((o: { txnid: string }) => o.txnid)).toEqual([own]);
    expect((await mine(me.auth, `?txnid=${theirs}`)).json().orders).toEqual([]);
    const page = await mine(me.auth, `?before=${theirs}`);
    expect(page.statusCode).toBe(422);
    expect(page.json().errors.before).toEqual(['This page link is no longer valid.']);
    expect((await mine(me.auth, `?user=${other.user.id}`)).json().orders).toHaveLength(1);
  });

  it('pages newest first with `next`', async () => {
    const player = await createPlayer(ctx());
    const txnids = await ordersFor(player.user.id, 5);
    const newestFirst = [...txnids].reverse();

    const first = (await mine(player.auth, '?limit=2')).json();
    expect(first.orders.map((o: { txnid: string }) => o.txnid)).toEqual(newestFirst.slice(0, 2));
    expect(first.next).toBe(newestFirst[1]);
    const second = (await mine(player.auth, `?limit=2&before=${first.next}`)).json();
    expect(second.orders.map((o: { txnid: string }) => o.txnid)).toEqual(newestFirst.slice(2, 4));
    const last = (await mine(player.auth, `?limit=2&before=${second.next}`)).json();
    expect(last).toEqual({ orders: [expect.objectContaining({ txnid: newestFirst[4] })], next: null });
  });

  it('answers 422 for a bad query', async () => {
    const player = await createPlayer(ctx());
    for (const query of ['?limit=0', '?limit=51', '?limit=abc', '?before=not-a-txnid', '?txnid=%00']) {
      const res = await mine(player.auth, query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().message, query).toEqual(expect.any(String));
    }
  });
});
