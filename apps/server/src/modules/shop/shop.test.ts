import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { makeCatalog } from '../../../test/shop';
import { expireReservations, findOrderByTxnid, orderItemsOf } from '../orders';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ctx = () => t.app.ctx;
const available = async (sku: string) => {
  const products = (await t.app.inject({ method: 'GET', url: '/api/getproducts/yggdra' })).json()
    .products as {
    sku: string;
    available: number;
  }[];
  return products.find((p) => p.sku === sku)?.available;
};

describe('catalog', () => {
  it('lists products with exact prices, stock and groups, and the groups', async () => {
    const { skus, tag } = await makeCatalog(
      ctx(),
      'talesrunner',
      [
        { price: '1499.00', available: 3, groups: ['costumes'] },
        { price: '0.10', available: 0, groups: ['costumes', 'boosters'] },
      ],
      [
        { externalId: 'costumes', name: 'Costumes' },
        { externalId: 'boosters', name: 'Boosters' },
      ],
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/getproducts/talesrunner' });
    expect(res.statusCode).toBe(200);
    const products = res.json().products as Record<string, unknown>[];
    const first = products.find((p) => p.sku === skus[0])!;
    expect(first).toMatchObject({
      price: { amount: '1499.00', currency: 'PHP' },
      available: 3,
      groups: [{ external_id: `costumes-${tag}`, name: 'Costumes' }],
    });
    expect(first.image_url).toMatch(/^\/shop-images\/.+\.svg$/);
    expect(products.find((p) => p.sku === skus[1])).toMatchObject({
      price: { amount: '0.10' },
      available: 0,
    });

    const groups = await t.app.inject({ method: 'GET', url: '/api/getproducts/talesrunner/groups' });
    expect(groups.statusCode).toBe(200);
    expect(groups.json().groups).toEqual(
      expect.arrayContaining([
        { external_id: `costumes-${tag}`, name: 'Costumes' },
        { external_id: `boosters-${tag}`, name: 'Boosters' },
      ]),
    );
  });

  it('answers 422 for a game without a shop', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/getproducts/caliber' })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/getproducts/nope/groups' })).statusCode).toBe(422);
  });

  it('serves product images as same-origin SVG', async () => {
    const { rows } = await makeCatalog(ctx(), 'yggdra', [{ price: '1.00', available: 1 }]);
    const res = await t.app.inject({ method: 'GET', url: rows[0]!.imageUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
    expect((await t.app.inject({ method: 'GET', url: '/shop-images/..%2Fetc.svg' })).statusCode).toBe(404);
  });
});

describe('cart', () => {
  it('needs a player session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/xsolla/yggdra/cart' })).statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: '/api/xsolla/yggdra/cart', payload: { items: [] } });
    expect(put.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/xsolla/yggdra/checkout' })).statusCode).toBe(401);
  });

  it('replaces, reads and removes items; totals are exact', async () => {
    const player = await createPlayer(ctx(), { games: ['yggdra'] });
    const { skus } = await makeCatalog(ctx(), 'yggdra', [
      { price: '0.10', available: 50 },
      { price: '0.20', available: 50 },
    ]);
    const empty = await t.app.inject({ method: 'GET', url: '/api/xsolla/yggdra/cart', headers: player.auth });
    expect(empty.json()).toEqual({ items: [], price: { amount: '0.00', currency: 'PHP' } });

    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/xsolla/yggdra/cart',
      headers: player.auth,
      payload: {
        items: [
          { sku: skus[0], quantity: 3 },
          { sku: skus[1], quantity: 1 },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    // 3 × 0.10 + 0.20 is 0.50 exactly (a float sum would give 0.5000000000000001).
    expect(put.json().price).toEqual({ amount: '0.50', currency: 'PHP' });
    expect(put.json().items[0]).toMatchObject({
      sku: skus[0],
      quantity: 3,
      price: { amount: '0.10', currency: 'PHP' },
    });

    const get = await t.app.inject({ method: 'GET', url: '/api/xsolla/yggdra/cart', headers: player.auth });
    expect(get.json().items).toHaveLength(2);
    // Carts are per game.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/xsolla/talesrunner/cart',
      headers: player.auth,
    });
    expect(other.json().items).toHaveLength(0);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/xsolla/yggdra/cart/item/${skus[0]}`,
      headers: player.auth,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().items.map((i: { sku: string }) => i.sku)).toEqual([skus[1]]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/xsolla/yggdra/cart/item/${skus[0]}`,
      headers: player.auth,
    });
    expect(again.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/xsolla/yggdra/cart/item/no-such-sku',
      headers: player.auth,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses unknown skus, bad quantities and more than the stock with 422, changing nothing', async () => {
    const player = await createPlayer(ctx(), { games: ['yggdra'] });
    const { skus } = await makeCatalog(ctx(), 'yggdra', [
      { price: '10.00', available: 5 },
      { price: '10.00', available: 0 },
    ]);
    const { skus: trSkus } = await makeCatalog(ctx(), 'talesrunner', [{ price: '10.00', available: 5 }]);
    await t.app.inject({
      method: 'PUT',
      url: '/api/xsolla/yggdra/cart',
      headers: player.auth,
      payload: { items: [{ sku: skus[0], quantity: 2 }] },
    });
    const cases: [unknown, string][] = [
      [{ items: [{ sku: 'nope', quantity: 1 }] }, 'items.0.sku'],
      [{ items: [{ sku: trSkus[0], quantity: 1 }] }, 'items.0.sku'],
      [{ items: [{ sku: skus[0], quantity: 0 }] }, 'items.0.quantity'],
      [{ items: [{ sku: skus[0], quantity: 100 }] }, 'items.0.quantity'],
      [{ items: [{ sku: skus[0], quantity: 1.5 }] }, 'items.0.quantity'],
      [{ items: [{ sku: skus[0], quantity: '2' }] }, 'items.0.quantity'],
      [{ items: [{ sku: skus[0], quantity: 6 }] }, 'items.0.quantity'],
      [{ items: [{ sku: skus[1], quantity: 1 }] }, 'items.0.quantity'],
      [
        {
          items: [
            { sku: skus[0], quantity: 1 },
            { sku: skus[0], quantity: 1 },
          ],
        },
        'items.1.sku',
      ],
      [{}, 'items'],
      [{ items: 'x' }, 'items'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/xsolla/yggdra/cart',
        headers: player.auth,
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(res.json())).toBeDefined();
      expect(res.json().message).toBeTruthy();
    }
    const cart = await t.app.inject({ method: 'GET', url: '/api/xsolla/yggdra/cart', headers: player.auth });
    expect(cart.json().items).toEqual([expect.objectContaining({ sku: skus[0], quantity: 2 })]);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/xsolla/yggdra/cart',
      headers: { ...player.auth, 'content-type': 'application/json' },
      payload: '{"items":',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('checkout', () => {
  it('creates a Pending order, reserves stock, empties the cart and returns the sandbox page', async () => {
    const player = await createPlayer(ctx(), { games: ['yggdra'] });
    const { skus } = await makeCatalog(ctx(), 'yggdra', [{ price: '149.00', available: 10 }]);
    await t.app.inject({
      method: 'PUT',
      url: '/api/xsolla/yggdra/cart',
      headers: player.auth,
      payload: { items: [{ sku: skus[0], quantity: 3 }] },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/xsolla/yggdra/checkout',
      headers: player.auth,
    });
    expect(res.statusCode).toBe(200);
    const { redirectUri, txnid } = res.json();
    expect(redirectUri).toMatch(/^http:\/\/portal\.test\/sandbox-pay\//);
    const order = (await findOrderByTxnid(ctx(), txnid))!;
    expect(order).toMatchObject({
      status: 'Pending',
      amount: '447.00',
      currency: 'PHP',
      userId: player.user.id,
    });
    expect((await orderItemsOf(ctx(), order.id))[0]).toMatchObject({
      sku: skus[0],
      quantity: 3,
      unitPrice: '149.00',
    });
    expect(await available(skus[0]!)).toBe(7);
    const cart = await t.app.inject({ method: 'GET', url: '/api/xsolla/yggdra/cart', headers: player.auth });
    expect(cart.json().items).toHaveLength(0);

    const emptyAgain = await t.app.inject({
      method: 'POST',
      url: '/api/xsolla/yggdra/checkout',
      headers: player.auth,
    });
    expect(emptyAgain.statusCode).toBe(422);
  });

  it('refuses with 422 when the stock is gone since the item was put in the cart', async () => {
    const a = await createPlayer(ctx(), { games: ['yggdra'] });
    const b = await createPlayer(ctx(), { games: ['yggdra'] });
    const { skus } = await makeCatalog(ctx(), 'yggdra', [{ price: '5.00', available: 2 }]);
    for (const p of [a, b]) {
      await t.app.inject({
        method: 'PUT',
        url: '/api/xsolla/yggdra/cart',
        headers: p.auth,
        payload: { items: [{ sku: skus[0], quantity: 2 }] },
      });
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/xsolla/yggdra/checkout', headers: a.auth }))
        .statusCode,
    ).toBe(200);
    const late = await t.app.inject({ method: 'POST', url: '/api/xsolla/yggdra/checkout', headers: b.auth });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toMatch(/out of stock/);
    // b keeps the cart when checkout fails.
    const cart = await t.app.inject({ method: 'GET', url: '/api/xsolla/yggdra/cart', headers: b.auth });
    expect(cart.json().items).toHaveLength(1);
  });

  it('50 parallel checkouts for the last 10 units make exactly 10 reservations', async () => {
    const { skus } = await makeCatalog(ctx(), 'yggdra', [{ price: '99.00', available: 10 }]);
    const players = [];
    for (let i = 0; i < 50; i += 1) players.push(await createPlayer(ctx(), { games: ['yggdra'] }));
    for (const p of players) {
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/xsolla/yggdra/cart',
        headers: p.auth,
        payload: { items: [{ sku: skus[0], quantity: 1 }] },
      });
      expect(put.statusCode).toBe(200);
    }
    const results = await Promise.all(
      players.map((p) =>
        t.app.inject({ method: 'POST', url: '/api/xsolla/yggdra/checkout', headers: p.auth }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(40);
    expect(await available(skus[0]!)).toBe(0);
  }, 120_000);

  it('lets one player replace the same cart from many requests at once, last write wins whole', async () => {
    const player = await createPlayer(ctx(), { games: ['talesrunner'] });
    const { skus } = await makeCatalog(ctx(), 'talesrunner', [
      { price: '10.00', available: 50 },
      { price: '20.00', available: 50 },
    ]);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/xsolla/talesrunner/cart',
          headers: player.auth,
          payload: { items: [{ sku: skus[i % 2], quantity: (i % 10) + 1 }] },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const cart = await t.app.inject({
      method: 'GET',
      url: '/api/xsolla/talesrunner/cart',
      headers: player.auth,
    });
    expect(cart.json().items).toHaveLength(1);
  });

  it('releases the reservation after 30 minutes and fails the order', async () => {
    const player = await createPlayer(ctx(), { games: ['talesrunner'] });
    const { skus } = await makeCatalog(ctx(), 'talesrunner', [{ price: '20.00', available: 4 }]);
    await t.app.inject({
      method: 'PUT',
      url: '/api/xsolla/talesrunner/cart',
      headers: player.auth,
      payload: { items: [{ sku: skus[0], quantity: 4 }] },
    });
    const { txnid } = (
      await t.app.inject({ method: 'POST', url: '/api/xsolla/talesrunner/checkout', headers: player.auth })
    ).json();
    t.clock.advance(29 * 60_000);
    await expireReservations(ctx());
    expect((await findOrderByTxnid(ctx(), txnid))!.status).toBe('Pending');
    t.clock.advance(2 * 60_000);
    expect(await expireReservations(ctx())).toBeGreaterThanOrEqual(1);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({
      status: 'FAILED',
      failureReason: 'expired',
      stockState: 'released',
    });
    const products = (await t.app.inject({ method: 'GET', url: '/api/getproducts/talesrunner' })).json()
      .products;
    expect(products.find((p: { sku: string }) => p.sku === skus[0]).available).toBe(4);
    const confirmation = await t.app.inject({
      method: 'GET',
      url: `/api/xsolla/confirmation?txnid=${txnid}`,
      headers: player.auth,
    });
    expect(confirmation.json()).toMatchObject({
      status: 'FAILED',
      message: expect.stringMatching(/expired/),
    });
  });
});
