import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { fillCartAndCheckout, makeCatalog } from '../../../test/shop';
import { sendXsollaNotification } from '../../../test/xsolla';
import { emailOutbox } from '../../db/schema/index';
import { expireReservations, findOrderByTxnid, markOrderFailed } from '../orders';

/**
 * Issue #27 (decision 0044): Buy Now buys one product alone; a declined or canceled payment keeps the cart;
 * My Orders tells declined from canceled; every paid order gets one receipt.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const ctx = () => t.app.ctx;
type Auth = Record<string, string>;

const cart = async (auth: Auth, game = 'talesrunner') =>
  (await t.app.inject({ method: 'GET', url: `/api/xsolla/${game}/cart`, headers: auth })).json() as {
    items: { sku: string; quantity: number }[];
  };
const putCart = (auth: Auth, items: { sku: string; quantity: number }[]) =>
  t.app.inject({ method: 'PUT', url: '/api/xsolla/talesrunner/cart', headers: auth, payload: { items } });
const buyNow = (auth: Auth | undefined, payload: unknown, game = 'talesrunner') =>
  t.app.inject({
    method: 'POST',
    url: `/api/xsolla/${game}/checkout`,
    ...(auth ? { headers: auth } : {}),
    payload: payload as Record<string, unknown>,
  });
const myOrder = async (auth: Auth, txnid: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/orders/mine?txnid=${txnid}`, headers: auth })).json()
    .orders[0];

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const pay = (redirectUri: string, fields: Record<string, string>) => {
  const url = new URL(redirectUri);
  return t.app.inject({
    method: 'POST',
    url: url.pathname + url.search,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });
};
const card = (number: string) => ({
  action: 'pay',
  cardholder: 'Ana Santos',
  card_number: number,
  expiry: '12/39',
  cvc: '123',
});

const webhook = (body: object) => sendXsollaNotification(t.app, body);
const paymentOf = (txnid: string, userId: string, amount: number, transactionId: string) => ({
  notification_type: 'payment',
  purchase: { total: { amount, currency: 'PHP' } },
  user: { id: userId },
  transaction: { id: transactionId, external_id: txnid },
});
const receiptsTo = async (email: string) =>
  ctx()
    .db.select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, 'order-receipt')));

async function playerWithCatalog() {
  const player = await createPlayer(ctx(), { games: ['talesrunner'] });
  const { skus, rows } = await makeCatalog(ctx(), 'talesrunner', [
    { name: 'Gem pack', price: '10.00', available: 5 },
    { name: 'Runner suit', price: '25.50', available: 5 },
    { name: 'Sold out hat', price: '3.00', available: 0 },
  ]);
  return { player, skus, rows };
}

describe('Buy Now', () => {
  it('buys one unit of that product alone and leaves the cart as it is', async () => {
    const { player, skus } = await playerWithCatalog();
    expect((await putCart(player.auth, [{ sku: skus[1]!, quantity: 2 }])).statusCode).toBe(200);
    const res = await buyNow(player.auth, { sku: skus[0] });
    expect(res.statusCode).toBe(200);
    const { txnid } = res.json() as { txnid: string };
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({
      status: 'Pending',
      origin: 'buy_now',
      amount: '10.00',
    });
    expect(await myOrder(player.auth, txnid)).toMatchObject({
      origin: 'buy_now',
      failure_reason: null,
      items: [{ sku: skus[0], quantity: 1, unit_price: '10.00' }],
    });
    expect((await cart(player.auth)).items).toEqual([expect.objectContaining({ sku: skus[1], quantity: 2 })]);
  });

  it('answers 404 for an unknown product and 422 for one out of stock, and makes no order', async () => {
    const { player, skus } = await playerWithCatalog();
    const unknown = await buyNow(player.auth, { sku: 'no-such-sku' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('no-such-sku');
    const soldOut = await buyNow(player.auth, { sku: skus[2] });
    expect(soldOut.statusCode).toBe(422);
    expect(soldOut.json().message).toBe('Sold out hat is out of stock.');
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders/mine', headers: player.auth });
    expect(mine.json().orders).toEqual([]);
  });

  it('refuses bad input with 422 and changes nothing; 401 without a session', async () => {
    const { player, skus } = await playerWithCatalog();
    for (const body of [
      { sku: '' },
      { sku: 42 },
      { sku: 'x'.repeat(65) },
      { sku: skus[0], quantity: 3 },
      [],
    ]) {
      const res = await buyNow(player.auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message, JSON.stringify(body)).toEqual(expect.any(String));
    }
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders/mine', headers: player.auth });
    expect(mine.json().orders).toEqual([]);
    expect((await buyNow(undefined, { sku: skus[0] })).statusCode).toBe(401);
  });

  it('a checkout without a body still buys the whole cart and empties it', async () => {
    const { player, skus } = await playerWithCatalog();
    const res = await fillCartAndCheckout(t.app, player.auth, 'talesrunner', skus[0]!, 2);
    expect(res.statusCode).toBe(200);
    expect(await findOrderByTxnid(ctx(), res.json().txnid)).toMatchObject({
      origin: 'cart',
      amount: '20.00',
    });
    expect((await cart(player.auth)).items).toEqual([]);
  });

  it('an empty JSON body is a checkout of the cart too (clients that always send a body)', async () => {
    const { player, skus } = await playerWithCatalog();
    expect((await putCart(player.auth, [{ sku: skus[0]!, quantity: 1 }])).statusCode).toBe(200);
    const res = await buyNow(player.auth, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await findOrderByTxnid(ctx(), res.json().txnid)).toMatchObject({
      origin: 'cart',
      amount: '10.00',
    });
    expect((await cart(player.auth)).items).toEqual([]);
  });
});

describe('a declined or canceled payment keeps the cart', () => {
  it('declined: the lines come back, and My Orders says the card or provider declined it', async () => {
    const { player, skus } = await playerWithCatalog();
    await putCart(player.auth, [
      { sku: skus[0]!, quantity: 2 },
      { sku: skus[1]!, quantity: 1 },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/xsolla/talesrunner/checkout',
      headers: player.auth,
    });
    const { txnid, redirectUri } = res.json() as { txnid: string; redirectUri: string };
    expect((await cart(player.auth)).items).toEqual([]);
    expect((await pay(redirectUri, card('4000 0000 0000 0002'))).statusCode).toBe(303);
    expect((await cart(player.auth)).items).toEqual([
      expect.objectContaining({ sku: skus[0], quantity: 2 }),
      expect.objectContaining({ sku: skus[1], quantity: 1 }),
    ]);
    expect(await myOrder(player.auth, txnid)).toMatchObject({
      status: 'FAILED',
      failure_reason: 'declined',
      origin: 'cart',
    });
    // The stock went back too, so trying again can reserve it.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/xsolla/talesrunner/checkout',
      headers: player.auth,
    });
    expect(again.statusCode).toBe(200);
  });

  it('canceled: the lines come back after what was added meanwhile; My Orders says canceled', async () => {
    const { player, skus } = await playerWithCatalog();
    const res = await fillCartAndCheckout(t.app, player.auth, 'talesrunner', skus[0]!, 2);
    const { txnid, redirectUri } = res.json() as { txnid: string; redirectUri: string };
    // Another tab put something in the cart while the payment page was open.
    await putCart(player.auth, [
      { sku: skus[1]!, quantity: 1 },
      { sku: skus[0]!, quantity: 1 },
    ]);
    expect((await pay(redirectUri, { action: 'cancel' })).statusCode).toBe(303);
    expect((await cart(player.auth)).items).toEqual([
      expect.objectContaining({ sku: skus[1], quantity: 1 }),
      expect.objectContaining({ sku: skus[0], quantity: 2 }),
    ]);
    expect(await myOrder(player.auth, txnid)).toMatchObject({ status: 'FAILED', failure_reason: 'canceled' });
  });

  it('a Buy Now order that fails leaves the cart alone; an expired cart order does not come back', async () => {
    const { player, skus } = await playerWithCatalog();
    await putCart(player.auth, [{ sku: skus[1]!, quantity: 1 }]);
    const bought = (await buyNow(player.auth, { sku: skus[0] })).json() as { redirectUri: string };
    expect((await pay(bought.redirectUri, { action: 'cancel' })).statusCode).toBe(303);
    expect((await cart(player.auth)).items).toEqual([expect.objectContaining({ sku: skus[1], quantity: 1 })]);

    const other = await playerWithCatalog();
    const res = await fillCartAndCheckout(t.app, other.player.auth, 'talesrunner', other.skus[0]!, 1);
    t.clock.advance(31 * 60_000);
    expect(await expireReservations(ctx())).toBeGreaterThanOrEqual(1);
    expect(await findOrderByTxnid(ctx(), res.json().txnid)).toMatchObject({ failureReason: 'expired' });
    expect((await cart(other.player.auth)).items).toEqual([]);
    expect(await myOrder(other.player.auth, res.json().txnid)).toMatchObject({ failure_reason: 'expired' });
  });

  it('a failure notified twice puts the lines back once', async () => {
    const { player, skus } = await playerWithCatalog();
    const res = await fillCartAndCheckout(t.app, player.auth, 'talesrunner', skus[0]!, 3);
    const order = (await findOrderByTxnid(ctx(), res.json().txnid))!;
    expect(await markOrderFailed(ctx(), order.id, 'declined')).toBe(true);
    await putCart(player.auth, [{ sku: skus[0]!, quantity: 1 }]);
    expect(await markOrderFailed(ctx(), order.id, 'declined')).toBe(false);
    expect((await cart(player.auth)).items).toEqual([expect.objectContaining({ sku: skus[0], quantity: 1 })]);
  });
});

describe('the receipt of a paid order', () => {
  it('is mailed once, with items, amount, txnid and a link to My Orders, however often the provider repeats', async () => {
    const { player, skus } = await playerWithCatalog();
    await putCart(player.auth, [
      { sku: skus[0]!, quantity: 2 },
      { sku: skus[1]!, quantity: 1 },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/xsolla/talesrunner/checkout',
      headers: player.auth,
    });
    const { txnid } = res.json() as { txnid: string };
    const payment = paymentOf(txnid, player.user.id, 45.5, 'T-receipt-1');
    expect((await webhook(payment)).statusCode).toBe(204);
    expect((await webhook(payment)).statusCode).toBe(204);
    const receipts = await receiptsTo(player.user.email);
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt!.subject).toBe(`Your receipt for order ${txnid}`);
    for (const text of [
      'Gem pack × 2: PHP 20.00',
      'Runner suit × 1: PHP 25.50',
      'Total paid: PHP 45.50',
      `Transaction ID: ${txnid}`,
      `See my orders: ${ctx().config.PUBLIC_URL}/orders`,
    ])
      expect(receipt!.text).toContain(text);
    expect(receipt!.html).toContain(`${ctx().config.PUBLIC_URL}/orders`);
    expect(receipt!.text).not.toContain('refund is due');
  });

  it('a payment after the order failed gets one receipt that says a refund is due; a failure gets none', async () => {
    const { player, skus } = await playerWithCatalog();
    const res = await fillCartAndCheckout(t.app, player.auth, 'talesrunner', skus[0]!, 1);
    const { txnid, redirectUri } = res.json() as { txnid: string; redirectUri: string };
    expect((await pay(redirectUri, card('4000 0000 0000 0002'))).statusCode).toBe(303);
    expect(await receiptsTo(player.user.email)).toEqual([]);
    const late = paymentOf(txnid, player.user.id, 10, 'T-receipt-late');
    expect((await webhook(late)).statusCode).toBe(204);
    expect((await webhook(late)).statusCode).toBe(204);
    const receipts = await receiptsTo(player.user.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('a refund is due');
  });
});
