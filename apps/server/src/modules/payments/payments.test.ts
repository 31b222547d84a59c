import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { fillCartAndCheckout, makeCatalog } from '../../../test/shop';
import { expireReservations, findOrderByTxnid } from '../orders';
import { deliverDueSandboxNotifications } from './sandbox';
import { webhookSecret, xsollaSignature } from './signature';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const ctx = () => t.app.ctx;
const log = { info: () => {}, warn: () => {} };

async function pendingOrder(game: 'yggdra' | 'talesrunner' = 'talesrunner', price = '149.50', quantity = 2) {
  const player = await createPlayer(ctx(), { games: [game] });
  const { skus } = await makeCatalog(ctx(), game, [{ price, available: 10 }]);
  const res = await fillCartAndCheckout(t.app, player.auth, game, skus[0]!, quantity);
  expect(res.statusCode).toBe(200);
  const { txnid, redirectUri } = res.json() as { txnid: string; redirectUri: string };
  return {
    player,
    sku: skus[0]!,
    txnid,
    redirectUri,
    path: new URL(redirectUri).pathname + new URL(redirectUri).search,
  };
}

function webhook(body: unknown, signature?: string) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const sig = signature ?? xsollaSignature(Buffer.from(raw), webhookSecret(ctx().config));
  return t.app.inject({
    method: 'POST',
    url: '/api/xsolla/webhook',
    headers: { 'content-type': 'application/json', authorization: `Signature ${sig}` },
    payload: raw,
  });
}

const payment = (
  txnid: string,
  userId: string,
  amount: number | string,
  transactionId: string,
  currency = 'PHP',
) => ({
  notification_type: 'payment',
  purchase: { total: { amount, currency } },
  user: { id: userId },
  transaction: { id: transactionId, external_id: txnid },
});

const stock = async (game: string, sku: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/getproducts/${game}` }))
    .json()
    .products.find((p: { sku: string }) => p.sku === sku).available;

describe('webhook', () => {
  it('rejects a forged, missing or body-mismatched signature before parsing', async () => {
    const { txnid, player } = await pendingOrder();
    const body = payment(txnid, player.user.id, 299, 'T-forged');
    const forged = await webhook(body, 'a'.repeat(40));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: { code: 'INVALID_SIGNATURE', message: expect.any(String) } });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/xsolla/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(missing.json().error.code).toBe('INVALID_SIGNATURE');
    // A signature of another body (re-serialised JSON) does not match the raw bytes.
    const sigOfOther = xsollaSignature(
      Buffer.from(JSON.stringify(body, null, 2)),
      webhookSecret(ctx().config),
    );
    expect((await webhook(body, sigOfOther)).json().error.code).toBe('INVALID_SIGNATURE');
    // Not JSON at all, but signed: parsed only after the signature passes, then refused.
    const garbage = await webhook('not json');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.code).toBe('INVALID_PARAMETER');
    expect((await findOrderByTxnid(ctx(), txnid))!.status).toBe('Pending');
  });

  it('marks the order paid once; a replay gets the same answer and changes nothing', async () => {
    const { txnid, player, sku } = await pendingOrder();
    const before = await stock('talesrunner', sku);
    const first = await webhook(payment(txnid, player.user.id, 299, 'T-1'));
    expect(first.statusCode).toBe(204);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({
      status: 'SUCCESSFUL',
      stockState: 'committed',
      providerTransactionId: 'T-1',
    });
    const replay = await webhook(payment(txnid, player.user.id, 299, 'T-1'));
    expect(replay.statusCode).toBe(204);
    expect(await stock('talesrunner', sku)).toBe(before);
    const confirmation = await t.app.inject({
      method: 'GET',
      url: `/api/xsolla/confirmation?txnid=${txnid}&status=done&invoice_id=1`,
      headers: player.auth,
    });
    expect(confirmation.statusCode).toBe(200);
    expect(confirmation.json()).toEqual({
      message: 'Payment successful. Thank you for your purchase',
      status: 'SUCCESSFUL',
      txnid,
    });
  });

  it('refuses a wrong amount or currency, and a replay of it gets the same error', async () => {
    const { txnid, player } = await pendingOrder();
    const wrong = await webhook(payment(txnid, player.user.id, 1, 'T-wrong'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INCORRECT_AMOUNT');
    expect((await webhook(payment(txnid, player.user.id, 1, 'T-wrong'))).json().error.code).toBe(
      'INCORRECT_AMOUNT',
    );
    const usd = await webhook(payment(txnid, player.user.id, 299, 'T-usd', 'USD'));
    expect(usd.json().error.code).toBe('INCORRECT_AMOUNT');
    const fraction = await webhook(payment(txnid, player.user.id, 299.001, 'T-frac'));
    expect(fraction.json().error.code).toBe('INCORRECT_AMOUNT');
    const otherUser = await webhook(payment(txnid, '00000000-0000-0000-0000-000000000000', 299, 'T-user'));
    expect(otherUser.json().error.code).toBe('INVALID_USER');
    expect((await findOrderByTxnid(ctx(), txnid))!.status).toBe('Pending');
    // The right amount, sent as a string with two decimals, still pays it.
    expect((await webhook(payment(txnid, player.user.id, '299.00', 'T-ok'))).statusCode).toBe(204);
    expect((await findOrderByTxnid(ctx(), txnid))!.status).toBe('SUCCESSFUL');
  });

  it('answers INCORRECT_INVOICE for an unknown order and INVALID_PARAMETER for missing ids', async () => {
    const player = await createPlayer(ctx());
    const unknown = await webhook(payment('NO-SUCH-TXN', player.user.id, 1, 'T-unknown'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('INCORRECT_INVOICE');
    const missing = await webhook({ notification_type: 'payment', transaction: {} });
    expect(missing.json().error.code).toBe('INVALID_PARAMETER');
    expect((await webhook({ foo: 1 })).json().error.code).toBe('INVALID_PARAMETER');
    expect((await webhook({ notification_type: 'refund', transaction: {} })).json().error.code).toBe(
      'INVALID_PARAMETER',
    );
  });

  it('only moves forward: a decline after payment, or a payment after a decline, changes nothing', async () => {
    const paid = await pendingOrder();
    expect((await webhook(payment(paid.txnid, paid.player.user.id, 299, 'T-a'))).statusCode).toBe(204);
    const lateDecline = await webhook({
      notification_type: 'ps_declined',
      transaction: { id: 'T-a2', external_id: paid.txnid },
    });
    expect(lateDecline.statusCode).toBe(204);
    expect((await findOrderByTxnid(ctx(), paid.txnid))!.status).toBe('SUCCESSFUL');

    const declined = await pendingOrder();
    const before = await stock('talesrunner', declined.sku);
    expect(
      (
        await webhook({
          notification_type: 'ps_declined',
          transaction: { id: 'T-b', external_id: declined.txnid },
        })
      ).statusCode,
    ).toBe(204);
    expect(await findOrderByTxnid(ctx(), declined.txnid)).toMatchObject({
      status: 'FAILED',
      stockState: 'released',
    });
    expect(await stock('talesrunner', declined.sku)).toBe(before + 2);
    expect((await webhook(payment(declined.txnid, declined.player.user.id, 299, 'T-b2'))).statusCode).toBe(
      204,
    );
    expect(await findOrderByTxnid(ctx(), declined.txnid)).toMatchObject({
      status: 'FAILED',
      providerTransactionId: 'T-b',
      latePaidAt: expect.any(Date),
    });
    // Stock is not taken twice by the late payment.
    expect(await stock('talesrunner', declined.sku)).toBe(before + 2);
    // A paid order's own payment again changes nothing; a payment by another transaction is a double charge,
    // owed back (webhook-integrity.test.ts), and the order stays paid by its first.
    expect((await webhook(payment(paid.txnid, paid.player.user.id, 299, 'T-a'))).statusCode).toBe(204);
    expect((await findOrderByTxnid(ctx(), paid.txnid))!.latePaidAt).toBeNull();
    expect((await webhook(payment(paid.txnid, paid.player.user.id, 299, 'T-a3'))).statusCode).toBe(204);
    expect(await findOrderByTxnid(ctx(), paid.txnid)).toMatchObject({
      status: 'SUCCESSFUL',
      providerTransactionId: 'T-a',
      latePaidAt: expect.any(Date),
    });
  });

  it('a payment after the reservation expired: the order stays FAILED, owed a refund, shown to admins', async () => {
    const { txnid, player, sku } = await pendingOrder();
    const reserved = await stock('talesrunner', sku);
    t.clock.advance(31 * 60_000);
    expect(await expireReservations(ctx())).toBeGreaterThanOrEqual(1);
    expect(await stock('talesrunner', sku)).toBe(reserved + 2);

    expect((await webhook(payment(txnid, player.user.id, 299, 'T-late'))).statusCode).toBe(204);
    const late = await findOrderByTxnid(ctx(), txnid);
    expect(late).toMatchObject({
      status: 'FAILED',
      failureReason: 'expired',
      providerTransactionId: 'T-late',
    });
    expect(late!.latePaidAt).toEqual(t.clock.now());
    expect(await stock('talesrunner', sku)).toBe(reserved + 2);

    // The same notification again (or another one) changes nothing: the first late payment is the record.
    t.clock.advance(60_000);
    expect((await webhook(payment(txnid, player.user.id, 299, 'T-late'))).statusCode).toBe(204);
    expect((await webhook(payment(txnid, player.user.id, 299, 'T-late-2'))).statusCode).toBe(204);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({
      providerTransactionId: 'T-late',
      latePaidAt: late!.latePaidAt,
    });

    const admin = await createAdmin(ctx());
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/getorders',
      headers: admin.auth,
      payload: { status: 'FAILED' },
    });
    const row = list.json().orders.find((o: { txnid: string }) => o.txnid === txnid);
    expect(row).toMatchObject({ txnstatus: 'FAILED', refund_due: true });
    // The dashboard's 'Refund due' filter lists such orders (and double charges) and nothing else.
    const owed = await t.app.inject({
      method: 'POST',
      url: '/api/getorders',
      headers: admin.auth,
      payload: { status: 'Refund due' },
    });
    const owedRows = owed.json().orders as { txnid: string; refund_due: boolean }[];
    expect(owedRows.map((o) => o.txnid)).toContain(txnid);
    expect(owedRows.every((o) => o.refund_due)).toBe(true);
    const failedRows = list.json().orders as { refund_due: boolean }[];
    const successful = await t.app.inject({
      method: 'POST',
      url: '/api/getorders',
      headers: admin.auth,
      payload: { status: 'SUCCESSFUL' },
    });
    const doubleCharged = (successful.json().orders as { refund_due: boolean }[]).filter((o) => o.refund_due);
    expect(owedRows.length).toBe(failedRows.filter((o) => o.refund_due).length + doubleCharged.length);
  });

  it('validates users for user_validation', async () => {
    const player = await createPlayer(ctx());
    expect(
      (await webhook({ notification_type: 'user_validation', user: { id: player.user.id } })).statusCode,
    ).toBe(204);
    const unknown = await webhook({
      notification_type: 'user_validation',
      user: { id: '00000000-0000-0000-0000-000000000000' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('INVALID_USER');
  });

  it('handles concurrent duplicate deliveries once', async () => {
    const { txnid, player } = await pendingOrder();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => webhook(payment(txnid, player.user.id, 299, 'T-dup'))),
    );
    expect(results.map((r) => r.statusCode)).toEqual([204, 204, 204, 204, 204]);
    expect((await findOrderByTxnid(ctx(), txnid))!.status).toBe('SUCCESSFUL');
  });
});

describe('sandbox payment page', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const pay = (path: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(fields),
    });
  const card = (number: string) => ({
    action: 'pay',
    cardholder: 'Ana Santos',
    card_number: number,
    expiry: '12/39',
    cvc: '123',
  });

  it('shows a card page without inline script', async () => {
    const { path, txnid } = await pendingOrder('yggdra', '10.00', 1);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(txnid);
    expect(page.body).toContain('PHP 10.00');
    expect(page.body).toContain('Card number');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(
      (await t.app.inject({ method: 'GET', url: '/sandbox-pay/TX1?token=forged.token' })).statusCode,
    ).toBe(404);
  });

  it('success card pays the order and returns to the Yggdra result page', async () => {
    const { path, txnid, player } = await pendingOrder('yggdra', '10.00', 1);
    const res = await pay(path, card('4242 4242 4242 4242'));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(
      new RegExp(`^http://portal\\.test/webshop/payment\\?txnid=${txnid}&status=done`),
    );
    expect((await findOrderByTxnid(ctx(), txnid))!.status).toBe('SUCCESSFUL');
    const confirmation = await t.app.inject({
      method: 'POST',
      url: '/api/shop/yggdra/payconfirmation',
      headers: player.auth,
      payload: { txnid, user: player.user.id },
    });
    expect(confirmation.json()).toMatchObject({
      status: 'SUCCESSFUL',
      message: 'Payment successful. Thank you for your purchase',
    });
    // Paid: the page is closed now.
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(409);
  });

  it('decline card fails the order and returns to the Tales Runner confirmation page', async () => {
    const { path, txnid } = await pendingOrder('talesrunner', '10.00', 1);
    const res = await pay(path, card('4000000000000002'));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain(`/webshopconfirmation?txnid=${txnid}&status=troubled`);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({
      status: 'FAILED',
      failureReason: 'declined',
    });
  });

  it('pending card is confirmed by a late notification; duplicate card delivers twice', async () => {
    const pending = await pendingOrder('talesrunner', '10.00', 1);
    expect((await pay(pending.path, card('4000 0000 0000 0259'))).statusCode).toBe(303);
    expect((await findOrderByTxnid(ctx(), pending.txnid))!.status).toBe('Pending');
    await deliverDueSandboxNotifications(ctx(), log);
    expect((await findOrderByTxnid(ctx(), pending.txnid))!.status).toBe('Pending');
    t.clock.advance(16_000);
    expect(await deliverDueSandboxNotifications(ctx(), log)).toBeGreaterThanOrEqual(1);
    expect((await findOrderByTxnid(ctx(), pending.txnid))!.status).toBe('SUCCESSFUL');

    const dup = await pendingOrder('talesrunner', '10.00', 1);
    expect((await pay(dup.path, card('4000 0000 0000 0077'))).statusCode).toBe(303);
    t.clock.advance(4_000);
    expect(await deliverDueSandboxNotifications(ctx(), log)).toBeGreaterThanOrEqual(1);
    expect(await findOrderByTxnid(ctx(), dup.txnid)).toMatchObject({ status: 'SUCCESSFUL' });
  });

  it('re-shows the form with errors for bad card input and cancels on request', async () => {
    const { path, txnid, player } = await pendingOrder('talesrunner', '10.00', 1);
    const bad = await pay(path, { ...card('1234 5678 9012 3456'), expiry: '13/20', cvc: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Enter a valid card number.');
    expect(bad.body).toContain('Enter the expiry date as MM/YY.');
    const other = await pay(path, card('4111 1111 1111 1111'));
    expect(other.body).toContain('only the test cards');
    const expired = await pay(path, { ...card('4242424242424242'), expiry: '01/20' });
    expect(expired.body).toContain('This card has expired.');
    expect((await findOrderByTxnid(ctx(), txnid))!.status).toBe('Pending');
    const cancel = await pay(path, { action: 'cancel' });
    expect(cancel.statusCode).toBe(303);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({
      status: 'FAILED',
      failureReason: 'canceled',
    });
    const confirmation = await t.app.inject({
      method: 'GET',
      url: `/api/xsolla/confirmation?txnid=${txnid}`,
      headers: player.auth,
    });
    expect(confirmation.json().message).toBe('Your payment was canceled');
  });
});

describe('confirmation endpoints', () => {
  it('answer only the order owner, from the real state', async () => {
    const { txnid, player } = await pendingOrder('yggdra', '10.00', 1);
    const stranger = await createPlayer(ctx(), { games: ['yggdra'] });
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/xsolla/confirmation?txnid=${txnid}&status=done&message=Paid`,
      headers: player.auth,
    });
    expect(own.json()).toEqual({ message: 'Your payment is being processed', status: 'Pending', txnid });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/xsolla/confirmation?txnid=${txnid}`,
      headers: stranger.auth,
    });
    expect(other.statusCode).toBe(404);
    const otherPost = await t.app.inject({
      method: 'POST',
      url: '/api/shop/yggdra/payconfirmation',
      headers: stranger.auth,
      payload: { txnid, user: player.user.id },
    });
    expect(otherPost.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/xsolla/confirmation?txnid=${txnid}` })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/xsolla/confirmation', headers: player.auth }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/shop/yggdra/payconfirmation',
          headers: player.auth,
          payload: {},
        })
      ).statusCode,
    ).toBe(422);
  });
});
