import type { Entitlement, OrderRow } from '@portal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { checkedOutOrder, newTransactionId, paidOrder } from '../../../test/entitlements';
import { createAdmin } from '../../../test/fixtures';
import { sendXsollaNotification, xsolla } from '../../../test/xsolla';
import { entitlements, webhookDeliveries } from '../../db/schema/index';
import { createServerKey } from '../events';
import { expireReservations, findOrderByTxnid } from '../orders';
import { saveWebhook } from './game-settings';

let t: TestApp;
let serverKey: Record<'yggdra' | 'talesrunner', string>;
beforeAll(async () => {
  t = await buildTestApp();
  serverKey = {
    yggdra: (await createServerKey(t.app.ctx, 'yggdra', 'test')).key,
    talesrunner: (await createServerKey(t.app.ctx, 'talesrunner', 'test')).key,
  };
});
afterAll(() => t.close());
const ctx = () => t.app.ctx;
const notify = (body: object) => sendXsollaNotification(t.app, body);

/** The order's entitlements as the game-server API shows them, by sku. */
async function entitlementsOf(
  txnid: string,
  game: 'yggdra' | 'talesrunner' = 'yggdra',
): Promise<Entitlement[]> {
  const order = (await findOrderByTxnid(ctx(), txnid))!;
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/game/entitlements?player=${order.userId}&limit=500`,
    headers: { authorization: `Bearer ${serverKey[game]}` },
  });
  expect(res.statusCode).toBe(200);
  return (res.json().entitlements as Entitlement[])
    .filter((e) => e.order === txnid)
    .sort((a, b) => a.sku.localeCompare(b.sku));
}
const consume = (id: string, game: 'yggdra' | 'talesrunner' = 'yggdra') =>
  t.app.inject({
    method: 'POST',
    url: `/api/game/entitlements/${id}/consume`,
    headers: { authorization: `Bearer ${serverKey[game]}` },
  });
const rowCount = async (txnid: string) =>
  (await ctx().db.select().from(entitlements).where(eq(entitlements.txnid, txnid))).length;

async function salesRow(txnid: string): Promise<OrderRow> {
  const finance = await createAdmin(ctx(), { role: 'finance' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/getorders',
    headers: finance.auth,
    payload: { status: 'All', per_page: 100 },
  });
  expect(res.statusCode).toBe(200);
  return (res.json().orders as OrderRow[]).find((row) => row.txnid === txnid)!;
}

describe('paying an order grants its entitlements', () => {
  it("makes each line of an order paid by Xsolla's payment notification a pending entitlement", async () => {
    const paidAt = t.clock.now();
    const { txnid, skus, names, player } = await paidOrder(t);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({ status: 'SUCCESSFUL', paidAt });
    expect(await entitlementsOf(txnid)).toEqual([
      {
        id: expect.any(String),
        player: player.user.id,
        game: 'yggdra',
        sku: skus[0],
        name: names[0],
        quantity: 1,
        order: txnid,
        status: 'pending',
        granted_at: paidAt.toISOString(),
        consumed_at: null,
        revoked_at: null,
        clawback: false,
      },
      expect.objectContaining({ sku: skus[1], name: names[1], quantity: 2, status: 'pending' }),
    ]);
  });

  it("grants an order paid by Xsolla's order_paid notification", async () => {
    const { txnid, skus, ref } = await checkedOutOrder(t, 'talesrunner', [{ price: '75.00', quantity: 4 }]);
    const order = (await findOrderByTxnid(ctx(), txnid))!;
    const res = await notify(
      xsolla.orderPaid({ ...ref, orderId: order.providerOrderId!, sku: skus[0]!, quantity: 4 }),
    );
    expect(res.statusCode).toBe(204);
    expect((await entitlementsOf(txnid, 'talesrunner')).map((e) => [e.sku, e.quantity, e.status])).toEqual([
      [skus[0], 4, 'pending'],
    ]);
  });

  it('grants each line once, however often and however concurrently the provider repeats itself', async () => {
    const { txnid, ref, skus } = await checkedOutOrder(t);
    const order = (await findOrderByTxnid(ctx(), txnid))!;
    const payment = xsolla.payment(ref);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => notify(payment)),
      // The same payment under another transaction id, and Store's notification of the same order.
      notify(xsolla.payment({ ...ref, transactionId: newTransactionId() })),
      notify(xsolla.orderPaid({ ...ref, orderId: order.providerOrderId!, sku: skus[0]!, quantity: 1 })),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204, 204, 204, 204, 204]);
    expect(await rowCount(txnid)).toBe(2);
    t.clock.advance(60_000);
    expect((await notify(payment)).statusCode).toBe(204);
    expect(await rowCount(txnid)).toBe(2);
  });

  it('grants a late payment of a FAILED order (it stays FAILED, owed a refund)', async () => {
    const { txnid, ref } = await checkedOutOrder(t);
    t.clock.advance(31 * 60_000);
    await expireReservations(ctx());
    expect((await notify(xsolla.payment(ref))).statusCode).toBe(204);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({
      status: 'FAILED',
      latePaidAt: t.clock.now(),
    });
    expect((await entitlementsOf(txnid)).map((e) => e.status)).toEqual(['pending', 'pending']);
  });

  it('grants nothing for a declined, rejected or unpaid order', async () => {
    const declined = await checkedOutOrder(t);
    expect((await notify(xsolla.psDeclined(declined.ref))).statusCode).toBe(204);
    const rejected = await checkedOutOrder(t);
    expect((await notify(xsolla.afsReject(rejected.ref))).statusCode).toBe(204);
    const waiting = await checkedOutOrder(t);
    for (const { txnid } of [declined, rejected])
      expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({
        status: 'FAILED',
        failureReason: 'declined',
      });
    for (const { txnid } of [declined, rejected, waiting]) expect(await rowCount(txnid)).toBe(0);
    // A payment after the decline is a late payment: granted then (as above).
    expect((await notify(xsolla.payment(declined.ref))).statusCode).toBe(204);
    expect(await rowCount(declined.txnid)).toBe(2);
  });

  it('marks the order paid only together with its entitlements: a failed grant leaves it Pending', async () => {
    const { txnid, ref, skus } = await checkedOutOrder(t);
    // The database refuses this order's second line once, as a failing disk or a deadlock would.
    await ctx().db.execute(
      sql.raw(`create or replace function refuse_entitlement() returns trigger language plpgsql as $$
        begin raise exception 'no room'; end $$`),
    );
    await ctx().db.execute(
      sql.raw(`create trigger refuse_entitlement before insert on entitlements for each row
        when (new.sku = '${skus[1]}') execute function refuse_entitlement()`),
    );
    const failed = await notify(xsolla.payment(ref));
    await ctx().db.execute(sql.raw('drop trigger refuse_entitlement on entitlements'));
    // A 5xx makes Xsolla send it again; nothing of it was kept.
    expect(failed.statusCode).toBe(500);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({ status: 'Pending', paidAt: null });
    expect(await rowCount(txnid)).toBe(0);
    expect((await notify(xsolla.payment(ref))).statusCode).toBe(204);
    expect((await findOrderByTxnid(ctx(), txnid))!.status).toBe('SUCCESSFUL');
    expect(await rowCount(txnid)).toBe(2);
  });
});

describe('money going back revokes them', () => {
  it('a refund revokes pending ones, and consumed ones with clawback', async () => {
    const { txnid, ref } = await paidOrder(t);
    const [first, second] = await entitlementsOf(txnid);
    expect((await consume(first!.id)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await notify(xsolla.refund(ref, 9, 'The player was not satisfied'))).statusCode).toBe(204);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({ status: 'REFUNDED', fraudCode: null });
    const revokedAt = t.clock.now().toISOString();
    expect(await entitlementsOf(txnid)).toEqual([
      { ...first, status: 'revoked', consumed_at: expect.any(String), revoked_at: revokedAt, clawback: true },
      { ...second, status: 'revoked', revoked_at: revokedAt, clawback: false },
    ]);
    // A repeat changes nothing.
    t.clock.advance(60_000);
    expect((await notify(xsolla.refund(ref, 9, 'The player was not satisfied'))).statusCode).toBe(204);
    expect((await entitlementsOf(txnid)).map((e) => e.revoked_at)).toEqual([revokedAt, revokedAt]);
  });

  it("a refund with Xsolla's code 2 is a chargeback: the order becomes CHARGEBACK and its entitlements are revoked", async () => {
    const { txnid, ref } = await paidOrder(t);
    const [first] = await entitlementsOf(txnid);
    expect((await consume(first!.id)).statusCode).toBe(200);
    expect((await notify(xsolla.refund(ref, 2, 'Chargeback'))).statusCode).toBe(204);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({
      status: 'CHARGEBACK',
      refundReason: 'Chargeback',
      fraudCode: null,
    });
    expect((await entitlementsOf(txnid)).map((e) => [e.status, e.clawback])).toEqual([
      ['revoked', true],
      ['revoked', false],
    ]);
  });

  it('records the fraud codes of a refund (4, 7, 11, 12) on the order for finance; other codes are not fraud', async () => {
    const cases = [
      [4, 'Potential fraud'],
      [7, 'Fraud reported by the payment system'],
      [11, 'Account holder reported fraud'],
      [12, 'Friendly fraud'],
    ] as const;
    for (const [code, reason] of cases) {
      const { txnid, ref } = await paidOrder(t);
      expect((await notify(xsolla.refund(ref, code, 'Xsolla words it'))).statusCode).toBe(204);
      expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({ status: 'REFUNDED', fraudCode: code });
      expect((await salesRow(txnid)).fraud).toEqual({ code, reason });
      expect((await entitlementsOf(txnid)).map((e) => e.status)).toEqual(['revoked', 'revoked']);
    }
    for (const code of [1, 3, 5, 13]) {
      const { txnid, ref } = await paidOrder(t);
      expect((await notify(xsolla.refund(ref, code, 'Cancellation'))).statusCode).toBe(204);
      expect((await salesRow(txnid)).fraud).toBeNull();
    }
  });

  it('revokes once when refund notifications race each other and the game consuming', async () => {
    const { txnid, ref } = await paidOrder(t);
    const [first, second] = await entitlementsOf(txnid);
    const answers = await Promise.all([
      notify(xsolla.refund(ref, 1, 'Cancellation')),
      notify(xsolla.refund(ref, 1, 'Cancellation')),
      notify(xsolla.refund(ref, 1, 'Cancellation')),
      consume(first!.id),
    ]);
    expect(answers.slice(0, 3).map((a) => a.statusCode)).toEqual([204, 204, 204]);
    // Whichever came first, the consumed entitlement is revoked with clawback, the pending one without.
    const consumedFirst = answers[3]!.statusCode === 200;
    expect(answers[3]!.statusCode).toBe(consumedFirst ? 200 : 409);
    const after = await entitlementsOf(txnid);
    expect(after.map((e) => [e.id, e.status, e.clawback])).toEqual([
      [first!.id, 'revoked', consumedFirst],
      [second!.id, 'revoked', false],
    ]);
    expect(new Set(after.map((e) => e.revoked_at)).size).toBe(1);
  });

  it('a staff refund revokes them in the refunding transaction', async () => {
    const { txnid } = await paidOrder(t);
    const finance = await createAdmin(ctx(), { role: 'finance' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${txnid}/refund`,
      headers: finance.auth,
      payload: { reason: 'Bought twice' },
    });
    expect(res.statusCode).toBe(200);
    expect((await entitlementsOf(txnid)).map((e) => e.status)).toEqual(['revoked', 'revoked']);
  });

  it('a partial refund leaves them; once the parts reach the whole amount they are revoked', async () => {
    const { txnid, ref } = await paidOrder(t); // 199.00
    expect((await notify(xsolla.partialRefund(ref, 49.5))).statusCode).toBe(204);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({
      status: 'SUCCESSFUL',
      refundedAmount: '49.50',
    });
    expect((await entitlementsOf(txnid)).map((e) => e.status)).toEqual(['pending', 'pending']);
    // Xsolla's code 7 (fraud reported by the payment system) may come with a partial refund too.
    expect((await notify(xsolla.partialRefund(ref, 149.5, 7, 'Fraud'))).statusCode).toBe(204);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({ status: 'REFUNDED', fraudCode: 7 });
    expect((await entitlementsOf(txnid)).map((e) => e.status)).toEqual(['revoked', 'revoked']);
  });
});

describe("Xsolla's other notifications", () => {
  it('records a dispute on the order, opened then updated to its result, each step once', async () => {
    const { txnid, ref } = await paidOrder(t);
    const openedAt = t.clock.now();
    expect((await notify(xsolla.dispute(ref, 'adding', { status: 'new' }))).statusCode).toBe(204);
    const opened = await salesRow(txnid);
    expect(opened.dispute).toEqual({
      status: 'new',
      type: 'retrieval',
      reason: 'not_as_described',
      opened_at: '2024-01-24T21:02:03.000Z',
      updated_at: openedAt.toISOString(),
    });
    expect(opened.txnstatus).toBe('SUCCESSFUL');
    t.clock.advance(86_400_000);
    const update = xsolla.dispute(ref, 'updating', { status: 'lost', type: '1st_time_chargeback' });
    expect((await notify(update)).statusCode).toBe(204);
    const lost = (await salesRow(txnid)).dispute;
    expect(lost).toEqual({
      status: 'lost',
      type: '1st_time_chargeback',
      reason: 'not_as_described',
      opened_at: '2024-01-24T21:02:03.000Z',
      updated_at: t.clock.now().toISOString(),
    });
    // A repeat of a step changes nothing; a dispute changes neither the order's status nor its entitlements.
    t.clock.advance(60_000);
    expect((await notify(update)).statusCode).toBe(204);
    expect((await salesRow(txnid)).dispute).toEqual(lost);
    expect((await findOrderByTxnid(ctx(), txnid))!.status).toBe('SUCCESSFUL');
    expect((await entitlementsOf(txnid)).map((e) => e.status)).toEqual(['pending', 'pending']);
  });

  it('acknowledges a notification that names no order of ours (no external_id) and changes nothing', async () => {
    const { txnid, ref } = await checkedOutOrder(t);
    const paid = await paidOrder(t);
    const noOrder = { ...ref, txnid: undefined };
    const noPaidOrder = { ...paid.ref, txnid: undefined };
    for (const body of [
      xsolla.psDeclined(noOrder),
      xsolla.afsReject(noOrder),
      xsolla.payment(noOrder),
      xsolla.refund(noPaidOrder, 2, 'Chargeback'),
      xsolla.dispute(noPaidOrder, 'adding', { status: 'new' }),
    ]) {
      const res = await notify(body);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({ status: 'Pending' });
    expect(await findOrderByTxnid(ctx(), paid.txnid)).toMatchObject({
      status: 'SUCCESSFUL',
      disputeStatus: null,
    });
    expect((await entitlementsOf(paid.txnid)).map((e) => e.status)).toEqual(['pending', 'pending']);
  });

  it("answers Xsolla's user_validation for an active player, and INVALID_USER otherwise", async () => {
    const { player } = await checkedOutOrder(t);
    expect((await notify(xsolla.userValidation(player.user.id))).statusCode).toBe(204);
    const unknown = await notify(xsolla.userValidation('1234567'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: { code: 'INVALID_USER', message: 'Invalid user' } });
  });

  it('refuses a notification whose signature does not match, and grants nothing', async () => {
    const { txnid, ref } = await checkedOutOrder(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/xsolla/webhook',
      headers: { 'content-type': 'application/json', authorization: `Signature ${'a'.repeat(40)}` },
      payload: JSON.stringify(xsolla.payment(ref)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_SIGNATURE');
    expect(await rowCount(txnid)).toBe(0);
  });
});

describe("the games' webhook events", () => {
  it('writes an entitlement.granted event per line in the paying transaction, and entitlement.revoked on refund', async () => {
    await saveWebhook(
      ctx(),
      'talesrunner',
      { url: 'https://game.example.test/hook', active: true },
      null,
      null,
    );
    try {
      const { txnid, ref } = await paidOrder(t, 'talesrunner');
      const granted = await entitlementsOf(txnid, 'talesrunner');
      const events = async (type: string) =>
        ctx()
          .db.select()
          .from(webhookDeliveries)
          .where(
            and(
              eq(webhookDeliveries.type, type as 'entitlement.granted'),
              inArray(
                webhookDeliveries.entitlementId,
                granted.map((e) => e.id),
              ),
            ),
          );
      const grantedEvents = await events('entitlement.granted');
      expect(
        grantedEvents
          .map((d) => JSON.parse(d.body).data.entitlement)
          .sort((a, b) => a.sku.localeCompare(b.sku)),
      ).toEqual(granted);
      expect(await events('entitlement.revoked')).toEqual([]);
      // Repeats of the payment write no second event.
      expect((await notify(xsolla.payment({ ...ref, transactionId: newTransactionId() }))).statusCode).toBe(
        204,
      );
      expect(await events('entitlement.granted')).toHaveLength(2);
      expect((await notify(xsolla.refund(ref, 2, 'Chargeback'))).statusCode).toBe(204);
      const revoked = await events('entitlement.revoked');
      expect(revoked.map((d) => JSON.parse(d.body).data.entitlement.status)).toEqual(['revoked', 'revoked']);
    } finally {
      await saveWebhook(
        ctx(),
        'talesrunner',
        { url: 'https://game.example.test/hook', active: false },
        null,
        null,
      );
    }
  });

  it('writes no event for a game without an active webhook', async () => {
    const { txnid } = await paidOrder(t, 'yggdra');
    const ids = (await entitlementsOf(txnid)).map((e) => e.id);
    expect(
      await ctx().db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.entitlementId, ids)),
    ).toEqual([]);
  });
});
