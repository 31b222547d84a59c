import type { OrdersReply, OrderTotals } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { makeCatalog } from '../../../test/shop';
import { rowsOf } from '../../db/rows';
import {
  findOrderByTxnid,
  markOrderPaid,
  markOrderRefunded,
  orderSalesFeed,
  recordPartialRefund,
} from '../orders';
import { rebuildRegistrationRollups } from './registration-rollup';
import { refundShares } from './rollups';
import { rollupPaidOrders } from './sales-source';

/*
 * Every sales report of the game dashboards, compared with the orders it comes from after a full refund, a
 * partial refund and a chargeback, all given after the rollup had counted the orders (docs/analytics.md, "net
 * revenue"). Yggdra, reporting zone Asia/Manila (UTC+8); 2028-05-01 is a Monday.
 *   o1  A  2 × Rune Sword (798.00)            Mon  → refunded in full on Wed
 *   o2  B  1 × Rune Sword + 2 × Potion (499.00) Mon → 49.90 (10 %) refunded on Wed: sword −39.90, potions −10.00
 *   o3  A  3 × Potion (150.00)                Mon  → charged back on Wed
 *   o4  B  1 × Rune Sword (399.00)            Tue  → kept
 *   o5  A  1 × Potion (50.00)                 Tue  → refunded before the rollup ever ran
 */
const RANGE = 'fromDate=2028-05-01&toDate=2028-05-07';
let t: TestApp;
let admin: { authorization: string };
let sword: string;
let potion: string;
const before: Record<string, unknown> = {};
const ordersBefore: { revenue: number; orders: number } = { revenue: 0, orders: 0 };

/** The Sales Orders screen's totals over the week (orders created in it: here, the days they were paid). */
const salesOrdersTotals = async (): Promise<OrderTotals> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/getorders',
    headers: admin,
    payload: { datestart: '2028-05-01', dateend: '2028-05-07', status: 'All' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as OrdersReply).totals;
};

const get = async (path: string, range = RANGE) => {
  const url = `${path}${path.includes('?') ? '&' : '?'}${range}`;
  const res = await t.app.inject({ method: 'GET', url, headers: admin });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

const REPORTS = {
  itemSales: '/api/getItemSales?game=yggdra',
  weeklyRevenue: '/api/getWeeklyRevenue?game=yggdra',
  weeklySalesPerYear: '/api/getWeeklySalesPerYear?game=yggdra',
  lifetimeValue: '/api/calculateLTV?game=yggdra',
  buyingUsers: '/api/buyingUsersList?game=yggdra',
  storeType: '/api/sales/byStoreType?game=yggdra',
} as const;

async function checkout(auth: Record<string, string>, items: { sku: string; quantity: number }[]) {
  const cart = await t.app.inject({
    method: 'PUT',
    url: '/api/xsolla/yggdra/cart',
    headers: auth,
    payload: { items },
  });
  expect(cart.statusCode, cart.body).toBe(200);
  const res = await t.app.inject({ method: 'POST', url: '/api/xsolla/yggdra/checkout', headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  const order = (await findOrderByTxnid(t.app.ctx, res.json().txnid))!;
  expect(await markOrderPaid(t.app.ctx, order.id, `T-${order.txnid}`)).toBe(true);
  return order;
}

/**
 * What the orders say, straight from the orders tables: every SUCCESSFUL order paid in the week, at its amount
 * less what was given back; items at their line amounts less their share of it.
 */
async function fromOrders() {
  const rows = rowsOf<{ id: string; day: string; amount: string; refunded: string | null; status: string }>(
    await t.app.ctx.db.execute(sql`
      select id, to_char(paid_at at time zone 'Asia/Manila', 'YYYY-MM-DD') as day, amount::text as amount,
        refunded_amount::text as refunded, status
      from orders where game = 'yggdra' and paid_at is not null and status = 'SUCCESSFUL'
        and (paid_at at time zone 'Asia/Manila')::date between '2028-05-01' and '2028-05-07'`),
  );
  const lines = rowsOf<{ order_id: string; sku: string; quantity: number; amount: string }>(
    await t.app.ctx.db.execute(
      sql`select order_id, sku, quantity, (quantity * unit_price)::text as amount from order_items order by sku`,
    ),
  );
  const round = (n: number) => Math.round(n * 100) / 100;
  const byDay = new Map<string, { orders: number; revenue: number }>();
  const items = new Map<string, { quantity: number; revenue: number }>();
  for (const o of rows) {
    const net = Number(o.amount) - Number(o.refunded ?? 0);
    const day = byDay.get(o.day) ?? { orders: 0, revenue: 0 };
    byDay.set(o.day, { orders: day.orders + 1, revenue: round(day.revenue + net) });
    const own = lines
      .filter((l) => l.order_id === o.id)
      .map((l) => ({ sku: l.sku, quantity: l.quantity, amount: Number(l.amount) }));
    const shares = refundShares(own, Number(o.amount), Number(o.refunded ?? 0));
    own.forEach((l, i) => {
      const item = items.get(l.sku) ?? { quantity: 0, revenue: 0 };
      items.set(l.sku, {
        quantity: item.quantity + l.quantity,
        revenue: round(item.revenue + l.amount - shares[i]! / 100),
      });
    });
  }
  const days = [...byDay.values()];
  return {
    orders: days.reduce((n, d) => n + d.orders, 0),
    revenue: round(days.reduce((n, d) => n + d.revenue, 0)),
    byDay,
    items,
  };
}

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2028-05-01T01:00:00Z') });
  const ctx = t.app.ctx;
  const a = await createPlayer(ctx, { games: ['yggdra'] });
  const b = await createPlayer(ctx, { games: ['yggdra'] });
  const catalog = await makeCatalog(ctx, 'yggdra', [
    { name: 'Rune Sword', price: '399.00', available: 100, maxPerOrder: 10 },
    { name: 'Potion', price: '50.00', available: 100, maxPerOrder: 10 },
  ]);
  [sword, potion] = catalog.skus as [string, string];

  t.clock.set(new Date('2028-05-01T02:00:00Z'));
  const o1 = await checkout(a.auth, [{ sku: sword, quantity: 2 }]);
  const o2 = await checkout(b.auth, [
    { sku: sword, quantity: 1 },
    { sku: potion, quantity: 2 },
  ]);
  const o3 = await checkout(a.auth, [{ sku: potion, quantity: 3 }]);
  t.clock.set(new Date('2028-05-02T03:00:00Z'));
  await checkout(b.auth, [{ sku: sword, quantity: 1 }]);
  const o5 = await checkout(a.auth, [{ sku: potion, quantity: 1 }]);
  t.clock.advance(60_000);
  await markOrderRefunded(ctx, o5.id, { status: 'REFUNDED', reason: 'Bought by mistake', refundedBy: null });

  t.clock.advance(60_000);
  await rebuildRegistrationRollups(ctx);
  await rollupPaidOrders(ctx, orderSalesFeed);
  admin = (await createAdmin(ctx)).auth;
  for (const [name, path] of Object.entries(REPORTS)) before[name] = await get(path);
  before.salesOrders = await salesOrdersTotals();
  Object.assign(ordersBefore, await fromOrders());

  // Two days later, after the rollup counted them: a full refund, a partial refund and a chargeback.
  t.clock.set(new Date('2028-05-03T04:00:00Z'));
  await markOrderRefunded(ctx, o1.id, {
    status: 'REFUNDED',
    reason: 'Asked by the player',
    refundedBy: null,
  });
  expect(await recordPartialRefund(ctx, o2.id, '49.90', 'One potion was faulty')).toBe(true);
  t.clock.advance(60_000);
  await markOrderRefunded(ctx, o3.id, { status: 'CHARGEBACK', reason: null, refundedBy: null });
  t.clock.advance(60_000);
  await rollupPaidOrders(ctx, orderSalesFeed);
  // A second run finds nothing more to take off.
  t.clock.advance(60_000);
  await rollupPaidOrders(ctx, orderSalesFeed);
  admin = (await createAdmin(ctx)).auth;
});
afterAll(() => t?.close());

describe('sales reports are net of refunds and chargebacks', () => {
  it('the orders: 1,846.00 counted before the refunds, 848.10 after', async () => {
    expect(ordersBefore).toMatchObject({ orders: 4, revenue: 1846 });
    expect(await fromOrders()).toMatchObject({ orders: 2, revenue: 848.1 });
  });

  it('Sales Orders totals: revenue net of the partial refund, the refunded and charged-back orders at nothing', async () => {
    const orders = await fromOrders();
    // Every order of the week is listed and counted (refunded ones too); revenue is what was kept.
    expect(await salesOrdersTotals()).toEqual({
      orders: 5,
      revenue: [{ currency: 'PHP', amount: '848.10', orders: 2 }],
    });
    expect(orders).toMatchObject({ orders: 2, revenue: 848.1 });
    // The same figures as the dashboards over the same orders.
    expect(await get(REPORTS.weeklyRevenue)).toEqual([
      { week_start: '2028-05-01', orders: 2, revenue: 848.1 },
    ]);
    expect(before.salesOrders).toEqual({
      orders: 5,
      revenue: [{ currency: 'PHP', amount: '1846.00', orders: 4 }],
    });
  });

  it('Item Sales', async () => {
    const items = (await fromOrders()).items;
    const reply = await get(REPORTS.itemSales);
    expect(reply).toEqual([
      { sku: sword, name: 'Rune Sword', quantity: 2, revenue: 758.1 },
      { sku: potion, name: 'Potion', quantity: 2, revenue: 90 },
    ]);
    for (const row of reply)
      expect(items.get(row.sku)).toEqual({ quantity: row.quantity, revenue: row.revenue });
    expect(before.itemSales).toEqual([
      { sku: sword, name: 'Rune Sword', quantity: 4, revenue: 1596 },
      { sku: potion, name: 'Potion', quantity: 5, revenue: 250 },
    ]);
  });

  it('Weekly Revenue', async () => {
    const orders = await fromOrders();
    expect(await get(REPORTS.weeklyRevenue)).toEqual([
      { week_start: '2028-05-01', orders: orders.orders, revenue: orders.revenue },
    ]);
    expect(orders).toMatchObject({ orders: 2, revenue: 848.1 });
    expect(before.weeklyRevenue).toEqual([{ week_start: '2028-05-01', orders: 4, revenue: 1846 }]);
  });

  it('Weekly Sales per Year', async () => {
    const orders = await fromOrders();
    expect(await get(REPORTS.weeklySalesPerYear)).toEqual([
      { year: 2028, week: 18, orders: orders.orders, revenue: orders.revenue },
    ]);
    expect(before.weeklySalesPerYear).toEqual([{ year: 2028, week: 18, orders: 4, revenue: 1846 }]);
  });

  it('Lifetime value', async () => {
    const orders = await fromOrders();
    // Both players registered and paid in the week: buyers are those whose payment was taken.
    expect(await get(REPORTS.lifetimeValue)).toEqual({
      game: 'yggdra',
      revenue: orders.revenue,
      orders: orders.orders,
      registered_players: 2,
      paying_players: 2,
      ltv: 424.05,
      arppu: 424.05,
    });
    expect(before.lifetimeValue).toMatchObject({ revenue: 1846, orders: 4, ltv: 923 });
  });

  it('Buying users per day (orders and revenue by the day paid)', async () => {
    const { byDay } = await fromOrders();
    const reply = await get(REPORTS.buyingUsers);
    expect(reply.filter((row: { buyers: number }) => row.buyers > 0)).toEqual([
      { date: '2028-05-01', buyers: 2, new_buyers: 2, returning_buyers: 0, orders: 1, revenue: 449.1 },
      { date: '2028-05-02', buyers: 2, new_buyers: 0, returning_buyers: 2, orders: 1, revenue: 399 },
    ]);
    for (const row of reply)
      expect(byDay.get(row.date) ?? { orders: 0, revenue: 0 }).toEqual({
        orders: row.orders,
        revenue: row.revenue,
      });
  });

  it('Sales by Store Type', async () => {
    const orders = await fromOrders();
    expect(await get(REPORTS.storeType)).toEqual([
      { store_type: 'Yggdra Webshop', orders: orders.orders, revenue: orders.revenue },
    ]);
    expect(before.storeType).toEqual([{ store_type: 'Yggdra Webshop', orders: 4, revenue: 1846 }]);
  });
});

describe('weekly sales reports', () => {
  it('give a week without sales as zeros, over the range or between the weeks with data', async () => {
    const range = 'fromDate=2028-04-26&toDate=2028-05-09';
    expect(await get(REPORTS.weeklyRevenue, range)).toEqual([
      { week_start: '2028-04-24', orders: 0, revenue: 0 },
      { week_start: '2028-05-01', orders: 2, revenue: 848.1 },
      { week_start: '2028-05-08', orders: 0, revenue: 0 },
    ]);
    expect(await get(REPORTS.weeklySalesPerYear, range)).toEqual([
      { year: 2028, week: 17, orders: 0, revenue: 0 },
      { year: 2028, week: 18, orders: 2, revenue: 848.1 },
      { year: 2028, week: 19, orders: 0, revenue: 0 },
    ]);
    // Across a new year: 2027-12-27 is in ISO week 52 of 2027, 2028-01-03 in week 1 of 2028.
    expect(
      (await get(REPORTS.weeklySalesPerYear, 'fromDate=2027-12-27&toDate=2028-01-03')).map(
        (row: { year: number; week: number }) => [row.year, row.week],
      ),
    ).toEqual([
      [2027, 52],
      [2028, 1],
    ]);
  });
});

describe('refundShares', () => {
  it('shares a refund by the lines’ amounts, to the cent, the last line taking the rounding', () => {
    expect(refundShares([{ amount: 399 }, { amount: 100 }], 499, 49.9)).toEqual([3990, 1000]);
    expect(refundShares([{ amount: 1 }, { amount: 1 }, { amount: 1 }], 3, 1)).toEqual([33, 33, 34]);
    expect(refundShares([{ amount: 10 }], 10, 10)).toEqual([1000]);
    expect(refundShares([], 0, 0)).toEqual([]);
  });
});
