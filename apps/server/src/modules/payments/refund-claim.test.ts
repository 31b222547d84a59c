/**
 * Issue #24: a staff refund claims its order before the provider is asked, so two refunds of one order
 * never both reach the provider. The built-in sandbox provider is the real one, watched: each call of its
 * refund is counted, and held open until the test lets it go, so the two requests truly overlap.
 */
import { randomUUID } from 'node:crypto';
import { REFUND_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { fillCartAndCheckout, makeCatalog } from '../../../test/shop';
import { orders } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { findOrderByTxnid } from '../orders';
import { webhookSecret, xsollaSignature } from './signature';

const provider = vi.hoisted(() => ({
  calls: [] as string[],
  /** Each refund call waits for this before it answers. */
  hold: Promise.resolve(),
  /** Thrown (once) by the next refund call, as a provider that is down. */
  failNext: null as Error | null,
}));

vi.mock('./sandbox', async (importOriginal) => {
  const real = await importOriginal<typeof import('./sandbox')>();
  return {
    ...real,
    sandboxProvider: (...args: Parameters<typeof real.sandboxProvider>) => {
      const sandbox = real.sandboxProvider(...args);
      return {
        ...sandbox,
        async refund(order: Parameters<typeof sandbox.refund>[0]) {
          provider.calls.push(order.txnid);
          await provider.hold;
          const failure = provider.failNext;
          provider.failNext = null;
          if (failure) throw failure;
          return sandbox.refund(order);
        },
      };
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const ctx = () => t.app.ctx;

/** A paid order of 10.00 PHP. */
async function paidOrder() {
  const player = await createPlayer(ctx(), { games: ['talesrunner'] });
  const { skus } = await makeCatalog(ctx(), 'talesrunner', [{ price: '10.00', available: 5 }]);
  const { txnid } = (await fillCartAndCheckout(t.app, player.auth, 'talesrunner', skus[0]!, 1)).json();
  const raw = JSON.stringify({
    notification_type: 'payment',
    purchase: { total: { amount: 10, currency: 'PHP' } },
    user: { id: player.user.id },
    transaction: { id: `T-${randomUUID()}`, external_id: txnid },
  });
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/xsolla/webhook',
    headers: {
      'content-type': 'application/json',
      authorization: `Signature ${xsollaSignature(Buffer.from(raw), webhookSecret(ctx().config))}`,
    },
    payload: raw,
  });
  expect(paid.statusCode).toBe(204);
  return txnid as string;
}

const refund = (txnid: string, auth: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${txnid}/refund`,
    headers: auth,
    payload: { reason: 'Bought twice' },
  });

describe('staff refunds claim the order first', () => {
  it('two staff members refunding at once: the provider is asked once, one 200 and one 409', async () => {
    const txnid = await paidOrder();
    const [finance, owner] = [await createAdmin(ctx(), { role: 'finance' }), await createAdmin(ctx())];
    let release = () => {};
    provider.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = refund(txnid, finance.auth);
    const second = refund(txnid, owner.auth);
    // Both requests are in: whichever claimed the order waits at the provider; the other is refused.
    await vi.waitFor(() => expect(provider.calls.filter((c) => c === txnid)).toHaveLength(1));
    release();
    const answers = await Promise.all([first, second]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
      message: REFUND_MESSAGES.notRefundable,
      code: 'NOT_REFUNDABLE',
    });
    expect(provider.calls.filter((c) => c === txnid)).toHaveLength(1);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({ status: 'REFUNDED' });
    // Refunded: a later attempt is refused before the provider too.
    expect((await refund(txnid, owner.auth)).statusCode).toBe(409);
    expect(provider.calls.filter((c) => c === txnid)).toHaveLength(1);
    provider.hold = Promise.resolve();
  });

  it('gives the claim back when the provider refuses, so the refund can be tried again', async () => {
    const txnid = await paidOrder();
    const owner = await createAdmin(ctx());
    provider.failNext = new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'The payment service is down.');
    const failed = await refund(txnid, owner.auth);
    expect(failed.statusCode).toBe(502);
    expect(await findOrderByTxnid(ctx(), txnid)).toMatchObject({
      status: 'SUCCESSFUL',
      refundClaimedAt: null,
    });
    const retried = await refund(txnid, owner.auth);
    expect(retried.statusCode).toBe(200);
    expect(provider.calls.filter((c) => c === txnid)).toHaveLength(2);
  });

  it('refuses while another refund holds a live claim, and takes over a claim left 10 minutes ago', async () => {
    const txnid = await paidOrder();
    const owner = await createAdmin(ctx());
    const claim = (at: Date) =>
      ctx().db.update(orders).set({ refundClaimedAt: at }).where(eq(orders.txnid, txnid));
    await claim(new Date(t.clock.now().getTime() - 9 * 60_000));
    expect((await refund(txnid, owner.auth)).statusCode).toBe(409);
    expect(provider.calls).not.toContain(txnid);
    // A process that stopped mid-refund left this one.
    await claim(new Date(t.clock.now().getTime() - 11 * 60_000));
    expect((await refund(txnid, owner.auth)).statusCode).toBe(200);
    expect(provider.calls.filter((c) => c === txnid)).toHaveLength(1);
  });
});
