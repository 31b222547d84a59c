import { randomUUID } from 'node:crypto';
import { REFUND_MESSAGES } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, XSOLLA_ENV } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { fillCartAndCheckout, makeCatalog } from '../../../test/shop';
import { stepUp } from '../../../test/step-up';
import { auditLog, emailOutbox } from '../../db/schema/index';
import { createOrder, expireReservations, findOrderByTxnid, markOrderPaid } from '../orders';
import { webhookSecret, xsollaSignature } from './signature';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const ctx = () => t.app.ctx;

function webhook(body: unknown) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/xsolla/webhook',
    headers: {
      'content-type': 'application/json',
      authorization: `Signature ${xsollaSignature(Buffer.from(raw), webhookSecret(ctx().config))}`,
    },
    payload: raw,
  });
}

const transaction = (txnid: string, id = `T-${randomUUID()}`) => ({ id, external_id: txnid });

/** A checkout of 2 × 149.50 (299.00 PHP), paid (by transaction `paidWith`) unless `paid` is false. */
async function order(paid = true) {
  const player = await createPlayer(ctx(), { games: ['talesrunner'] });
  const { skus } = await makeCatalog(ctx(), 'talesrunner', [{ price: '149.50', available: 10 }]);
  const { txnid } = (await fillCartAndCheckout(t.app, player.auth, 'talesrunner', skus[0]!, 2)).json();
  const paidWith = `T-${randomUUID()}`;
  if (paid) {
    const payment = {
      notification_type: 'payment',
      purchase: { total: { amount: 299, currency: 'PHP' } },
      user: { id: player.user.id },
      transaction: transaction(txnid, paidWith),
    };
    expect((await webhook(payment)).statusCode).toBe(204);
  }
  return { player, txnid: txnid as string, sku: skus[0]!, paidWith };
}

/** Expired first, paid anyway: FAILED and owed a refund. */
async function refundDueOrder() {
  const due = await order(false);
  t.clock.advance(31 * 60_000);
  await expireReservations(ctx());
  const payment = {
    notification_type: 'payment',
    purchase: { total: { amount: 299, currency: 'PHP' } },
    user: { id: due.player.user.id },
    transaction: transaction(due.txnid, due.paidWith),
  };
  expect((await webhook(payment)).statusCode).toBe(204);
  expect(await findOrderByTxnid(ctx(), due.txnid)).toMatchObject({ status: 'FAILED' });
  return due;
}

const statusOf = async (txnid: string) => (await findOrderByTxnid(ctx(), txnid))!.status;

const stock = async (sku: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/getproducts/talesrunner' }))
    .json()
    .products.find((p: { sku: string }) => p.sku === sku).available;

describe('refund and chargeback notifications', () => {
  it('a refund makes a paid order REFUNDED once; a repeat or a later chargeback changes nothing', async () => {
    const { txnid, sku, paidWith } = await order();
    const stockBefore = await stock(sku);
    const refund = {
      notification_type: 'refund',
      transaction: transaction(txnid, paidWith),
      refund_details: { reason: 'Asked by the player' },
    };
    expect((await webhook(refund)).statusCode).toBe(204);
    const refunded = await findOrderByTxnid(ctx(), txnid);
    expect(refunded).toMatchObject({
      status: 'REFUNDED',
      refundedAmount: '299.00',
      refundReason: 'Asked by the player',
      refundedBy: null,
    });
    t.clock.advance(60_000);
    expect((await webhook(refund)).statusCode).toBe(204);
    expect(
      (await webhook({ notification_type: 'chargeback', transaction: transaction(txnid, paidWith) }))
        .statusCode,
    ).toBe(204);
    expect(await findOrderByTxnid(ctx(), txnid)).toEqual(refunded);
    // The items were delivered when it was paid: the stock stays taken.
    expect(await stock(sku)).toBe(stockBefore);
  });

  it('a chargeback makes a paid order CHARGEBACK, and a refund after it changes nothing', async () => {
    const { txnid, player, paidWith } = await order();
    expect(
      (await webhook({ notification_type: 'chargeback', transaction: transaction(txnid, paidWith) }))
        .statusCode,
    ).toBe(204);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({
      status: 'CHARGEBACK',
      refundedAmount: '299.00',
    });
    expect(
      (await webhook({ notification_type: 'refund', transaction: transaction(txnid, paidWith) })).statusCode,
    ).toBe(204);
    expect(await statusOf(txnid)).toBe('CHARGEBACK');
    const result = await t.app.inject({
      method: 'GET',
      url: `/api/xsolla/confirmation?txnid=${txnid}`,
      headers: player.auth,
    });
    expect(result.json().message).toBe('Your payment was reversed by your bank');
  });

  it('a refund of a refund-due order makes it REFUNDED and takes it off the queue', async () => {
    const { txnid, paidWith } = await refundDueOrder();
    expect(
      (await webhook({ notification_type: 'refund', transaction: transaction(txnid, paidWith) })).statusCode,
    ).toBe(204);
    expect(await statusOf(txnid)).toBe('REFUNDED');
    const admin = await createAdmin(ctx());
    const queue = await t.app.inject({
      method: 'POST',
      url: '/api/getorders',
      headers: admin.auth,
      payload: { status: 'Refund due' },
    });
    expect(queue.json().orders.map((o: { txnid: string }) => o.txnid)).not.toContain(txnid);
  });

  it('leaves an unpaid order as it is, and refuses an unknown one', async () => {
    const { txnid } = await order(false);
    for (const notification_type of ['refund', 'partial_refund', 'chargeback'])
      expect(
        (
          await webhook({
            notification_type,
            transaction: transaction(txnid),
            purchase: { total: { amount: 1, currency: 'PHP' } },
          })
        ).statusCode,
      ).toBe(204);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({ status: 'Pending', refundedAmount: null });
    const unknown = await webhook({ notification_type: 'refund', transaction: transaction('NO-SUCH-TXN') });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('INCORRECT_INVOICE');
  });

  it("refuses a refund, chargeback or partial refund that names another transaction than the order's", async () => {
    const { txnid, paidWith } = await order();
    for (const notification_type of ['refund', 'chargeback', 'partial_refund']) {
      const res = await webhook({
        notification_type,
        transaction: transaction(txnid, `T-other-${randomUUID()}`),
        purchase: { total: { amount: 10, currency: 'PHP' } },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'INCORRECT_INVOICE',
        message: 'The transaction does not match the order',
      });
    }
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({
      status: 'SUCCESSFUL',
      refundedAmount: null,
    });
    // The paying transaction's refund still goes through.
    const refund = { notification_type: 'refund', transaction: transaction(txnid, paidWith) };
    expect((await webhook(refund)).statusCode).toBe(204);
    expect(await statusOf(txnid)).toBe('REFUNDED');
  });

  it('a partial refund keeps the order SUCCESSFUL with the amount, until the parts reach the whole', async () => {
    const { txnid, paidWith } = await order();
    const part = (amount: unknown, currency = 'PHP', date = '2026-11-20T10:00:00+00:00') => ({
      notification_type: 'partial_refund',
      transaction: { ...transaction(txnid, paidWith), date },
      purchase: { total: { amount, currency } },
      refund_details: { reason: 'One item' },
    });
    expect((await webhook(part(50))).statusCode).toBe(204);
    // The same notification resent counts once.
    expect((await webhook(part(50))).statusCode).toBe(204);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({
      status: 'SUCCESSFUL',
      refundedAmount: '50.00',
      refundReason: 'One item',
    });
    // Another partial refund of the same amount (a notification of its own) counts too.
    expect((await webhook(part(50, 'PHP', '2026-11-21T09:30:00+00:00'))).statusCode).toBe(204);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({ refundedAmount: '100.00' });
    for (const body of [part(50, 'USD'), part(300), part(0), part('lots')]) {
      const res = await webhook(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INCORRECT_AMOUNT');
    }
    expect((await webhook(part(199))).statusCode).toBe(204);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({
      status: 'REFUNDED',
      refundedAmount: '299.00',
    });
  });

  it('refuses a refund notification whose signature does not match', async () => {
    const { txnid } = await order();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/xsolla/webhook',
      headers: { 'content-type': 'application/json', authorization: `Signature ${'0'.repeat(40)}` },
      payload: JSON.stringify({ notification_type: 'refund', transaction: transaction(txnid) }),
    });
    expect(res.json().error.code).toBe('INVALID_SIGNATURE');
    expect(await statusOf(txnid)).toBe('SUCCESSFUL');
  });
});

describe('POST /api/admin/orders/{txnid}/refund', () => {
  const refund = (
    txnid: string,
    headers: Record<string, string>,
    payload: unknown = { reason: 'Bought twice' },
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${txnid}/refund`,
      headers,
      payload: payload as object,
    });

  it('finance refunds a paid order: REFUNDED with who and why, audited, the player emailed, shown everywhere', async () => {
    const { txnid, player, sku } = await order();
    const stockBefore = await stock(sku);
    const finance = await createAdmin(ctx(), { role: 'finance' });
    const res = await refund(txnid, finance.auth, { reason: '  Bought twice  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: REFUND_MESSAGES.refunded(txnid) });
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({
      status: 'REFUNDED',
      refundedAmount: '299.00',
      refundReason: 'Bought twice',
      refundedBy: finance.admin.id,
      refundedAt: t.clock.now(),
    });
    expect(await stock(sku)).toBe(stockBefore);
    const [audit] = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'orders.refund'), eq(auditLog.target, `order:${txnid}`)));
    expect(audit).toMatchObject({
      actorId: finance.admin.id,
      details: { userId: player.user.id, amount: '299.00', currency: 'PHP', reason: 'Bought twice' },
    });
    const mail = await ctx().db.select().from(emailOutbox).where(eq(emailOutbox.to, player.user.email));
    expect(mail.filter((m) => m.kind === 'order-refund')).toEqual([
      expect.objectContaining({
        subject: `Your order ${txnid} was refunded`,
        // The amount as every page writes it, and what was bought.
        text: expect.stringMatching(/PHP 299\.00\.[\s\S]*Refunded: Product 0 \S+ × 2\./),
      }),
    ]);

    const sales = await t.app.inject({
      method: 'POST',
      url: '/api/getorders',
      headers: finance.auth,
      payload: { status: 'REFUNDED' },
    });
    expect(sales.json().orders.find((o: { txnid: string }) => o.txnid === txnid)).toMatchObject({
      txnstatus: 'REFUNDED',
      refund_due: false,
      refunded_amount: '299.00',
    });
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/exportorders/link',
      headers: finance.auth,
      payload: { status: 'REFUNDED' },
    });
    const download = await t.app.inject({ method: 'GET', url: link.json().url });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const exported: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((r) => {
      exported.push(r.values as unknown[]);
    });
    expect(exported.find((r) => r[2] === txnid)?.slice(8)).toEqual(['REFUNDED', 'No', '299.00']);

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/orders/mine?txnid=${txnid}`,
      headers: player.auth,
    });
    expect(mine.json().orders[0]).toMatchObject({ status: 'REFUNDED', refund_due: false });
    const result = await t.app.inject({
      method: 'GET',
      url: `/api/xsolla/confirmation?txnid=${txnid}`,
      headers: player.auth,
    });
    expect(result.json()).toEqual({ message: 'Your payment was refunded', status: 'REFUNDED', txnid });

    const again = await refund(txnid, finance.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REFUND_MESSAGES.notRefundable);
  });

  it('an owner works through the refund-due queue', async () => {
    const { txnid, player } = await refundDueOrder();
    const owner = await createAdmin(ctx());
    expect((await refund(txnid, owner.auth)).statusCode).toBe(200);
    // The player detail page no longer shows it as owed.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${player.user.id}`,
      headers: owner.auth,
    });
    expect(detail.json().orders.find((o: { txnid: string }) => o.txnid === txnid)).toMatchObject({
      status: 'REFUNDED',
      refund_due: false,
    });
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({
      status: 'REFUNDED',
      refundedBy: owner.admin.id,
    });
  });

  it('answers 409 for an order not paid, or charged back', async () => {
    const owner = await createAdmin(ctx());
    const pending = await order(false);
    expect((await refund(pending.txnid, owner.auth)).statusCode).toBe(409);
    t.clock.advance(31 * 60_000);
    await expireReservations(ctx());
    // Half an hour on, the owner's sign-in is no longer a recent proof: they confirm it's them.
    await stepUp(t, owner.auth, '/api/admin');
    expect((await refund(pending.txnid, owner.auth)).statusCode).toBe(409);
    const charged = await order();
    await webhook({
      notification_type: 'chargeback',
      transaction: transaction(charged.txnid, charged.paidWith),
    });
    expect((await refund(charged.txnid, owner.auth)).statusCode).toBe(409);
    expect(await statusOf(charged.txnid)).toBe('CHARGEBACK');
  });

  it('answers 404 for an unknown order and 422 for a bad txnid or body', async () => {
    const owner = await createAdmin(ctx());
    const unknown = await refund('TRNOSUCHORDER', owner.auth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(REFUND_MESSAGES.notFound);
    expect((await refund('not-a-txnid', owner.auth)).statusCode).toBe(422);
    const { txnid } = await order();
    for (const payload of [
      {},
      { reason: '' },
      { reason: '  a ' },
      { reason: 42 },
      { reason: 'x'.repeat(501) },
    ]) {
      const res = await refund(txnid, owner.auth, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await statusOf(txnid)).toBe('SUCCESSFUL');
  });

  it('refuses support and analyst staff, players and anonymous callers', async () => {
    const { txnid, player } = await order();
    for (const role of ['support', 'analyst'] as const) {
      const staff = await createAdmin(ctx(), { role });
      expect((await refund(txnid, staff.auth)).statusCode).toBe(403);
    }
    expect((await refund(txnid, player.auth)).statusCode).toBe(403);
    expect((await refund(txnid, {})).statusCode).toBe(401);
    expect(await statusOf(txnid)).toBe('SUCCESSFUL');
  });
});

describe('refunds with Xsolla as the provider', () => {
  let x: TestApp;
  beforeAll(async () => {
    x = await buildTestApp({ env: { ...XSOLLA_ENV } });
  });
  afterAll(() => x.close());

  it('answers 503 with where to refund instead, and the order stays paid', async () => {
    const player = await createPlayer(x.app.ctx, { games: ['talesrunner'] });
    const { skus } = await makeCatalog(x.app.ctx, 'talesrunner', [{ price: '10.00', available: 5 }]);
    const [product] = await x.app
      .inject({ method: 'GET', url: '/api/getproducts/talesrunner' })
      .then((r) => r.json().products);
    const txnid = `TR${randomUUID().replaceAll('-', '').toUpperCase()}`;
    const created = await createOrder(x.app.ctx, {
      txnid,
      userId: player.user.id,
      game: 'talesrunner',
      amount: '10.00',
      currency: 'PHP',
      provider: 'xsolla',
      reservedUntil: new Date(x.clock.now().getTime() + 60_000),
      items: [{ productId: product.id, sku: skus[0]!, name: 'Item', quantity: 1, unitPrice: '10.00' }],
    });
    await markOrderPaid(x.app.ctx, created.id, 'X-1');
    const owner = await createAdmin(x.app.ctx);
    const res = await x.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${txnid}/refund`,
      headers: owner.auth,
      payload: { reason: 'Bought twice' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(REFUND_MESSAGES.providerNotConfigured);
    expect(await findOrderByTxnid(x.app.ctx, txnid)).toMatchObject({
      status: 'SUCCESSFUL',
      refundClaimedAt: null,
    });
  });
});
