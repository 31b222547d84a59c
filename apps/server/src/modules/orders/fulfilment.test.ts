import { type Entitlement, orderFulfilmentSchema, REFUND_MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { checkedOutOrder, paidOrder } from '../../../test/entitlements';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { startWebhookReceiver } from '../../../test/webhook-receiver';
import { sendXsollaNotification, xsolla } from '../../../test/xsolla';
import { deliverDueWebhooks, saveWebhook } from '../entitlements';
import { createServerKey } from '../events';

let t: TestApp;
let yggdraKey: string;
beforeAll(async () => {
  t = await buildTestApp();
  yggdraKey = (await createServerKey(t.app.ctx, 'yggdra', 'test')).key;
});
afterAll(() => t.close());
const ctx = () => t.app.ctx;

const deliveryOf = async (auth: Record<string, string>, txnid: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders/mine?txnid=${txnid}`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json().orders[0].delivery;
};
const entitlementsOf = async (userId: string): Promise<Entitlement[]> =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/game/entitlements?player=${userId}`,
      headers: { authorization: `Bearer ${yggdraKey}` },
    })
  ).json().entitlements;
const consume = (id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/game/entitlements/${id}/consume`,
    headers: { authorization: `Bearer ${yggdraKey}` },
  });

describe('GET /api/orders/mine: delivery', () => {
  it('is null before the order is paid, pending until the game consumed every line, then delivered', async () => {
    const { player, txnid, ref } = await checkedOutOrder(t);
    expect(await deliveryOf(player.auth, txnid)).toBeNull();
    expect((await sendXsollaNotification(t.app, xsolla.payment(ref))).statusCode).toBe(204);
    expect(await deliveryOf(player.auth, txnid)).toBe('pending');
    const [first, second] = await entitlementsOf(player.user.id);
    expect((await consume(first!.id)).statusCode).toBe(200);
    expect(await deliveryOf(player.auth, txnid)).toBe('pending');
    expect((await consume(second!.id)).statusCode).toBe(200);
    expect(await deliveryOf(player.auth, txnid)).toBe('delivered');
  });

  it("is delivered once the game's webhook answered 2xx to every granted event", async () => {
    const receiver = await startWebhookReceiver(() => 200);
    await saveWebhook(ctx(), 'yggdra', { url: receiver.url, active: true }, null, null);
    try {
      const { player, txnid } = await paidOrder(t);
      expect(await deliveryOf(player.auth, txnid)).toBe('pending');
      await deliverDueWebhooks(ctx());
      expect(receiver.requests.length).toBeGreaterThanOrEqual(2);
      expect(await deliveryOf(player.auth, txnid)).toBe('delivered');
    } finally {
      await saveWebhook(ctx(), 'yggdra', { url: receiver.url, active: false }, null, null);
      await receiver.close();
    }
  });

  it('is revoked once the money went back, and null for an order that failed', async () => {
    const { player, txnid, ref } = await paidOrder(t);
    const [first] = await entitlementsOf(player.user.id);
    expect((await consume(first!.id)).statusCode).toBe(200);
    expect((await sendXsollaNotification(t.app, xsolla.refund(ref, 2, 'Chargeback'))).statusCode).toBe(204);
    expect(await deliveryOf(player.auth, txnid)).toBe('revoked');
    const declined = await checkedOutOrder(t);
    expect((await sendXsollaNotification(t.app, xsolla.psDeclined(declined.ref))).statusCode).toBe(204);
    expect(await deliveryOf(declined.player.auth, declined.txnid)).toBeNull();
  });
});

describe('GET /api/admin/orders/{txnid}/fulfilment', () => {
  const fulfilment = (txnid: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/admin/orders/${txnid}/fulfilment`, headers });

  it("answers every staff role that opens sales or players with the order's entitlements and deliveries", async () => {
    const receiver = await startWebhookReceiver(() => 503);
    await saveWebhook(ctx(), 'yggdra', { url: receiver.url, active: true }, null, null);
    try {
      const { player, txnid, skus } = await paidOrder(t);
      await deliverDueWebhooks(ctx());
      for (const role of ['owner', 'finance', 'support', 'analyst'] as const) {
        const staff = await createAdmin(ctx(), { role });
        const res = await fulfilment(txnid, staff.auth);
        expect(res.statusCode, role).toBe(200);
        const body = orderFulfilmentSchema.parse(res.json());
        expect(body.entitlements.map((e) => [e.sku, e.player, e.order, e.status])).toEqual([
          [skus[0], player.user.id, txnid, 'pending'],
          [skus[1], player.user.id, txnid, 'pending'],
        ]);
        expect(body.deliveries.map((d) => [d.type, d.order, d.status, d.last_status])).toEqual([
          ['entitlement.granted', txnid, 'pending', 503],
          ['entitlement.granted', txnid, 'pending', 503],
        ]);
        expect(new Set(body.deliveries.map((d) => d.entitlement_id))).toEqual(
          new Set(body.entitlements.map((e) => e.id)),
        );
      }
    } finally {
      await saveWebhook(ctx(), 'yggdra', { url: receiver.url, active: false }, null, null);
      await receiver.close();
    }
  });

  it('answers an unpaid order with nothing owed, 404 for an unknown one and 422 for a malformed txnid', async () => {
    const finance = await createAdmin(ctx(), { role: 'finance' });
    const { txnid } = await checkedOutOrder(t);
    const unpaid = await fulfilment(txnid, finance.auth);
    expect(unpaid.statusCode).toBe(200);
    expect(unpaid.json()).toEqual({ entitlements: [], deliveries: [] });
    const unknown = await fulfilment('YGNOSUCHORDER1', finance.auth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(REFUND_MESSAGES.notFound);
    const bad = await fulfilment('not-a-txnid', finance.auth);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('This is not a transaction id.');
  });

  it('refuses anonymous callers (401) and players, even with the player role admin (403)', async () => {
    const { txnid } = await paidOrder(t);
    expect((await fulfilment(txnid)).statusCode).toBe(401);
    const player = await createPlayer(ctx(), { role: 'admin' });
    expect((await fulfilment(txnid, player.auth)).statusCode).toBe(403);
  });
});

describe('fraud and disputes for staff', () => {
  it('shows the fraud code and the dispute on the sales row and in the player detail', async () => {
    const { player, txnid, ref } = await paidOrder(t);
    const disputed = await paidOrder(t);
    expect((await sendXsollaNotification(t.app, xsolla.refund(ref, 11, 'Stolen card'))).statusCode).toBe(204);
    expect(
      (await sendXsollaNotification(t.app, xsolla.dispute(disputed.ref, 'adding', { status: 'new' })))
        .statusCode,
    ).toBe(204);
    const owner = await createAdmin(ctx());
    const sales = await t.app.inject({
      method: 'POST',
      url: '/api/getorders',
      headers: owner.auth,
      payload: { status: 'All' },
    });
    const rows = sales.json().orders as { txnid: string; fraud: unknown; dispute: unknown }[];
    expect(rows.find((r) => r.txnid === txnid)).toMatchObject({
      fraud: { code: 11, reason: 'Account holder reported fraud' },
      dispute: null,
    });
    expect(rows.find((r) => r.txnid === disputed.txnid)).toMatchObject({
      fraud: null,
      dispute: { status: 'new', type: 'retrieval', reason: 'not_as_described' },
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${player.user.id}`,
      headers: owner.auth,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().orders).toEqual([
      expect.objectContaining({
        txnid,
        fraud: { code: 11, reason: 'Account holder reported fraud' },
        dispute: null,
      }),
    ]);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${disputed.player.user.id}`,
      headers: owner.auth,
    });
    expect(other.json().orders[0]).toMatchObject({ fraud: null, dispute: { status: 'new' } });
  });
});
