/**
 * The "Test payments: no real money" banner: GET /api/payments/mode tells the web whether payments take real
 * money (config.testPayments), and the sandbox's own card page always says so.
 */
import { paymentModeReplySchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PRODUCTION_ENV, type TestApp, XSOLLA_ENV } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import { fillCartAndCheckout, makeCatalog } from '../../../test/shop';
import { type App, buildApp } from '../../app';
import { loadConfig } from '../../config';

let t: TestApp;
const others: App[] = [];
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  for (const app of others) await app.close();
  await t.close();
});

/** The app with another configuration, on the same database. */
async function appWith(env: Record<string, string>) {
  const app = await buildApp({
    config: loadConfig(env),
    database: t.database,
    clock: t.clock,
    logger: false,
  });
  await app.ready();
  others.push(app);
  return app;
}

const mode = async (app: App) => {
  const res = await app.inject({ method: 'GET', url: '/api/payments/mode' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=60');
  return paymentModeReplySchema.strict().parse(res.json());
};

/** The banner's words (TEST_PAYMENTS_BANNER), pinned. */
const TEST_PAYMENTS_BANNER = 'Test payments: no real money';

describe('GET /api/payments/mode', () => {
  it('says test payments with the sandbox, to anyone', async () => {
    expect(await mode(t.app)).toEqual({ test_payments: true });
  });

  it('says test payments with Xsolla in its sandbox mode, and real ones with XSOLLA_SANDBOX=false', async () => {
    expect(await mode(await appWith({ NODE_ENV: 'test', ...XSOLLA_ENV }))).toEqual({ test_payments: true });
    expect(await mode(await appWith({ NODE_ENV: 'test', ...XSOLLA_ENV, XSOLLA_SANDBOX: 'false' }))).toEqual({
      test_payments: false,
    });
  });

  it('says real payments in production, and test payments on a staging site that allows them', async () => {
    expect(await mode(await appWith({ ...PRODUCTION_ENV }))).toEqual({ test_payments: false });
    expect(await mode(await appWith({ ...PRODUCTION_ENV, XSOLLA_SANDBOX: 'false' }))).toEqual({
      test_payments: false,
    });
    const staging = { ...PRODUCTION_ENV, ALLOW_SANDBOX_PAYMENTS: 'true' };
    expect(await mode(await appWith({ ...staging, PAYMENT_PROVIDER: 'sandbox' }))).toEqual({
      test_payments: true,
    });
    expect(await mode(await appWith({ ...staging, XSOLLA_SANDBOX: 'true' }))).toEqual({
      test_payments: true,
    });
  });

  it('takes no input: a query string changes nothing, other methods are not routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/mode?test_payments=false' });
    expect(res.json()).toEqual({ test_payments: true });
    const post = await t.app.inject({ method: 'POST', url: '/api/payments/mode', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});

describe('the sandbox card page', () => {
  it(`shows "${TEST_PAYMENTS_BANNER}" on the card form and on a closed order`, async () => {
    const player = await createPlayer(t.app.ctx, { games: ['yggdra'] });
    const { skus } = await makeCatalog(t.app.ctx, 'yggdra', [{ price: '49.00', available: 5 }]);
    const res = await fillCartAndCheckout(t.app, player.auth, 'yggdra', skus[0]!, 1);
    const link = new URL(res.json().redirectUri as string);
    const page = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(
      /<div class="testmode" role="note" data-testid="test-payments-banner"><strong>Test payments: no real money<\/strong>/,
    );
    // Before the form, right under the bar: seen first, also on a phone.
    expect(page.body.indexOf('test-payments-banner')).toBeLessThan(page.body.indexOf('<form'));

    const cancel = await t.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=cancel',
    });
    expect(cancel.statusCode).toBe(303);
    const closed = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(closed.statusCode).toBe(409);
    expect(closed.body).toContain(`<strong>${TEST_PAYMENTS_BANNER}</strong>`);
    const expired = await t.app.inject({ method: 'GET', url: `${link.pathname}?token=nope` });
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain(`<strong>${TEST_PAYMENTS_BANNER}</strong>`);
  });
});
