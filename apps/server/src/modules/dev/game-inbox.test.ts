import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PRODUCTION_ENV, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { fillCartAndCheckout, makeCatalog } from '../../../test/shop';
import { entitlements, webhookDeliveries } from '../../db/schema/index';
import { seedGameWebhooksDemo } from '../../demo/game-webhooks';
import { deliverDueWebhooks, listGameSettings } from '../entitlements';
import { findOrderByTxnid, markOrderPaid } from '../orders';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

describe('the development game inbox', () => {
  it('demo data points every game at it; a purchase is received, verified, consumed, and shown', async () => {
    expect(await seedGameWebhooksDemo(t.app.ctx)).toEqual({ webhooks: 3 });
    for (const game of await listGameSettings(t.app.ctx))
      expect(game.webhook).toMatchObject({
        url: `http://portal.test/dev/game-inbox/${game.game}`,
        active: true,
      });
    expect(await seedGameWebhooksDemo(t.app.ctx)).toBeNull();

    // The test app listens on a port of its own rather than PUBLIC_URL: point Yggdra there.
    const owner = await createAdmin(t.app.ctx);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/games/yggdra/webhook',
      headers: owner.auth,
      payload: { url: `${base}/dev/game-inbox/yggdra`, active: true },
    });
    expect(put.statusCode).toBe(200);

    const { skus } = await makeCatalog(t.app.ctx, 'yggdra', [
      { name: 'Rune <b>pack</b>', price: '20.00', available: 10 },
    ]);
    const player = await createPlayer(t.app.ctx, { games: ['yggdra'] });
    const checkout = await fillCartAndCheckout(t.app, player.auth, 'yggdra', skus[0]!, 3);
    const order = await findOrderByTxnid(t.app.ctx, checkout.json().txnid);
    await markOrderPaid(t.app.ctx, order!.id, null);
    expect(await deliverDueWebhooks(t.app.ctx)).toBe(1);

    const [entitlement] = await t.app.ctx.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.orderId, order!.id));
    expect(entitlement).toMatchObject({ status: 'consumed' });
    expect(entitlement!.deliveredAt).not.toBeNull();
    const received = (await t.app.inject({ method: 'GET', url: '/dev/game-inbox.json?game=yggdra' })).json()
      .received;
    expect(received[0]).toMatchObject({
      game: 'yggdra',
      type: 'entitlement.granted',
      outcome: 'Gave 3 × Rune <b>pack</b> to the player; consumed (consumed).',
      entitlement: { id: entitlement!.id, order: order!.txnid },
    });

    // At least once: the same event again is recognised by its id and not handed over twice.
    const [delivery] = await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.entitlementId, entitlement!.id));
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deliveries/${delivery!.id}/retry`,
      headers: owner.auth,
    });
    expect(retried.statusCode).toBe(409);
    await t.app.ctx.db
      .update(webhookDeliveries)
      .set({ status: 'failed' })
      .where(eq(webhookDeliveries.id, delivery!.id));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/deliveries/${delivery!.id}/retry`,
          headers: owner.auth,
        })
      ).json().delivery.status,
    ).toBe('delivered');
    const again = (await t.app.inject({ method: 'GET', url: '/dev/game-inbox.json' })).json().received;
    expect(again[0]).toMatchObject({
      event_id: delivery!.eventId,
      outcome: 'Already handled this event id: ignored (delivered again).',
    });

    const page = await t.app.inject({ method: 'GET', url: '/dev/game-inbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Rune &lt;b&gt;pack&lt;/b&gt;');
    expect(page.body).not.toContain('<b>pack</b>');
  });

  it('refuses a request without a valid signature (401) and a body that is not an event (400)', async () => {
    const unsigned = await fetch(`${base}/dev/game-inbox/yggdra`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'portal-signature': 't=1,v1=00' },
      body: '{"id":"evt_forged","type":"ping","created_at":"x","data":{}}',
    });
    expect(unsigned.status).toBe(401);
    expect(((await unsigned.json()) as { message: string }).message).toBe(
      'Refused: the signature does not match this game’s secret.',
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/dev/game-inbox.json' })).json().received[0],
    ).toMatchObject({ event_id: null, outcome: 'Refused: the signature does not match this game’s secret.' });
    const owner = await createAdmin(t.app.ctx);
    const { secret } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/games/yggdra/webhook/rotate-secret',
        headers: owner.auth,
      })
    ).json();
    const at = Math.floor(t.clock.now().getTime() / 1000);
    const body = '{"not":"an event"}';
    const signed = await fetch(`${base}/dev/game-inbox/yggdra`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'portal-signature': `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`,
      },
      body,
    });
    expect(signed.status).toBe(400);
    expect(((await signed.json()) as { message: string }).message).toBe('The body is not a portal event.');
    const unknownGame = await t.app.inject({
      method: 'POST',
      url: '/dev/game-inbox/minecraft',
      payload: '{}',
    });
    expect(unknownGame.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/dev/game-inbox?game=minecraft' })).statusCode).toBe(
      422,
    );
  });

  it('does not exist in production', async () => {
    const prod = await buildTestApp({ env: { ...PRODUCTION_ENV } });
    try {
      for (const [method, url] of [
        ['GET', '/dev/game-inbox'],
        ['GET', '/dev/game-inbox.json'],
        ['POST', '/dev/game-inbox/yggdra'],
      ] as const)
        expect(
          (await prod.app.inject({ method, url, payload: method === 'POST' ? '{}' : undefined })).statusCode,
        ).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

// After the demo test above, which expects no game to have a webhook yet.
describe('the development game inbox and sanctions', () => {
  it('stands in for a game that keeps a banned player out and lets them back in', async () => {
    const owner = await createAdmin(t.app.ctx);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/games/caliber/webhook',
      headers: owner.auth,
      payload: { url: `${base}/dev/game-inbox/caliber`, active: true },
    });
    expect(put.statusCode).toBe(200);
    const player = await createPlayer(t.app.ctx);
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/players/${player.user.id}/sanctions`,
      headers: owner.auth,
      payload: {
        scope: 'game',
        game: 'caliber',
        category: 'cheating',
        note: 'Aimbot.',
        expires_at: '2099-01-31T00:00:00Z',
      },
    });
    expect(placed.statusCode).toBe(201);
    expect(await deliverDueWebhooks(t.app.ctx)).toBe(1);
    t.clock.advance(1000);
    const lifted = await t.app.inject({
      method: 'POST',
      url: `/api/admin/sanctions/${placed.json().sanction.id}/lift`,
      headers: owner.auth,
      payload: { reason: 'Appeal upheld.' },
    });
    expect(lifted.statusCode).toBe(200);
    expect(await deliverDueWebhooks(t.app.ctx)).toBe(1);
    const received = (await t.app.inject({ method: 'GET', url: '/dev/game-inbox.json?game=caliber' })).json()
      .received;
    expect(received.slice(0, 2)).toMatchObject([
      {
        type: 'player.sanction_lifted',
        outcome: `Let player ${player.user.id} back in: the game sanction was lifted.`,
      },
      {
        type: 'player.sanctioned',
        outcome: `Kept player ${player.user.id} out of matches until 2099-01-31 (game ban).`,
      },
    ]);
  });
});
