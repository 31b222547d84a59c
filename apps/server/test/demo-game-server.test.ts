/**
 * `npm run demo:game-server` (scripts/demo-game-server.mjs) as a game studio would run it: a separate process
 * that receives the portal's signed webhooks and consumes what it is granted with a server key.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlements, webhookDeliveries } from '../src/db/schema/index';
import { deliverDueWebhooks } from '../src/modules/entitlements';
import { findOrderByTxnid, markOrderPaid } from '../src/modules/orders';
import { buildTestApp, type TestApp } from './app';
import { createAdmin, createPlayer } from './fixtures';
import { fillCartAndCheckout, makeCatalog } from './shop';

const SCRIPT = fileURLToPath(new URL('../../../scripts/demo-game-server.mjs', import.meta.url));
const PORT = 4187;

let t: TestApp;
let gameServer: ChildProcess | undefined;
let output = '';
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  gameServer?.kill();
  await t.close();
});

async function startGameServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [SCRIPT, '--game', 'yggdra', '--port', String(PORT)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return child;
}

/** The game server's log reaches us through a pipe, a moment after it answered. */
async function logged(text: string) {
  for (let i = 0; i < 50 && !output.includes(text); i += 1) await new Promise((r) => setTimeout(r, 100));
  return output;
}

describe('the demo game server', () => {
  it('refuses to start without the signing secret, saying where to find it', async () => {
    const child = await startGameServer({ PORTAL_WEBHOOK_SECRET: '' });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(output).toContain('Set PORTAL_WEBHOOK_SECRET');
  });

  it('verifies, consumes through the game-server API, and answers repeats without consuming twice', async () => {
    const owner = await createAdmin(t.app.ctx);
    const admin = (method: 'PUT' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: owner.auth, ...(payload ? { payload } : {}) });
    const { secret } = (
      await admin('PUT', '/api/admin/games/yggdra/webhook', {
        url: `http://127.0.0.1:${PORT}/portal-webhook`,
        active: true,
      })
    ).json();
    const { key } = (
      await admin('POST', '/api/admin/games/yggdra/keys', { name: 'Demo game server' })
    ).json();
    const portal = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    output = '';
    gameServer = await startGameServer({
      PORTAL_WEBHOOK_SECRET: secret,
      PORTAL_SERVER_KEY: key,
      PORTAL_URL: portal,
    });
    for (let i = 0; i < 100 && !output.includes('webhooks at'); i += 1)
      await new Promise((r) => setTimeout(r, 100));

    const { skus } = await makeCatalog(t.app.ctx, 'yggdra', [
      { name: 'Dragon egg', price: '5.00', available: 5 },
    ]);
    const player = await createPlayer(t.app.ctx, { games: ['yggdra'] });
    const checkout = await fillCartAndCheckout(t.app, player.auth, 'yggdra', skus[0]!);
    const order = await findOrderByTxnid(t.app.ctx, checkout.json().txnid);
    await markOrderPaid(t.app.ctx, order!.id, null);
    expect(await deliverDueWebhooks(t.app.ctx)).toBe(1);

    const [entitlement] = await t.app.ctx.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.orderId, order!.id));
    expect(entitlement).toMatchObject({ status: 'consumed' });
    expect(entitlement!.deliveredAt).not.toBeNull();
    expect(await logged('granted:')).toContain(`granted: 1 × Dragon egg for player ${player.user.id}`);

    // Sent again (at least once): recognised by its event id.
    const [delivery] = await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.entitlementId, entitlement!.id));
    await t.app.ctx.db
      .update(webhookDeliveries)
      .set({ status: 'failed' })
      .where(eq(webhookDeliveries.id, delivery!.id));
    const retried = await admin('POST', `/api/admin/deliveries/${delivery!.id}/retry`);
    expect(retried.json().delivery).toMatchObject({ status: 'delivered', last_status: 200 });
    expect(await logged(' again: ')).toContain(`${delivery!.eventId} again: already handled`);

    // A wrong secret is refused: the portal records the 401 and will retry.
    await admin('POST', '/api/admin/games/yggdra/webhook/rotate-secret');
    const ping = await admin('POST', '/api/admin/games/yggdra/webhook/test');
    expect(ping.json().delivery).toMatchObject({ status: 'failed', last_status: 401 });
    expect(await logged('refused')).toContain('refused a request with a bad signature');
  });
});
