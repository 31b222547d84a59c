import { type OrderRow, REFUND_DUE_FILTER } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { checkedOutOrder, newTransactionId, paidOrder } from '../../../test/entitlements';
import { createAdmin } from '../../../test/fixtures';
import { sendXsollaNotification, xsolla } from '../../../test/xsolla';
import { findOrderByTxnid } from '../orders';

// Xsolla's notifications that name a transaction are held to the one that paid the order: a dispute of
// another is refused as a refund of another is; a second payment (a new transaction) of a paid order is a
// double charge, owed back; the anti-fraud's rejection is recorded with its fraud code.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const notify = (body: object) => sendXsollaNotification(t.app, body);
const refused = { error: { code: 'INCORRECT_INVOICE', message: 'The transaction does not match the order' } };

async function salesRows(status: string): Promise<OrderRow[]> {
  const finance = await createAdmin(t.app.ctx, { role: 'finance' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/getorders',
    headers: finance.auth,
    payload: { status, per_page: 100 },
  });
  expect(res.statusCode).toBe(200);
  return res.json().orders as OrderRow[];
}

describe('a dispute', () => {
  it('naming another transaction than the one that paid the order is refused, and records nothing', async () => {
    const { txnid, ref } = await paidOrder(t);
    const other = { ...ref, transactionId: newTransactionId() };
    const res = await notify(xsolla.dispute(other, 'adding', { status: 'new' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
    expect(await findOrderByTxnid(t.app.ctx, txnid)).toMatchObject({
      status: 'SUCCESSFUL',
      disputeStatus: null,
    });

    // The paying transaction's dispute is recorded.
    expect((await notify(xsolla.dispute(ref, 'adding', { status: 'new' }))).statusCode).toBe(204);
    expect((await findOrderByTxnid(t.app.ctx, txnid))!.disputeStatus).toBe('new');
  });
});

describe('a second payment', () => {
  it('with a new transaction id for an order already paid is a double charge: "Refund due"', async () => {
    const { txnid, ref, player } = await paidOrder(t);
    const paid = await findOrderByTxnid(t.app.ctx, txnid);
    expect(paid!.latePaidAt).toBeNull();

    const second = { ...ref, transactionId: newTransactionId() };
    expect((await notify(xsolla.payment(second))).statusCode).toBe(204);
    const charged = await findOrderByTxnid(t.app.ctx, txnid);
    // Still paid by its first transaction, nothing granted twice, and owed the second payment back.
    expect(charged).toMatchObject({ status: 'SUCCESSFUL', providerTransactionId: String(ref.transactionId) });
    expect(charged!.latePaidAt).not.toBeNull();
    const queue = await salesRows(REFUND_DUE_FILTER);
    expect(queue.find((row) => row.txnid === txnid)).toMatchObject({
      refund_due: true,
      txnstatus: 'SUCCESSFUL',
    });
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders/mine', headers: player.auth });
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(mine.json())).toContain('"refund_due":true');

    // The same notification again changes nothing; the first transaction's again is no double charge.
    expect((await notify(xsolla.payment(second))).statusCode).toBe(204);
    expect((await notify(xsolla.payment(ref))).statusCode).toBe(204);
    expect((await findOrderByTxnid(t.app.ctx, txnid))!.latePaidAt).toEqual(charged!.latePaidAt);
  });

  it('repeated with the same transaction id is no double charge', async () => {
    const { txnid, ref } = await paidOrder(t);
    expect((await notify({ ...xsolla.payment(ref), custom_parameters: { again: 'yes' } })).statusCode).toBe(
      204,
    );
    expect((await findOrderByTxnid(t.app.ctx, txnid))!.latePaidAt).toBeNull();
    expect((await salesRows(REFUND_DUE_FILTER)).some((row) => row.txnid === txnid)).toBe(false);
  });
});

describe("the anti-fraud's rejection (afs_reject)", () => {
  it('fails the order and records its fraud code as a refund with code 4 does', async () => {
    const { txnid, ref } = await checkedOutOrder(t);
    expect((await notify(xsolla.afsReject(ref))).statusCode).toBe(204);
    expect(await findOrderByTxnid(t.app.ctx, txnid)).toMatchObject({
      status: 'FAILED',
      failureReason: 'declined',
      fraudCode: 4,
    });
    const row = (await salesRows('All')).find((r) => r.txnid === txnid);
    expect(row?.fraud).toEqual({ code: 4, reason: 'Potential fraud' });
  });

  it('names code 4 when it sends no refund details', async () => {
    const { txnid, ref } = await checkedOutOrder(t);
    const { refund_details: _, ...bare } = xsolla.afsReject(ref);
    expect((await notify(bare)).statusCode).toBe(204);
    expect((await findOrderByTxnid(t.app.ctx, txnid))!.fraudCode).toBe(4);
  });
});
