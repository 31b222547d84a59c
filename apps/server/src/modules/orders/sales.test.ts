import type { OrdersReply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { makeCatalog } from '../../../test/shop';
import { createOrder, markOrderFailed, markOrderPaid, newTxnid } from './service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
const ctx = () => t.app.ctx;

// 2026-05-02 in Manila (UTC+8): 16:00Z on May 1 to 16:00Z on May 2.
const DAY = { datestart: '2026-05-02', dateend: '2026-05-02' };
const IN_DAY = (minute: number) => new Date(Date.UTC(2026, 4, 1, 17, minute));
/** Orders of the day: 25 in all, 8 of them created at the very same instant (ties broken by id). */
const TIE = IN_DAY(30);
const PLAN = Array.from({ length: 25 }, (_, i) => ({
  at: i >= 10 && i < 18 ? TIE : IN_DAY(i),
  amount: `${10 + i}.${i % 2 ? '50' : '05'}`,
  currency: i % 5 === 3 ? 'USD' : 'PHP',
  outcome: i % 3 === 0 ? 'paid' : i % 3 === 1 ? 'failed' : 'pending',
}));

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2026-05-03T00:00:00Z') });
  admin = await createAdmin(ctx());
  const buyer = await createPlayer(ctx(), { games: ['yggdra'] });
  const { rows } = await makeCatalog(ctx(), 'yggdra', [{ price: '1.00', available: 1000 }]);
  const product = rows[0]!;
  const place = async (at: Date, amount: string, currency: string, outcome: string) => {
    const atCtx = { ...ctx(), clock: { now: () => at } };
    const order = await createOrder(atCtx, {
      txnid: newTxnid('yggdra', at),
      userId: buyer.user.id,
      game: 'yggdra',
      amount,
      currency,
      provider: 'sandbox',
      reservedUntil: new Date(at.getTime() + 30 * 60_000),
      items: [
        { productId: product.id, sku: product.sku, name: product.name, quantity: 1, unitPrice: amount },
      ],
    });
    if (outcome === 'paid') await markOrderPaid(atCtx, order.id, null);
    if (outcome === 'failed') await markOrderFailed(atCtx, order.id, 'declined');
  };
  for (const o of PLAN) await place(o.at, o.amount, o.currency, o.outcome);
  // Outside the day: must count nowhere in the day's totals or pages.
  await place(new Date('2026-05-01T15:59:59Z'), '999.00', 'PHP', 'paid');
  await place(new Date('2026-05-02T16:00:00Z'), '999.00', 'PHP', 'paid');
});
afterAll(() => t.close());

const post = (payload: object, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: 'POST', url: '/api/getorders', headers, payload });

async function reply(payload: object): Promise<OrdersReply> {
  const res = await post(payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The day's txnids as the database orders them: newest first, ties by id. */
async function newestFirst(status?: string): Promise<string[]> {
  const rows = await t.database.query<{ txnid: string }>(
    `select txnid from orders
      where created_at >= '2026-05-01T16:00:00Z' and created_at < '2026-05-02T16:00:00Z'
        and ($1::text is null or status = $1)
      order by created_at desc, id desc`,
    [status ?? null],
  );
  return rows.map((r) => r.txnid);
}

describe('sales dashboard paging', () => {
  it('reaches every order once, newest first with ties in id order, and walks back to the same pages', async () => {
    const expected = await newestFirst();
    expect(expected).toHaveLength(25);
    const pages: string[][] = [];
    let step: object | null = { page: 1 };
    while (step) {
      const page = await reply({ ...DAY, status: 'All', per_page: 10, ...step });
      expect(page.paging).toMatchObject({
        current_page: pages.length + 1,
        last_page: 3,
        per_page: 10,
        total: 25,
      });
      pages.push(page.orders.map((o) => o.txnid));
      step = page.paging!.next;
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(expected);

    // The last page has no next; Previous from it returns the same pages, page 1 asked afresh (no position).
    const last = await reply({ ...DAY, per_page: 10, page: 3 });
    expect(last.orders.map((o) => o.txnid)).toEqual(pages[2]);
    expect(last.paging!.next).toBeNull();
    expect(last.truncated).toBe(true);
    const second = await reply({ ...DAY, per_page: 10, ...last.paging!.prev });
    expect(second.paging!.prev).toEqual({ page: 1 });
    expect(second.orders.map((o) => o.txnid)).toEqual(pages[1]);
    const first = await reply({ ...DAY, per_page: 10, ...second.paging!.prev });
    expect(first.orders.map((o) => o.txnid)).toEqual(pages[0]);
    expect(first.paging!.prev).toBeNull();
  });

  it('keeps the tie of equal timestamps in one order across page boundaries of every size', async () => {
    for (const perPage of [10, 20]) {
      const seen: string[] = [];
      let step: object | null = {};
      while (step) {
        const page = await reply({ ...DAY, per_page: perPage, ...step });
        seen.push(...page.orders.map((o) => o.txnid));
        step = page.paging!.next;
      }
      expect(seen).toEqual(await newestFirst());
    }
    // A bare page number lands where following Next does.
    const third = await reply({ ...DAY, per_page: 10, page: 2 });
    expect(third.orders.map((o) => o.txnid)).toEqual((await newestFirst()).slice(10, 20));
  });

  it('answers an empty page past the end, and one page of a narrow filter', async () => {
    const beyond = await reply({ ...DAY, per_page: 10, page: 9 });
    expect(beyond.orders).toEqual([]);
    expect(beyond.paging).toMatchObject({
      current_page: 9,
      last_page: 9,
      total: 25,
      next: null,
      prev: { page: 8 },
    });
    const none = await reply({ datestart: '2020-01-01', dateend: '2020-01-01', per_page: 10 });
    expect(none).toMatchObject({
      orders: [],
      truncated: false,
      totals: { orders: 0, revenue: [] },
      paging: { current_page: 1, last_page: 1, total: 0, next: null, prev: null },
    });
    const paid = await reply({ ...DAY, status: 'SUCCESSFUL', per_page: 100 });
    expect(paid.orders.map((o) => o.txnid)).toEqual(await newestFirst('SUCCESSFUL'));
    expect(paid.paging).toMatchObject({ last_page: 1, next: null });
  });

  it('keeps the spec reply for a request without paging fields: the orders, no paging, totals added', async () => {
    const spec = await reply({ ...DAY, status: 'All' });
    expect(spec.paging).toBeUndefined();
    expect(spec.truncated).toBe(false);
    expect(spec.orders.map((o) => o.txnid)).toEqual(await newestFirst());
    expect(spec.totals.orders).toBe(25);
  });

  it('totals every order of the filter, not the page: counts and per-currency revenue of SUCCESSFUL orders', async () => {
    const direct = async (status: string | null) =>
      t.database.query<{ currency: string; orders: number; paid: number; revenue: string }>(
        `select currency, count(*)::int as orders, (count(*) filter (where status = 'SUCCESSFUL'))::int as paid,
           coalesce(sum(amount) filter (where status = 'SUCCESSFUL'), 0)::text as revenue
         from orders
         where created_at >= '2026-05-01T16:00:00Z' and created_at < '2026-05-02T16:00:00Z'
           and ($1::text is null or status = $1)
         group by currency order by currency`,
        [status],
      );
    for (const status of [null, 'SUCCESSFUL', 'FAILED']) {
      const sums = await direct(status);
      const page = await reply({ ...DAY, status: status ?? 'All', per_page: 10 });
      expect(page.totals).toEqual({
        orders: sums.reduce((n, r) => n + r.orders, 0),
        revenue: sums.map((r) => ({
          currency: r.currency,
          amount: Number(r.revenue).toFixed(2),
          orders: r.paid,
        })),
      });
      expect(page.orders.length).toBeLessThanOrEqual(10);
    }
    // The figures of the plan, worked out by hand once: 9 paid orders, 2 of them in USD.
    const all = await reply({ ...DAY, per_page: 10 });
    expect(all.totals.orders).toBe(25);
    const paid = PLAN.filter((o) => o.outcome === 'paid');
    const revenue = (currency: string) =>
      paid
        .filter((o) => o.currency === currency)
        .reduce((cents, o) => cents + Math.round(Number(o.amount) * 100), 0) / 100;
    expect(all.totals.revenue).toEqual([
      { currency: 'PHP', amount: revenue('PHP').toFixed(2), orders: 7 },
      { currency: 'USD', amount: revenue('USD').toFixed(2), orders: 2 },
    ]);
  });
});

describe('sales dashboard paging input', () => {
  it('refuses bad paging fields with 422 per field, and a bad page position with 400', async () => {
    const cases: [object, string, string][] = [
      [{ per_page: 7 }, 'per_page', 'per_page must be one of 10, 20, 50, 100.'],
      [{ per_page: '10' }, 'per_page', 'per_page must be one of 10, 20, 50, 100.'],
      [{ page: 0 }, 'page', 'page must be a whole number from 1.'],
      [{ page: 1.5 }, 'page', 'page must be a whole number from 1.'],
      [{ page: '2' }, 'page', 'page must be a whole number from 1.'],
      [{ page: 2_000_000 }, 'page', 'page is too large.'],
      [{ after: 'x'.repeat(201) }, 'after', 'after must be a page position.'],
      [{ after: 5 }, 'after', 'after must be a page position.'],
      [{ after: 'a', before: 'b' }, 'before', 'Send after or before, not both.'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post({ ...DAY, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(payload)).toEqual([message]);
    }
    const forged = Buffer.from('2026-05-01T17:00:00|not-a-uuid').toString('base64url');
    const impossible = Buffer.from('2026-02-30T17:00:00|00000000-0000-4000-8000-000000000000').toString(
      'base64url',
    );
    for (const position of ['garbage', forged, impossible]) {
      for (const field of ['after', 'before']) {
        const res = await post({ ...DAY, per_page: 10, page: 2, [field]: position });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'This page link is no longer valid.', code: 'BAD_REQUEST' });
      }
    }
    // The filter's own rules hold with paging too.
    const backwards = await post({ datestart: '2026-05-03', dateend: '2026-05-02', per_page: 10 });
    expect(backwards.statusCode).toBe(422);
  });

  it('opens pages to admins and role-admin players only, as without paging', async () => {
    const paging = { ...DAY, per_page: 10, page: 1 };
    const rolePlayer = await createPlayer(ctx(), { role: 'admin' });
    expect((await post(paging, rolePlayer.auth)).statusCode).toBe(200);
    const member = await createPlayer(ctx());
    const refused = await post(paging, member.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'The sales dashboard is for admins only.', code: 'FORBIDDEN' });
    const suspended = await createPlayer(ctx(), { role: 'admin', accountStatus: 'suspended' });
    expect((await post(paging, suspended.auth)).statusCode).toBe(403);
    expect((await post(paging, {})).statusCode).toBe(401);
    // Authentication comes before validation: a stranger learns nothing from bad paging.
    expect((await post({ per_page: 7 }, {})).statusCode).toBe(401);
    expect((await post({ per_page: 7 }, member.auth)).statusCode).toBe(403);
  });
});
