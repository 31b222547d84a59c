/**
 * Stock holding limits (decision 0011): at most `max_per_order` units of one product per order (10 unless the
 * catalog says otherwise) and at most 3 unpaid orders per player across both shops, race-safe.
 */
import type { ShopGame } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { fillCartAndCheckout, makeCatalog } from '../../../test/shop';
import { orders, shopProducts } from '../../db/schema/index';
import { findOrderByTxnid, markOrderPaid } from '../orders';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ctx = () => t.app.ctx;
/** The decision's number (MAX_OPEN_ORDERS), pinned here so that changing it is a visible decision. */
const MAX_OPEN_ORDERS = 3;
type Player = Awaited<ReturnType<typeof createPlayer>>;

const putCart = (player: Player, game: ShopGame, items: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/xsolla/${game}/cart`, headers: player.auth, payload: { items } });
const getCart = async (player: Player, game: ShopGame) =>
  (await t.app.inject({ method: 'GET', url: `/api/xsolla/${game}/cart`, headers: player.auth })).json();
const checkout = (player: Player, game: ShopGame) =>
  t.app.inject({ method: 'POST', url: `/api/xsolla/${game}/checkout`, headers: player.auth });
const catalogEntry = async (game: ShopGame, sku: string) =>
  (
    (await t.app.inject({ method: 'GET', url: `/api/getproducts/${game}` })).json().products as {
      sku: string;
      available: number;
      max_per_order: number;
    }[]
  ).find((p) => p.sku === sku)!;
const pendingCount = async (player: Player) =>
  (await ctx().db.select().from(orders).where(eq(orders.userId, player.user.id))).filter(
    (o) => o.status === 'Pending',
  ).length;

/** A player who already holds `count` unpaid orders (one unit each of a fresh product). */
async function playerWithOpenOrders(count: number) {
  const player = await createPlayer(ctx(), { games: ['yggdra', 'talesrunner'] });
  const { skus } = await makeCatalog(ctx(), 'yggdra', [{ price: '10.00', available: 100 }]);
  const txnids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await fillCartAndCheckout(t.app, player.auth, 'yggdra', skus[0]!, 1);
    expect(res.statusCode, res.body).toBe(200);
    txnids.push(res.json().txnid);
  }
  return { player, txnids, sku: skus[0]! };
}

describe('units of one product per order', () => {
  it('lists the per-order limit in both catalogs: 10 by default, or the product’s own', async () => {
    const { skus } = await makeCatalog(ctx(), 'talesrunner', [
      { price: '250.00', available: 1000 },
      { price: '1499.00', available: 10, maxPerOrder: 2 },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/getproducts/talesrunner' });
    expect(res.statusCode).toBe(200);
    const products = res.json().products as Record<string, unknown>[];
    // Every field of the spec's reply is still there; max_per_order is one more.
    expect(products.find((p) => p.sku === skus[0])).toEqual({
      id: expect.any(String),
      sku: skus[0],
      name: expect.any(String),
      description: 'Test product',
      image_url: expect.stringMatching(/^\/shop-images\//),
      price: { amount: '250.00', currency: 'PHP' },
      available: 1000,
      groups: [],
      max_per_order: 10,
    });
    expect(products.find((p) => p.sku === skus[1])).toMatchObject({ max_per_order: 2 });
    const { skus: ygg } = await makeCatalog(ctx(), 'yggdra', [
      { price: '1.00', available: 5, maxPerOrder: 1 },
    ]);
    expect(await catalogEntry('yggdra', ygg[0]!)).toMatchObject({ max_per_order: 1 });
  });

  it('refuses more than 10 of a product in the cart with a 422 naming the product, changing nothing', async () => {
    const player = await createPlayer(ctx(), { games: ['talesrunner'] });
    const { skus } = await makeCatalog(ctx(), 'talesrunner', [
      { name: 'Tales Runner Coins 1000', price: '250.00', available: 1000 },
    ]);
    expect((await putCart(player, 'talesrunner', [{ sku: skus[0], quantity: 2 }])).statusCode).toBe(200);

    const over = await putCart(player, 'talesrunner', [{ sku: skus[0], quantity: 11 }]);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({
      message: 'You can buy at most 10 of Tales Runner Coins 1000 in one order.',
      code: 'VALIDATION_FAILED',
      errors: { 'items.0.quantity': ['You can buy at most 10 of Tales Runner Coins 1000 in one order.'] },
    });
    // The case: 99 of the coins.
    expect((await putCart(player, 'talesrunner', [{ sku: skus[0], quantity: 99 }])).statusCode).toBe(422);
    expect((await getCart(player, 'talesrunner')).items).toEqual([
      expect.objectContaining({ sku: skus[0], quantity: 2, max_per_order: 10 }),
    ]);

    const ten = await putCart(player, 'talesrunner', [{ sku: skus[0], quantity: 10 }]);
    expect(ten.statusCode).toBe(200);
    expect(ten.json().items[0]).toMatchObject({ quantity: 10, max_per_order: 10 });
    expect(ten.json().price.amount).toBe('2500.00');
  });

  it('uses the product’s own limit, on the right line of a cart with several', async () => {
    const player = await createPlayer(ctx(), { games: ['yggdra'] });
    const { skus } = await makeCatalog(ctx(), 'yggdra', [
      { name: 'Gold', price: '5.00', available: 500 },
      { name: 'Crown', price: '899.00', available: 50, maxPerOrder: 3 },
      { name: 'Pass', price: '249.00', available: 50, maxPerOrder: 20 },
    ]);
    const res = await putCart(player, 'yggdra', [
      { sku: skus[0], quantity: 10 },
      { sku: skus[1], quantity: 4 },
      { sku: skus[2], quantity: 20 },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'items.1.quantity': ['You can buy at most 3 of Crown in one order.'],
    });
    expect((await getCart(player, 'yggdra')).items).toEqual([]);

    // A product may allow more than the default.
    const ok = await putCart(player, 'yggdra', [
      { sku: skus[1], quantity: 3 },
      { sku: skus[2], quantity: 20 },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().items.map((i: { max_per_order: number }) => i.max_per_order)).toEqual([3, 20]);
  });

  it('answers bad quantities with the range message and refuses a limit outside 1-99 in the catalog', async () => {
    const player = await createPlayer(ctx(), { games: ['yggdra'] });
    const { skus } = await makeCatalog(ctx(), 'yggdra', [{ price: '1.00', available: 500, maxPerOrder: 5 }]);
    const cases: [unknown, RegExp][] = [
      [6, /at most 5 of/],
      [100, /whole number from 1 to 99/],
      [0, /whole number from 1 to 99/],
      [-3, /whole number from 1 to 99/],
      [5.5, /whole number from 1 to 99/],
      ['5', /whole number from 1 to 99/],
      [null, /whole number from 1 to 99/],
    ];
    for (const [quantity, message] of cases) {
      const res = await putCart(player, 'yggdra', [{ sku: skus[0], quantity }]);
      expect(res.statusCode, String(quantity)).toBe(422);
      expect(res.json().errors['items.0.quantity'][0]).toMatch(message);
    }
    // max_per_order is the catalog's, never the client's.
    const sneaky = await putCart(player, 'yggdra', [{ sku: skus[0], quantity: 6, max_per_order: 99 }]);
    expect(sneaky.statusCode).toBe(422);

    await expect(
      makeCatalog(ctx(), 'yggdra', [{ price: '1.00', available: 1, maxPerOrder: 0 }]),
    ).rejects.toThrow();
    await expect(
      makeCatalog(ctx(), 'yggdra', [{ price: '1.00', available: 1, maxPerOrder: 100 }]),
    ).rejects.toThrow();
  });

  it('refuses at checkout a cart line above a limit lowered since it was put in the cart', async () => {
    const player = await createPlayer(ctx(), { games: ['talesrunner'] });
    const { skus, rows } = await makeCatalog(ctx(), 'talesrunner', [
      { name: 'Speed Potion', price: '45.00', available: 100 },
    ]);
    expect((await putCart(player, 'talesrunner', [{ sku: skus[0], quantity: 8 }])).statusCode).toBe(200);
    await ctx().db.update(shopProducts).set({ maxPerOrder: 5 }).where(eq(shopProducts.id, rows[0]!.id));

    const res = await checkout(player, 'talesrunner');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'You can buy at most 5 of Speed Potion in one order.',
      code: 'VALIDATION_FAILED',
      errors: { 'items.0.quantity': ['You can buy at most 5 of Speed Potion in one order.'] },
    });
    expect(await pendingCount(player)).toBe(0);
    expect((await catalogEntry('talesrunner', skus[0]!)).available).toBe(100);
    expect((await getCart(player, 'talesrunner')).items).toHaveLength(1);
  });
});

describe('unpaid orders per player', () => {
  it(`refuses a ${MAX_OPEN_ORDERS + 1}th checkout while ${MAX_OPEN_ORDERS} orders are pending, in either shop, reserving nothing`, async () => {
    const { player } = await playerWithOpenOrders(MAX_OPEN_ORDERS);
    const { skus } = await makeCatalog(ctx(), 'talesrunner', [{ price: '20.00', available: 7 }]);
    expect((await putCart(player, 'talesrunner', [{ sku: skus[0], quantity: 2 }])).statusCode).toBe(200);

    const res = await checkout(player, 'talesrunner');
    expect(res.statusCode).toBe(422);
    const message =
      'You have 3 unpaid orders. Pay or cancel one on its payment page, or wait until one expires (in 30 minutes), before starting another.';
    expect(res.json()).toEqual({ message, code: 'TOO_MANY_OPEN_ORDERS', errors: { orders: [message] } });
    expect(await pendingCount(player)).toBe(3);
    expect((await catalogEntry('talesrunner', skus[0]!)).available).toBe(7);
    // The cart stays, ready for later.
    expect((await getCart(player, 'talesrunner')).items).toEqual([
      expect.objectContaining({ sku: skus[0], quantity: 2 }),
    ]);
    // Other players are not affected.
    const other = await createPlayer(ctx(), { games: ['talesrunner'] });
    expect((await fillCartAndCheckout(t.app, other.auth, 'talesrunner', skus[0]!, 1)).statusCode).toBe(200);
  });

  it('allows a checkout again once one of the three is paid', async () => {
    const { player, txnids, sku } = await playerWithOpenOrders(MAX_OPEN_ORDERS);
    expect((await putCart(player, 'yggdra', [{ sku, quantity: 1 }])).statusCode).toBe(200);
    expect((await checkout(player, 'yggdra')).statusCode).toBe(422);

    const paid = (await findOrderByTxnid(ctx(), txnids[1]!))!;
    expect(await markOrderPaid(ctx(), paid.id, 'T-1')).toBe(true);
    const again = await checkout(player, 'yggdra');
    expect(again.statusCode, again.body).toBe(200);
    expect(await pendingCount(player)).toBe(3);
  });

  it('allows a checkout again once one is canceled on its payment page', async () => {
    const player = await createPlayer(ctx(), { games: ['yggdra'] });
    const { skus } = await makeCatalog(ctx(), 'yggdra', [{ price: '10.00', available: 100 }]);
    const links: string[] = [];
    for (let i = 0; i < MAX_OPEN_ORDERS; i += 1) {
      links.push((await fillCartAndCheckout(t.app, player.auth, 'yggdra', skus[0]!, 1)).json().redirectUri);
    }
    expect((await putCart(player, 'yggdra', [{ sku: skus[0], quantity: 1 }])).statusCode).toBe(200);
    expect((await checkout(player, 'yggdra')).statusCode).toBe(422);
    const link = new URL(links[0]!);
    const cancel = await t.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=cancel',
    });
    expect(cancel.statusCode).toBe(303);
    expect((await checkout(player, 'yggdra')).statusCode).toBe(200);
  });

  it('allows a checkout again once the oldest order expires, and says when that will be', async () => {
    const player = await createPlayer(ctx(), { games: ['yggdra'] });
    const { skus } = await makeCatalog(ctx(), 'yggdra', [{ price: '10.00', available: 100 }]);
    const first = await fillCartAndCheckout(t.app, player.auth, 'yggdra', skus[0]!, 1);
    t.clock.advance(10 * 60_000);
    for (let i = 0; i < 2; i += 1) {
      expect((await fillCartAndCheckout(t.app, player.auth, 'yggdra', skus[0]!, 1)).statusCode).toBe(200);
    }
    expect((await putCart(player, 'yggdra', [{ sku: skus[0], quantity: 3 }])).statusCode).toBe(200);
    t.clock.advance(19 * 60_000 + 30_000);
    const refused = await checkout(player, 'yggdra');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('wait until one expires (in 1 minute)');
    expect((await catalogEntry('yggdra', skus[0]!)).available).toBe(97);

    // 30 minutes after the first checkout its reservation is over: it expires at once (no need to wait for
    // the scheduled task), its unit goes back, and the new order is taken.
    t.clock.advance(31_000);
    const res = await checkout(player, 'yggdra');
    expect(res.statusCode, res.body).toBe(200);
    expect(await findOrderByTxnid(ctx(), first.json().txnid)).toMatchObject({
      status: 'FAILED',
      failureReason: 'expired',
      stockState: 'released',
    });
    expect(await pendingCount(player)).toBe(3);
    expect((await catalogEntry('yggdra', skus[0]!)).available).toBe(100 - 2 - 3);
  });

  it('lets only one of two simultaneous checkouts (one per shop) take the third place', async () => {
    const { skus: ygg } = await makeCatalog(ctx(), 'yggdra', [{ price: '10.00', available: 1000 }]);
    const { skus: tr } = await makeCatalog(ctx(), 'talesrunner', [{ price: '10.00', available: 1000 }]);
    const players: Player[] = [];
    for (let i = 0; i < 8; i += 1) {
      const player = await createPlayer(ctx(), { games: ['yggdra', 'talesrunner'] });
      for (let n = 0; n < MAX_OPEN_ORDERS - 1; n += 1) {
        expect((await fillCartAndCheckout(t.app, player.auth, 'yggdra', ygg[0]!, 1)).statusCode).toBe(200);
      }
      expect((await putCart(player, 'yggdra', [{ sku: ygg[0], quantity: 1 }])).statusCode).toBe(200);
      expect((await putCart(player, 'talesrunner', [{ sku: tr[0], quantity: 1 }])).statusCode).toBe(200);
      players.push(player);
    }
    const results = await Promise.all(
      players.map((p) => Promise.all([checkout(p, 'yggdra'), checkout(p, 'talesrunner')])),
    );
    for (const [index, pair] of results.entries()) {
      expect(pair.map((r) => r.statusCode).sort(), `player ${index}`).toEqual([200, 422]);
      expect(pair.find((r) => r.statusCode === 422)!.json().errors.orders[0]).toMatch(/^You have 3 unpaid/);
      expect(await pendingCount(players[index]!)).toBe(MAX_OPEN_ORDERS);
    }
  }, 120_000);
});
