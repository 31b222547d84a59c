import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Delivery, GAME_SETTINGS_MESSAGES, type GameWebhookEvent } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { fillCartAndCheckout, makeCatalog } from '../../../test/shop';
import { startWebhookReceiver } from '../../../test/webhook-receiver';
import { auditLog, entitlements, gameWebhooks, webhookDeliveries } from '../../db/schema/index';
import { findOrderByTxnid, markOrderPaid, markOrderRefunded } from '../orders';
import {
  DELIVERY_WINDOW_MS,
  deliverDueWebhooks,
  deliveryRetryDelayMs,
  enqueueEntitlementEvent,
} from './deliveries';
import { verifyPortalSignature } from './webhooks-signature';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAdmin>>;
let sku: string;
beforeAll(async () => {
  // Receivers here answer at once; a silent one is given up on after 2 s instead of the default 10 s.
  t = await buildTestApp({ now: new Date('2026-03-02T10:00:00Z'), env: { WEBHOOK_TIMEOUT_SECONDS: '2' } });
  owner = await createAdmin(t.app.ctx);
  sku = (await makeCatalog(t.app.ctx, 'yggdra', [{ name: 'Gem pack', price: '50.00', available: 10_000 }]))
    .skus[0]!;
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: owner.auth, ...(payload ? { payload } : {}) });

/** Points yggdra's webhook at `url` (on or off); returns the signing secret. */
async function webhookAt(url: string, active = true): Promise<string> {
  await t.app.ctx.db.delete(gameWebhooks).where(eq(gameWebhooks.game, 'yggdra'));
  const res = await admin('PUT', '/api/admin/games/yggdra/webhook', { url, active });
  expect(res.statusCode).toBe(200);
  return res.json().secret;
}

/** A player buys the gem pack and the order is paid: one entitlement, granted now. */
async function paidOrder(quantity = 1) {
  const player = await createPlayer(t.app.ctx, { games: ['yggdra'] });
  const checkout = await fillCartAndCheckout(t.app, player.auth, 'yggdra', sku, quantity);
  expect(checkout.statusCode).toBe(200);
  const order = await findOrderByTxnid(t.app.ctx, checkout.json().txnid);
  expect(await markOrderPaid(t.app.ctx, order!.id, `tx-${order!.txnid}`)).toBe(true);
  const [entitlement] = await t.app.ctx.db
    .select()
    .from(entitlements)
    .where(eq(entitlements.orderId, order!.id));
  return { order: order!, entitlement: entitlement!, player };
}

const deliveriesOf = (entitlementId: string) =>
  t.app.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.entitlementId, entitlementId));

/** Runs the delivery task until nothing more is due now (as the scheduler would, every second). */
const runDue = () => deliverDueWebhooks(t.app.ctx);

describe('webhook deliveries', () => {
  it('a paid order is announced once, signed, with the exact body; a 2xx marks the entitlement delivered', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const secret = await webhookAt(receiver.url);
      const { entitlement, order, player } = await paidOrder(2);
      const [pending] = await deliveriesOf(entitlement.id);
      expect(pending).toMatchObject({ type: 'entitlement.granted', status: 'pending', attempts: 0 });

      expect(await runDue()).toBe(1);
      expect(receiver.requests).toHaveLength(1);
      const [request] = receiver.requests;
      const event = JSON.parse(request!.body) as GameWebhookEvent;
      expect(event).toEqual({
        id: pending!.eventId,
        type: 'entitlement.granted',
        created_at: t.clock.now().toISOString(),
        data: {
          entitlement: {
            id: entitlement.id,
            player: player.user.id,
            game: 'yggdra',
            sku,
            name: 'Gem pack',
            quantity: 2,
            order: order.txnid,
            status: 'pending',
            granted_at: t.clock.now().toISOString(),
            consumed_at: null,
            revoked_at: null,
            clawback: false,
          },
        },
      });
      expect(request!.headers['portal-event-id']).toBe(pending!.eventId);
      expect(request!.headers['content-type']).toBe('application/json');
      const signature = request!.headers['portal-signature'] as string;
      expect(signature).toMatch(
        new RegExp(`^t=${Math.floor(t.clock.now().getTime() / 1000)},v1=[0-9a-f]{64}$`),
      );
      expect(verifyPortalSignature(secret, signature, request!.body, t.clock.now())).toBe(true);
      expect(verifyPortalSignature(secret, signature, `${request!.body} `, t.clock.now())).toBe(false);
      expect(verifyPortalSignature('whsec_other', signature, request!.body, t.clock.now())).toBe(false);

      const [delivered] = await deliveriesOf(entitlement.id);
      expect(delivered).toMatchObject({ status: 'delivered', attempts: 1, lastStatus: 200, lastError: null });
      const [after] = await t.app.ctx.db
        .select()
        .from(entitlements)
        .where(eq(entitlements.id, entitlement.id));
      expect(after!.deliveredAt).toEqual(t.clock.now());
      expect(await runDue()).toBe(0);
      expect(receiver.requests).toHaveLength(1);

      const log = await admin('GET', `/api/admin/deliveries?game=yggdra&status=delivered`);
      expect(log.statusCode).toBe(200);
      expect(log.json().deliveries[0]).toEqual({
        id: delivered!.id,
        game: 'yggdra',
        event_id: pending!.eventId,
        type: 'entitlement.granted',
        entitlement_id: entitlement.id,
        order: order.txnid,
        status: 'delivered',
        attempts: 1,
        last_attempt_at: t.clock.now().toISOString(),
        last_status: 200,
        last_error: null,
        next_attempt_at: null,
        created_at: t.clock.now().toISOString(),
        delivered_at: t.clock.now().toISOString(),
      } satisfies Delivery);
    } finally {
      await receiver.close();
    }
  });

  it('writes nothing without an active webhook, and nothing when the granting transaction rolls back', async () => {
    const receiver = await startWebhookReceiver();
    try {
      await webhookAt(receiver.url, false);
      const { entitlement } = await paidOrder();
      expect(await deliveriesOf(entitlement.id)).toEqual([]);

      await webhookAt(receiver.url, true);
      const { toEntitlement } = await import('./records');
      await expect(
        t.app.ctx.transaction(async (tx) => {
          await enqueueEntitlementEvent(tx, 'entitlement.granted', toEntitlement(entitlement));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await deliveriesOf(entitlement.id)).toEqual([]);
      expect(await runDue()).toBe(0);
      expect(receiver.requests).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('retries a failing receiver with growing delays (first within 30 s), then delivers', async () => {
    expect([1, 2, 3, 4, 5, 12, 13, 40].map(deliveryRetryDelayMs)).toEqual([
      15_000, 30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    const receiver = await startWebhookReceiver((n) => (n <= 3 ? 500 : 204));
    try {
      await webhookAt(receiver.url);
      const { entitlement } = await paidOrder();
      const delays = [15_000, 30_000, 60_000];
      for (const [i, delay] of delays.entries()) {
        expect(await runDue()).toBe(1);
        const [row] = await deliveriesOf(entitlement.id);
        expect(row).toMatchObject({
          status: 'pending',
          attempts: i + 1,
          lastStatus: 500,
          lastError: 'HTTP 500',
        });
        expect(row!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(delay);
        t.clock.advance(delay - 1);
        expect(await runDue()).toBe(0);
        t.clock.advance(1);
      }
      expect(await runDue()).toBe(1);
      const [row] = await deliveriesOf(entitlement.id);
      expect(row).toMatchObject({ status: 'delivered', attempts: 4, lastStatus: 204, lastError: null });
      expect(receiver.requests).toHaveLength(4);
      // The same event every time: one id, the same body, re-signed at each attempt's time.
      expect(new Set(receiver.requests.map((r) => r.headers['portal-event-id'])).size).toBe(1);
      expect(new Set(receiver.requests.map((r) => r.body)).size).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it('gives up after 48 hours (failed, shown to staff); staff retry it with a new window, audited', async () => {
    let answer = 500;
    const receiver = await startWebhookReceiver(() => answer);
    try {
      await webhookAt(receiver.url);
      const { entitlement } = await paidOrder();
      const start = t.clock.now().getTime();
      let attempts = 0;
      for (;;) {
        attempts += await runDue();
        const [row] = await deliveriesOf(entitlement.id);
        if (row!.status === 'failed') break;
        expect(row!.status).toBe('pending');
        t.clock.set(row!.nextAttemptAt);
      }
      const elapsed = t.clock.now().getTime() - start;
      expect(elapsed).toBeLessThanOrEqual(DELIVERY_WINDOW_MS);
      expect(elapsed).toBeGreaterThan(DELIVERY_WINDOW_MS - 60 * 60 * 1000);
      // 15 s … 32 min, then hourly: 12 + 47 attempts within the 48 hours.
      expect(attempts).toBe(receiver.requests.length);
      expect(attempts).toBeGreaterThan(50);
      t.clock.advance(24 * 60 * 60 * 1000);
      expect(await runDue()).toBe(0);
      // Three days on, the owner's session has run out: act as a freshly signed-in owner.
      owner = await createAdmin(t.app.ctx);

      const [failed] = await deliveriesOf(entitlement.id);
      expect(failed).toMatchObject({ status: 'failed', lastStatus: 500 });
      const games = (await admin('GET', '/api/admin/games')).json().games;
      expect(
        games.find((g: { game: string }) => g.game === 'yggdra').deliveries.failed,
      ).toBeGreaterThanOrEqual(1);
      const listed = (await admin('GET', '/api/admin/deliveries?status=failed')).json().deliveries;
      expect(listed.map((d: Delivery) => d.id)).toContain(failed!.id);

      answer = 200;
      const retried = await admin('POST', `/api/admin/deliveries/${failed!.id}/retry`);
      expect(retried.statusCode).toBe(200);
      expect(retried.json().delivery).toMatchObject({
        status: 'delivered',
        attempts: attempts + 1,
        last_status: 200,
        delivered_at: t.clock.now().toISOString(),
      });
      const [audit] = await t.app.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'games.delivery_retry'));
      expect(audit!.details).toMatchObject({ deliveryId: failed!.id, status: 'failed' });
      expect(audit!.target).toBe(`delivery:${failed!.id}`);
      const again = await admin('POST', `/api/admin/deliveries/${failed!.id}/retry`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(GAME_SETTINGS_MESSAGES.alreadyDelivered);
    } finally {
      await receiver.close();
    }
  });

  it('a staff retry of a failed delivery that fails again stays retryable for another 48 hours', async () => {
    const receiver = await startWebhookReceiver(() => 500);
    try {
      await webhookAt(receiver.url);
      const { entitlement } = await paidOrder();
      await t.app.ctx.db
        .update(webhookDeliveries)
        .set({ status: 'failed' })
        .where(eq(webhookDeliveries.entitlementId, entitlement.id));
      const [row] = await deliveriesOf(entitlement.id);
      const retried = await admin('POST', `/api/admin/deliveries/${row!.id}/retry`);
      expect(retried.statusCode).toBe(200);
      expect(retried.json().delivery).toMatchObject({
        status: 'pending',
        last_status: 500,
        next_attempt_at: new Date(t.clock.now().getTime() + 15_000).toISOString(),
      });
    } finally {
      await receiver.close();
    }
  });

  it('refuses to retry an unknown delivery (404) or a bad id (422)', async () => {
    const unknown = await admin('POST', '/api/admin/deliveries/00000000-0000-4000-8000-000000000000/retry');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(GAME_SETTINGS_MESSAGES.deliveryNotFound);
    const bad = await admin('POST', '/api/admin/deliveries/nope/retry');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(GAME_SETTINGS_MESSAGES.deliveryNotFound);
  });

  it('follows no redirect: a 3xx is a failed attempt, and the redirect target is never called', async () => {
    const target = await startWebhookReceiver();
    const receiver = await startWebhookReceiver(() => 307, { headers: { location: target.url } });
    try {
      await webhookAt(receiver.url);
      const { entitlement } = await paidOrder();
      await runDue();
      const [row] = await deliveriesOf(entitlement.id);
      expect(row).toMatchObject({ status: 'pending', lastStatus: 307 });
      expect(row!.lastError).toBe('HTTP 307: redirects are not followed');
      expect(target.requests).toEqual([]);
    } finally {
      await receiver.close();
      await target.close();
    }
  });

  it('an unreachable receiver is a failed attempt with the reason', async () => {
    const receiver = await startWebhookReceiver();
    const url = receiver.url;
    await receiver.close();
    await webhookAt(url);
    const { entitlement } = await paidOrder();
    await runDue();
    const [row] = await deliveriesOf(entitlement.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatus: null });
    expect(row!.lastError).toMatch(/ECONNREFUSED/);
  });

  it('a receiver that does not answer within WEBHOOK_TIMEOUT_SECONDS is a failed attempt', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      await webhookAt(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`);
      const { entitlement } = await paidOrder();
      const started = Date.now();
      await runDue();
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
      const [row] = await deliveriesOf(entitlement.id);
      expect(row).toMatchObject({ status: 'pending', lastStatus: null, lastError: 'No answer within 2 s' });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('a refund announces entitlement.revoked; a rotated secret signs what is still pending', async () => {
    const receiver = await startWebhookReceiver();
    try {
      await webhookAt(receiver.url);
      const { entitlement, order } = await paidOrder();
      const { secret } = (await admin('POST', '/api/admin/games/yggdra/webhook/rotate-secret')).json();
      t.clock.advance(60_000);
      expect(
        await markOrderRefunded(t.app.ctx, order.id, {
          status: 'REFUNDED',
          reason: 'Asked',
          refundedBy: null,
        }),
      ).toBe(true);
      // Earlier tests' undelivered events go to this receiver too (the game's URL now): only this order's count.
      await runDue();
      const mine = receiver.requests.filter((r) => r.body.includes(entitlement.id));
      const events = mine.map((r) => JSON.parse(r.body) as GameWebhookEvent);
      expect(events.map((e) => e.type).sort()).toEqual(['entitlement.granted', 'entitlement.revoked']);
      const revoked = events.find((e) => e.type === 'entitlement.revoked')!;
      expect(revoked.created_at).toBe(t.clock.now().toISOString());
      expect(revoked.data.entitlement).toMatchObject({ id: entitlement.id, status: 'revoked' });
      expect((await deliveriesOf(entitlement.id)).map((d) => d.status)).toEqual(['delivered', 'delivered']);
      for (const r of mine)
        expect(
          verifyPortalSignature(secret, r.headers['portal-signature'] as string, r.body, t.clock.now()),
        ).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});

describe('the delivery log', () => {
  it('pages newest first with a cursor, by game and status', async () => {
    const first = await admin('GET', '/api/admin/deliveries?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.deliveries).toHaveLength(2);
    expect(page1.next).toEqual(expect.any(String));
    const page2 = (await admin('GET', `/api/admin/deliveries?limit=2&after=${page1.next}`)).json();
    const ids = [...page1.deliveries, ...page2.deliveries].map((d: Delivery) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    const all = (await admin('GET', '/api/admin/deliveries?limit=100')).json();
    expect(all.next).toBeNull();
    expect(all.deliveries.map((d: Delivery) => d.id).slice(0, 4)).toEqual(ids);
    const created = all.deliveries.map((d: Delivery) => d.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const caliber = (await admin('GET', '/api/admin/deliveries?game=caliber')).json();
    expect(caliber).toEqual({ deliveries: [], next: null });
    const pending = (await admin('GET', '/api/admin/deliveries?status=pending&limit=100')).json();
    expect(pending.deliveries.every((d: Delivery) => d.status === 'pending')).toBe(true);
  });

  it('refuses a bad filter, limit or cursor', async () => {
    for (const [query, message] of [
      ['status=lost', 'status must be pending, delivered or failed.'],
      ['game=minecraft', 'Unknown game.'],
      ['limit=0', 'limit must be a whole number from 1 to 100.'],
      ['limit=101', 'limit must be a whole number from 1 to 100.'],
      ['limit=x', 'limit must be a whole number from 1 to 100.'],
    ]) {
      const res = await admin('GET', `/api/admin/deliveries?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().message).toBe(message);
    }
    const cursor = await admin('GET', '/api/admin/deliveries?after=garbage');
    expect(cursor.statusCode).toBe(400);
  });
});
