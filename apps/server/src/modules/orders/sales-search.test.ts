import type { OrdersReply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { orders } from '../../db/schema/index';

// Back-office sales (issue #27): search by txnid or the player's email; staff see the player's name.
let t: TestApp;
let staff: Awaited<ReturnType<typeof createAdmin>>;
let ann: Awaited<ReturnType<typeof createPlayer>>;
let bob: Awaited<ReturnType<typeof createPlayer>>;
const tag = crypto.randomUUID().slice(0, 8);

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createAdmin(t.app.ctx, { role: 'finance' });
  ann = await createPlayer(t.app.ctx, {
    games: ['yggdra'],
    name: 'Ann Buyer',
    email: `Ann.${tag}@Example.test`,
  });
  bob = await createPlayer(t.app.ctx, { games: ['talesrunner'], name: 'Bob Buyer', role: 'admin' });
  const order = (txnid: string, userId: string, game: 'yggdra' | 'talesrunner') => ({
    txnid,
    userId,
    game,
    amount: '10.00',
    currency: 'PHP',
    provider: 'sandbox',
    reservedUntil: t.clock.now(),
  });
  await t.app.ctx.db
    .insert(orders)
    .values([
      order(`ann-1-${tag}`, ann.user.id, 'yggdra'),
      order(`ann-2-${tag}`, ann.user.id, 'yggdra'),
      order(`bob-1-${tag}`, bob.user.id, 'talesrunner'),
    ]);
});
afterAll(() => t.close());

const post = (payload: object, headers: Record<string, string> = staff.auth) =>
  t.app.inject({ method: 'POST', url: '/api/getorders', headers, payload });
async function found(payload: object, headers?: Record<string, string>) {
  const res = await post(payload, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as OrdersReply).orders;
}

describe('sales orders search', () => {
  it('finds one order by its txnid, with the player name for staff', async () => {
    expect(await found({ search: ` bob-1-${tag} ` })).toEqual([
      expect.objectContaining({
        txnid: `bob-1-${tag}`,
        customer_id: bob.user.id,
        customer_name: 'Bob Buyer',
      }),
    ]);
  });

  it("finds a player's orders by their email in any case, paged or not, and totals only those", async () => {
    const txnids = (rows: { txnid: string }[]) => rows.map((r) => r.txnid).sort();
    expect(txnids(await found({ search: `ann.${tag}@example.TEST` }))).toEqual([
      `ann-1-${tag}`,
      `ann-2-${tag}`,
    ]);
    const res = await post({ search: `ann.${tag}@example.test`, per_page: 10 });
    const paged = res.json() as OrdersReply;
    expect(txnids(paged.orders)).toEqual([`ann-1-${tag}`, `ann-2-${tag}`]);
    expect(paged.totals?.orders).toBe(2);
    expect(paged.orders.every((o) => o.customer_name === 'Ann Buyer')).toBe(true);
  });

  it('matches nothing on part of a txnid or an email', async () => {
    expect(await found({ search: `ann-1` })).toEqual([]);
    expect(await found({ search: `ann.${tag}` })).toEqual([]);
  });

  it("keeps the spec's reply for a player with the sales role: no names", async () => {
    const rows = await found({ search: `bob-1-${tag}` }, bob.auth);
    expect(rows).toHaveLength(1);
    expect(rows[0]).not.toHaveProperty('customer_name');
  });

  it('refuses an over-long or non-text search with 422 and a message', async () => {
    for (const search of ['x'.repeat(256), 42]) {
      const res = await post({ search });
      expect(res.statusCode).toBe(422);
      expect(res.body).toMatch(/search/i);
    }
  });

  it('carries the search into the export link (only when given, else the spec address)', async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/exportorders/link',
      headers: staff.auth,
      payload: { search: `bob-1-${tag}` },
    });
    expect(link.statusCode, link.body).toBe(200);
    const url = new URL(link.json().url, 'http://x');
    expect(url.searchParams.get('search')).toBe(`bob-1-${tag}`);
    expect(url.searchParams.get('status')).toBe('');
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/exportorders/link',
      headers: staff.auth,
      payload: {},
    });
    expect(new URL(plain.json().url, 'http://x').searchParams.has('search')).toBe(false);
  });
});
