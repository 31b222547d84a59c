import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { fillCartAndCheckout, makeCatalog } from '../../../test/shop';
import { findOrderByTxnid } from '../orders';
import { xsollaSignature } from './signature';

/** A local fake of Xsolla's Store API "create payment token for purchase" endpoint. */
let fake: Server;
let requests: { url: string; auth: string; body: Record<string, unknown> }[] = [];
let failNext = false;
let t: TestApp;
const SECRET = 'xsolla-webhook-secret-for-tests';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => resolve(data));
  });

beforeAll(async () => {
  fake = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req));
    requests.push({ url: req.url ?? '', auth: req.headers.authorization ?? '', body });
    if (failNext) {
      failNext = false;
      res.writeHead(500).end('{}');
      return;
    }
    if (req.method === 'POST' && /^\/api\/v3\/project\/4242\/admin\/payment\/token$/.test(req.url ?? '')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ token: `tok_${requests.length}`, order_id: 9000 + requests.length }));
      return;
    }
    res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = (fake.address() as AddressInfo).port;
  t = await buildTestApp({
    env: {
      PAYMENT_PROVIDER: 'xsolla',
      XSOLLA_MERCHANT_ID: '777',
      XSOLLA_PROJECT_ID: '4242',
      XSOLLA_API_KEY: 'api-key',
      XSOLLA_WEBHOOK_SECRET: SECRET,
      XSOLLA_API_URL: `http://127.0.0.1:${port}/api`,
      XSOLLA_SANDBOX: 'true',
    },
  });
});
afterAll(async () => {
  await t.close();
  fake.close();
});

async function checkoutTr() {
  const player = await createPlayer(t.app.ctx, { games: ['talesrunner'] });
  const { skus } = await makeCatalog(t.app.ctx, 'talesrunner', [{ price: '75.25', available: 5 }]);
  const res = await fillCartAndCheckout(t.app, player.auth, 'talesrunner', skus[0]!, 2);
  return { player, sku: skus[0]!, res };
}

describe('xsolla provider', () => {
  it('gets a payment token for the order items and sends the browser to Pay Station (sandbox)', async () => {
    requests = [];
    const { player, sku, res } = await checkoutTr();
    expect(res.statusCode).toBe(200);
    const { txnid, redirectUri } = res.json();
    expect(redirectUri).toBe(`https://sandbox-secure.xsolla.com/paystation4/?token=tok_1`);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.auth).toBe(`Basic ${Buffer.from('4242:api-key').toString('base64')}`);
    expect(requests[0]!.body).toMatchObject({
      user: { id: { value: player.user.id }, email: { value: player.user.email } },
      purchase: { items: [{ sku, quantity: 2 }] },
      sandbox: true,
      settings: {
        currency: 'PHP',
        external_id: txnid,
        return_url: `http://portal.test/webshopconfirmation?txnid=${txnid}`,
      },
    });
    const order = await findOrderByTxnid(t.app.ctx, txnid);
    expect(order).toMatchObject({ provider: 'xsolla', providerOrderId: '9001', status: 'Pending' });

    // The webhook is signed with XSOLLA_WEBHOOK_SECRET.
    const body = JSON.stringify({
      notification_type: 'payment',
      purchase: { total: { amount: 150.5, currency: 'PHP' } },
      user: { id: player.user.id },
      transaction: { id: 555001, external_id: txnid },
    });
    const signed = (secret: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/xsolla/webhook',
        headers: {
          'content-type': 'application/json',
          authorization: `Signature ${xsollaSignature(Buffer.from(body), secret)}`,
        },
        payload: body,
      });
    expect((await signed('wrong-secret')).statusCode).toBe(400);
    expect((await signed(SECRET)).statusCode).toBe(204);
    expect((await findOrderByTxnid(t.app.ctx, txnid))!.status).toBe('SUCCESSFUL');
  });

  it('matches order_canceled by the provider order id', async () => {
    const { res } = await checkoutTr();
    const { txnid } = res.json();
    const order = (await findOrderByTxnid(t.app.ctx, txnid))!;
    const body = JSON.stringify({
      notification_type: 'order_canceled',
      order: { id: Number(order.providerOrderId) },
    });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/xsolla/webhook',
      headers: {
        'content-type': 'application/json',
        authorization: `Signature ${xsollaSignature(Buffer.from(body), SECRET)}`,
      },
      payload: body,
    });
    expect(answer.statusCode).toBe(204);
    expect(await findOrderByTxnid(t.app.ctx, txnid)).toMatchObject({
      status: 'FAILED',
      failureReason: 'canceled',
    });
  });

  it('answers 502 when Xsolla fails, fails the order and releases the stock', async () => {
    failNext = true;
    const { res, sku } = await checkoutTr();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/payment service/);
    const products = (await t.app.inject({ method: 'GET', url: '/api/getproducts/talesrunner' })).json()
      .products;
    expect(products.find((p: { sku: string }) => p.sku === sku).available).toBe(5);
  });
});
