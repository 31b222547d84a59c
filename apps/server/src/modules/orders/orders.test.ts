import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { makeCatalog } from '../../../test/shop';
import { iterateOrders, listOrders } from './sales';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2026-03-10T04:00:00Z') });
});
afterAll(() => t.close());
const ctx = () => t.app.ctx;

async function order(game: 'yggdra' | 'talesrunner', player: Awaited<ReturnType<typeof createPlayer>>) {
  const { skus } = await makeCatalog(ctx(), game, [{ price: '12.34', available: 10 }]);
  await t.app.inject({
    method: 'PUT',
    url: `/api/xsolla/${game}/cart`,
    headers: player.auth,
    payload: { items: [{ sku: skus[0], quantity: 2 }] },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/xsolla/${game}/checkout`,
    headers: player.auth,
  });
  return { txnid: res.json().txnid as string, sku: skus[0]! };
}

describe('sales orders', () => {
  it('lists orders for an admin token and for a player with role admin; 403 for others, 401 without a token', async () => {
    const buyer = await createPlayer(ctx(), { games: ['yggdra'] });
    const { txnid, sku } = await order('yggdra', buyer);
    const admin = await createAdmin(ctx());
    const rolePlayer = await createPlayer(ctx(), { role: 'admin' });

    for (const auth of [admin.auth, rolePlayer.auth]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/getorders', headers: auth, payload: {} });
      expect(res.statusCode).toBe(200);
      const row = res.json().orders.find((o: { txnid: string }) => o.txnid === txnid);
      expect(row).toEqual({
        id: expect.any(String),
        transactionDate: '2026-03-10T04:00:00.000Z',
        txnid,
        customer_id: buyer.user.id,
        product_id: `${sku} x2`,
        merchant: 'Yggdra',
        price: '24.68',
        currency: 'PHP',
        txnstatus: 'Pending',
        refund_due: false,
        refunded_amount: null,
        fraud: null,
        dispute: null,
        // Staff see the player's name (decision 0046); a player with the admin role gets the spec's row.
        ...(auth === admin.auth ? { customer_name: buyer.user.name } : {}),
      });
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/getorders', headers: buyer.auth, payload: {} }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/getorders', payload: {} })).statusCode).toBe(401);
    const dead = { authorization: 'Bearer nope' };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/getorders', headers: dead, payload: {} })).statusCode,
    ).toBe(401);
  });

  it('filters by status and by plain dates in Manila time; refuses bad filters with 422', async () => {
    // 2026-03-11T17:30Z is 2026-03-12 01:30 in Manila.
    t.clock.set(new Date('2026-03-11T17:30:00Z'));
    const admin = await createAdmin(ctx());
    const buyer = await createPlayer(ctx(), { games: ['talesrunner'] });
    const { txnid } = await order('talesrunner', buyer);
    const query = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/getorders', headers: admin.auth, payload });
    const has = async (payload: object) =>
      (await query(payload)).json().orders.some((o: { txnid: string }) => o.txnid === txnid);
    expect(await has({ datestart: '2026-03-12', dateend: '2026-03-12', status: 'All' })).toBe(true);
    expect(await has({ datestart: '2026-03-11', dateend: '2026-03-11', status: 'All' })).toBe(false);
    expect(await has({ datestart: '2026-03-12', dateend: '2026-03-12', status: 'Pending' })).toBe(true);
    expect(await has({ datestart: '2026-03-12', dateend: '2026-03-12', status: 'SUCCESSFUL' })).toBe(false);
    expect(await has({ datestart: '', dateend: '', status: '' })).toBe(true);
    expect(await has({ datestart: null, dateend: null, status: null })).toBe(true);
    expect((await query({ datestart: '2026-03-13', dateend: '2026-03-12' })).statusCode).toBe(422);
    const badDate = await query({ datestart: '12/03/2026' });
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().errors.datestart).toEqual(['Use a date in the form YYYY-MM-DD.']);
    const bad = await query({ status: 'Paid' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toEqual([
      'Status must be All, Pending, SUCCESSFUL, FAILED, REFUNDED, CHARGEBACK or Refund due.',
    ]);
    expect(await has({ status: 'Refund due' })).toBe(false);
  });

  it('exports through a short-lived signed link; the download is never open without one', async () => {
    const admin = await createAdmin(ctx());
    const rolePlayer = await createPlayer(ctx(), { role: 'admin' });
    const buyer = await createPlayer(ctx(), { games: ['yggdra'] });
    const { txnid, sku } = await order('yggdra', buyer);

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/exportordersdownload?status=&datestart=&dateend=' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/exportorders/link', payload: {} })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/exportorders/link',
          headers: buyer.auth,
          payload: {},
        })
      ).statusCode,
    ).toBe(403);

    const link = await t.app.inject({
      method: 'POST',
      url: '/api/exportorders/link',
      headers: rolePlayer.auth,
      payload: { status: 'Pending', datestart: '', dateend: '' },
    });
    expect(link.statusCode).toBe(200);
    const url = link.json().url as string;
    expect(url).toMatch(/^\/api\/exportordersdownload\?status=Pending&datestart=&dateend=&signature=/);

    // Changing the filter breaks the signature.
    expect(
      (await t.app.inject({ method: 'GET', url: url.replace('status=Pending', 'status=All') })).statusCode,
    ).toBe(403);

    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('Sales_Orders.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Transaction Date',
      'Transaction ID',
      'Customer ID',
      'Product ID',
      'Merchant',
      'Price',
      'Currency',
      'Status',
      'Refund Due',
      'Refunded',
    ]);
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push(row.values as unknown[]);
    });
    const row = rows.find((r) => r[2] === txnid)!;
    expect(row.slice(2)).toEqual([
      txnid,
      buyer.user.id,
      `${sku} x2`,
      'Yggdra',
      '24.68',
      'PHP',
      'Pending',
      'No',
    ]);
    expect(rows.every((r) => r[8] === 'Pending')).toBe(true);
    const all = await listOrders(ctx(), { status: 'Pending' }, 10_000);
    expect(rows).toHaveLength(all.orders.length);

    // The export is in the audit log.
    const audit = await t.database.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'orders.export' and actor_id = $1",
      [rolePlayer.user.id],
    );
    expect(audit[0]!.n).toBe(1);

    // Two minutes later the link is dead.
    const adminLink = (
      await t.app.inject({ method: 'POST', url: '/api/exportorders/link', headers: admin.auth, payload: {} })
    ).json().url as string;
    t.clock.advance(2 * 60_000 + 1_000);
    expect((await t.app.inject({ method: 'GET', url: adminLink })).statusCode).toBe(403);
  });

  it('exports every row across keyset batches', async () => {
    const buyer = await createPlayer(ctx(), { games: ['yggdra'] });
    const { skus } = await makeCatalog(ctx(), 'yggdra', [{ price: '1.00', available: 100 }]);
    for (let i = 0; i < 5; i += 1) {
      await t.app.inject({
        method: 'PUT',
        url: '/api/xsolla/yggdra/cart',
        headers: buyer.auth,
        payload: { items: [{ sku: skus[0], quantity: 1 }] },
      });
      await t.app.inject({ method: 'POST', url: '/api/xsolla/yggdra/checkout', headers: buyer.auth });
    }
    const seen: string[] = [];
    for await (const batch of iterateOrders(ctx(), {}, 2)) seen.push(...batch.map((row) => row.txnid));
    const listed = await listOrders(ctx(), {}, 10_000);
    expect(seen).toEqual(listed.orders.map((o) => o.txnid));
  });
});
