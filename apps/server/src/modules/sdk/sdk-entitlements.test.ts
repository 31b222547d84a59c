import { join } from 'node:path';
import type { ShopGame } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { startProcess } from '../../../test/process';
import { examples, runs, SDKS } from '../../../test/sdk-examples';
import { fillCartAndCheckout, makeCatalog } from '../../../test/shop';
import { entitlements, userGames, webhookDeliveries } from '../../db/schema/index';
import { hashSecret } from '../../lib/hashing';
import { deliverDueWebhooks } from '../entitlements';
import { createServerKey } from '../events';
import { findOrderByTxnid, markOrderPaid, markOrderRefunded } from '../orders';

/**
 * The SDKs' entitlements and webhooks against a running portal (issue #23): the JavaScript SDK's calls and
 * typed errors, the Python SDK's errors, and every example whose toolchain is here (all but .NET in CI) run
 * as a game server would run them: poll pending → grant → consume, then receive the portal's signed webhooks.
 */
let t: TestApp;
let baseUrl: string;
let owner: Awaited<ReturnType<typeof createAdmin>>;
const skus = {} as Record<ShopGame, string>;
const keys = {} as Record<ShopGame, string>;
let caliberKey: string;
beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createAdmin(t.app.ctx);
  for (const game of ['yggdra', 'talesrunner'] as const) {
    const catalog = await makeCatalog(t.app.ctx, game, [
      { name: 'Gem pack — 1 200', price: '5.00', available: 1000 },
    ]);
    skus[game] = catalog.skus[0]!;
    keys[game] = (await createServerKey(t.app.ctx, game, 'sdk test')).key;
  }
  caliberKey = (await createServerKey(t.app.ctx, 'caliber', 'sdk test')).key;
});
afterAll(() => t.close());

/** A player of `game` buys `quantity` gem packs and the order is paid: one pending entitlement. */
async function paidOrder(game: ShopGame, quantity = 1, player?: Awaited<ReturnType<typeof createPlayer>>) {
  const buyer = player ?? (await createPlayer(t.app.ctx, { games: [game] }));
  const checkout = await fillCartAndCheckout(t.app, buyer.auth, game, skus[game], quantity);
  expect(checkout.statusCode).toBe(200);
  const order = (await findOrderByTxnid(t.app.ctx, checkout.json().txnid))!;
  expect(await markOrderPaid(t.app.ctx, order.id, `tx-${order.txnid}`)).toBe(true);
  const [entitlement] = await t.app.ctx.db
    .select()
    .from(entitlements)
    .where(eq(entitlements.orderId, order.id));
  return { order, entitlement: entitlement!, player: buyer };
}

const refund = (orderId: string) =>
  markOrderRefunded(t.app.ctx, orderId, { status: 'REFUNDED', reason: 'Asked', refundedBy: null });

const entitlementRow = async (id: string) =>
  (await t.app.ctx.db.select().from(entitlements).where(eq(entitlements.id, id)))[0]!;

describe('the JavaScript SDK: entitlements', () => {
  const load = () => import(join(SDKS, 'javascript/src/index.js'));

  it("lists a player's pending entitlements page by page, consumes one (twice: idempotent), then lists it consumed", async () => {
    const sdk = await load();
    const server = new sdk.CaliberGameServer({ baseUrl, serverKey: keys.yggdra });
    const first = await paidOrder('yggdra', 2);
    t.clock.advance(1000); // oldest first
    const second = await paidOrder('yggdra', 1, first.player);
    const player = first.player.user.id;

    const page1 = await server.listEntitlements({ status: 'pending', player, limit: 1 });
    expect(page1.entitlements).toEqual([
      expect.objectContaining({
        id: first.entitlement.id,
        player,
        game: 'yggdra',
        sku: skus.yggdra,
        name: 'Gem pack — 1 200',
        quantity: 2,
        order: first.order.txnid,
        status: 'pending',
        consumed_at: null,
        revoked_at: null,
        clawback: false,
      }),
    ]);
    expect(page1.next).toEqual(expect.any(String));
    const page2 = await server.listEntitlements({ status: 'pending', player, limit: 1, after: page1.next });
    expect(page2.entitlements.map((e: { id: string }) => e.id)).toEqual([second.entitlement.id]);

    const consumed = await server.consumeEntitlement(first.entitlement.id);
    expect(consumed).toMatchObject({
      id: first.entitlement.id,
      status: 'consumed',
      consumed_at: expect.any(String),
    });
    expect(await server.consumeEntitlement(first.entitlement.id)).toEqual(consumed);
    expect((await entitlementRow(first.entitlement.id)).status).toBe('consumed');

    expect((await server.listEntitlements({ status: 'consumed', player })).entitlements).toEqual([consumed]);
    expect(
      (await server.listEntitlements({ status: 'pending', player })).entitlements.map(
        (e: { id: string }) => e.id,
      ),
    ).toEqual([second.entitlement.id]);
  });

  it('answers with typed errors: 401 bad key, 404 unknown or another game’s, 409 revoked, 422 bad input', async () => {
    const sdk = await load();
    const server = new sdk.CaliberGameServer({ baseUrl, serverKey: keys.yggdra });
    const { entitlement, order } = await paidOrder('yggdra');

    const badKey = new sdk.CaliberGameServer({ baseUrl, serverKey: 'gsk_yggdra_not-a-key' });
    await expect(badKey.listEntitlements()).rejects.toMatchObject({ name: 'PortalError', status: 401 });
    await expect(badKey.consumeEntitlement(entitlement.id)).rejects.toMatchObject({ status: 401 });

    const talesRunner = new sdk.CaliberGameServer({ baseUrl, serverKey: keys.talesrunner });
    await expect(talesRunner.consumeEntitlement(entitlement.id)).rejects.toMatchObject({ status: 404 });
    await expect(server.consumeEntitlement('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
    });
    await expect(server.listEntitlements({ limit: 501 })).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/limit/),
    });
    await expect(server.listEntitlements({ status: 'lost' })).rejects.toMatchObject({ status: 422 });

    expect(await refund(order.id)).toBe(true);
    const refused = server.consumeEntitlement(entitlement.id);
    await expect(refused).rejects.toBeInstanceOf(sdk.PortalError);
    await expect(refused).rejects.toMatchObject({ status: 409, message: expect.any(String) });
    expect((await entitlementRow(entitlement.id)).status).toBe('revoked');
  });
});

describe.skipIf(!runs('python3', ['--version']))('the Python SDK: entitlements', () => {
  it('lists and consumes, and raises PortalError with the status for 401, 404 and 409', async () => {
    const { entitlement, player } = await paidOrder('yggdra');
    const revoked = await paidOrder('yggdra', 1, player);
    expect(await refund(revoked.order.id)).toBe(true);
    const script = `
import json, os, sys
sys.path.insert(0, os.environ["SDK"])
from caliber_portal import CaliberGameServer, PortalError
server = CaliberGameServer(os.environ["PORTAL_URL"], os.environ["KEY"])
out = {"pending": [e["id"] for e in server.list_entitlements(status="pending", player=os.environ["PLAYER"])["entitlements"]]}
out["consumed"] = server.consume_entitlement(os.environ["ID"])["status"]
for name, call in (("bad_key", lambda: CaliberGameServer(os.environ["PORTAL_URL"], "gsk_x").list_entitlements()),
                   ("unknown", lambda: server.consume_entitlement("00000000-0000-4000-8000-000000000000")),
                   ("revoked", lambda: server.consume_entitlement(os.environ["REVOKED"])),
                   ("bad_limit", lambda: server.list_entitlements(limit=0))):
    try:
        call()
        out[name] = None
    except PortalError as error:
        out[name] = [error.status, error.message]
print(json.dumps(out))
`;
    // Asynchronously: the portal answers from this same process.
    const python = startProcess('python3', ['-c', script], SDKS, {
      SDK: join(SDKS, 'python'),
      PORTAL_URL: baseUrl,
      KEY: keys.yggdra,
      PLAYER: player.user.id,
      ID: entitlement.id,
      REVOKED: revoked.entitlement.id,
    });
    expect(await python.exited).toBe(0);
    expect(python.output.stderr).toBe('');
    const out = JSON.parse(python.output.stdout);
    expect(out).toEqual({
      pending: [entitlement.id],
      consumed: 'consumed',
      bad_key: [401, expect.any(String)],
      unknown: [404, expect.any(String)],
      revoked: [409, expect.any(String)],
      bad_limit: [422, expect.stringMatching(/limit/)],
    });
  });
});

describe.each(examples)(
  'the $language example against the running portal',
  ({ game, available, build, cli, listening }) => {
    it.skipIf(!available)(
      'signs in like the launcher by password, then by PIN with the device token it printed, and exchanges the codes',
      async () => {
        const p = await createPlayer(t.app.ctx);
        await t.app.ctx.db
          .update(userGames)
          .set({ pinHash: await hashSecret('8642') })
          .where(eq(userGames.userId, p.user.id));
        const [command, args, cwd] = await (cli ?? build)();
        const env = { PORTAL_URL: baseUrl, CALIBER_EMAIL: p.user.email, CALIBER_SERVER_KEY: caliberKey };
        const byPassword = startProcess(command, args, cwd, { ...env, CALIBER_PASSWORD: p.password });
        expect(await byPassword.exited).toBe(0);
        expect(byPassword.output.stdout).toMatch(/launcher redirect: caliber:\/\/login\?code=/);
        expect(byPassword.output.stdout).toContain(p.user.id);
        const token = byPassword.output.stdout.match(
          /device token \(keep it: the PIN works only with it\): (\S+)/,
        )?.[1];
        expect(token).toEqual(expect.any(String));

        const byPin = startProcess(command, args, cwd, {
          ...env,
          CALIBER_PIN: '8642',
          CALIBER_DEVICE_TOKEN: token!,
        });
        expect(await byPin.exited).toBe(0);
        expect(byPin.output.stdout).toMatch(/launcher redirect: caliber:\/\/login\?code=/);
        expect(byPin.output.stdout).toMatch(/\bpin\b/);
      },
      120_000,
    );

    it.skipIf(!available)(
      'polls pending → grants → consumes; receives signed webhooks → verifies → grants → consumes, takes back a refund; refuses a forged one',
      async () => {
        const admin = (method: 'PUT' | 'POST', url: string, payload?: object) =>
          t.app.inject({ method, url, headers: owner.auth, ...(payload ? { payload } : {}) });
        // The game's webhook, off for now (the example's port is not known yet), and a fresh signing secret
        // (shown on creation, or on a rotation when an earlier example set the webhook up).
        const configured = await admin('PUT', `/api/admin/games/${game}/webhook`, {
          url: 'http://127.0.0.1:9/not-yet',
          active: false,
        });
        expect(configured.statusCode).toBe(200);
        const rotated = await admin('POST', `/api/admin/games/${game}/webhook/rotate-secret`);
        expect(rotated.statusCode).toBe(200);
        const secret = rotated.json().secret as string;
        expect(secret).toMatch(/^whsec_/);

        // Bought before the game server runs: its poll hands it over.
        const early = await paidOrder(game, 3);
        const [command, args, cwd] = await build();
        const example = startProcess(command, args, cwd, {
          PORTAL_URL: baseUrl,
          GAME_SERVER_KEY: keys[game],
          PORTAL_WEBHOOK_SECRET: secret,
          WEBHOOK_PORT: '0',
        });
        try {
          const [, port] = await example.waitFor(listening ?? /listening for webhooks on port (\d+)/);
          const earlyId = early.entitlement.id;
          expect(example.output.stdout).toMatch(
            new RegExp(
              `handed over 3 x ${skus[game]} \\(Gem pack — 1 200\\) to player ${early.player.user.id}, entitlement ${earlyId}`,
            ),
          );
          expect(example.output.stdout).toMatch(new RegExp(`consumed ${earlyId} at \\d{4}-`));
          expect((await entitlementRow(earlyId)).status).toBe('consumed');

          // Now the portal sends webhooks there: a new order's grant arrives signed, within the tolerance.
          const pointed = await admin('PUT', `/api/admin/games/${game}/webhook`, {
            url: `http://127.0.0.1:${port}/portal-webhook`,
            active: true,
          });
          expect(pointed.statusCode).toBe(200);
          t.clock.set(new Date());
          const late = await paidOrder(game, 1);
          expect(await deliverDueWebhooks(t.app.ctx)).toBeGreaterThanOrEqual(1);
          const [delivery] = await t.app.ctx.db
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.entitlementId, late.entitlement.id));
          expect(delivery).toMatchObject({ status: 'delivered', lastStatus: 204 });
          await example.waitFor(new RegExp(`webhook entitlement.granted ${delivery!.eventId} verified`));
          await example.waitFor(new RegExp(`consumed ${late.entitlement.id} at `));
          expect((await entitlementRow(late.entitlement.id)).status).toBe('consumed');

          // Refunded after the game handed it over: the revocation arrives signed and the game takes it back.
          expect(await refund(late.order.id)).toBe(true);
          expect(await deliverDueWebhooks(t.app.ctx)).toBeGreaterThanOrEqual(1);
          await example.waitFor(/webhook entitlement\.revoked \S+ verified/);
          await example.waitFor(
            new RegExp(
              `took back 1 x ${skus[game]} from player ${late.player.user.id}, entitlement ${late.entitlement.id}`,
            ),
          );

          // A forged webhook (another secret) is refused with 400 and changes nothing.
          const forged = await fetch(`http://127.0.0.1:${port}/portal-webhook`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'portal-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
            },
            body: JSON.stringify({
              id: 'forged',
              type: 'entitlement.granted',
              created_at: new Date().toISOString(),
              data: {},
            }),
          });
          expect(forged.status).toBe(400);
          await example.waitFor(/webhook refused: (portal webhook: )?no Portal-Signature matches/i);
          expect(example.output.stdout).not.toMatch(/forged/);
        } finally {
          await example.stop();
          await admin('PUT', `/api/admin/games/${game}/webhook`, {
            url: 'http://127.0.0.1:9/off',
            active: false,
          });
        }
      },
      120_000,
    );
  },
);
