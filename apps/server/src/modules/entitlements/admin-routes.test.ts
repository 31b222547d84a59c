import { GAME_SETTINGS_MESSAGES, type GameSettings } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, PRODUCTION_ENV, type TestApp } from '../../../test/app';
import { createAdmin } from '../../../test/fixtures';
import { startWebhookReceiver } from '../../../test/webhook-receiver';
import { auditLog, gameServerKeys, gameWebhooks } from '../../db/schema/index';
import { verifyPortalSignature } from './webhooks-signature';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAdmin>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let status = 200;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createAdmin(t.app.ctx, { name: 'Olive Owner' });
  receiver = await startWebhookReceiver(() => status);
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(() => {
  status = 200;
});

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, auth = owner.auth) =>
  t.app.inject({
    method,
    url,
    headers: auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const gameOf = async (game: string): Promise<GameSettings> =>
  (await call('GET', '/api/admin/games')).json().games.find((g: GameSettings) => g.game === game);
const auditActions = async (action: string) =>
  t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('game settings: the webhook', () => {
  it('lists every game, without a webhook at first', async () => {
    const res = await call('GET', '/api/admin/games');
    expect(res.statusCode).toBe(200);
    expect(res.json().games.map((g: GameSettings) => g.game)).toEqual(['caliber', 'talesrunner', 'yggdra']);
    expect(res.json().games[0]).toEqual({
      game: 'caliber',
      webhook: null,
      keys: [],
      deliveries: { pending: 0, failed: 0 },
    });
  });

  it('sets the URL: the signing secret is shown the first time only, sealed at rest, and audited', async () => {
    const first = await call('PUT', '/api/admin/games/talesrunner/webhook', {
      url: receiver.url,
      active: true,
    });
    expect(first.statusCode).toBe(200);
    const { secret, game } = first.json();
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(game.webhook).toEqual({ url: receiver.url, active: true, secret_created_at: expect.any(String) });
    const [row] = await t.app.ctx.db.select().from(gameWebhooks).where(eq(gameWebhooks.game, 'talesrunner'));
    expect(row!.secretSealed).not.toContain(secret.slice(6));

    const again = await call('PUT', '/api/admin/games/talesrunner/webhook', {
      url: `${receiver.url}?v=2`,
      active: false,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().secret).toBeUndefined();
    expect(again.json().game.webhook).toMatchObject({ url: `${receiver.url}?v=2`, active: false });
    expect((await gameOf('talesrunner')).webhook?.active).toBe(false);
    const audits = await auditActions('games.webhook_save');
    expect(audits.map((a) => a.details)).toEqual([
      { game: 'talesrunner', url: receiver.url, active: true, secretCreated: true },
      { game: 'talesrunner', url: `${receiver.url}?v=2`, active: false, secretCreated: false },
    ]);
    expect(audits[0]!.actorId).toBe(owner.admin.id);
    expect(audits.map((a) => a.target)).toEqual(['webhook:talesrunner', 'webhook:talesrunner']);
  });

  it('refuses bad input with 422 and changes nothing; an unknown game is refused', async () => {
    const before = await gameOf('talesrunner');
    for (const payload of [
      {},
      { url: 'not a url', active: true },
      { url: 'ftp://game.example.com/hook', active: true },
      { url: `https://x.example/${'a'.repeat(2000)}`, active: true },
      { url: 'https://game.example.com/hook', active: 'yes' },
      { url: 'https://game.example.com/hook' },
    ]) {
      const res = await call('PUT', '/api/admin/games/talesrunner/webhook', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const ftp = await call('PUT', '/api/admin/games/talesrunner/webhook', {
      url: 'ftp://g.example/h',
      active: true,
    });
    expect(ftp.json().errors.url).toEqual([GAME_SETTINGS_MESSAGES.httpOrHttps]);
    expect(await gameOf('talesrunner')).toEqual(before);
    const unknown = await call('PUT', '/api/admin/games/minecraft/webhook', {
      url: receiver.url,
      active: true,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('Unknown game.');
  });

  it('rotates the secret: a new one, shown once, audited; 404 before a webhook exists', async () => {
    const rotated = await call('POST', '/api/admin/games/talesrunner/webhook/rotate-secret');
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(await auditActions('games.webhook_rotate_secret')).toHaveLength(1);
    const none = await call('POST', '/api/admin/games/caliber/webhook/rotate-secret');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(GAME_SETTINGS_MESSAGES.noWebhook);
  });

  it('sends a signed test ping now (also while off), logged as a delivery; 404 without a webhook', async () => {
    await call('PUT', '/api/admin/games/talesrunner/webhook', { url: receiver.url, active: false });
    const { secret } = (await call('POST', '/api/admin/games/talesrunner/webhook/rotate-secret')).json();
    const sent = receiver.requests.length;
    const ping = await call('POST', '/api/admin/games/talesrunner/webhook/test');
    expect(ping.statusCode).toBe(200);
    expect(ping.json().delivery).toMatchObject({
      game: 'talesrunner',
      type: 'ping',
      status: 'delivered',
      attempts: 1,
      last_status: 200,
      last_error: null,
    });
    const request = receiver.requests[sent]!;
    expect(JSON.parse(request.body)).toEqual({
      id: ping.json().delivery.event_id,
      type: 'ping',
      created_at: t.clock.now().toISOString(),
      data: {},
    });
    expect(request.headers['portal-event-id']).toBe(ping.json().delivery.event_id);
    expect(
      verifyPortalSignature(
        secret,
        request.headers['portal-signature'] as string,
        request.body,
        t.clock.now(),
      ),
    ).toBe(true);

    status = 503;
    const failed = await call('POST', '/api/admin/games/talesrunner/webhook/test');
    expect(failed.statusCode).toBe(200);
    expect(failed.json().delivery).toMatchObject({
      status: 'failed',
      last_status: 503,
      last_error: 'HTTP 503',
    });
    expect((await call('POST', '/api/admin/games/caliber/webhook/test')).statusCode).toBe(404);
  });

  it('production refuses an http:// URL with a clear 422, and takes https://', async () => {
    // Two-step for staff is tested on its own (admin-two-step.test.ts); here it would only hide the rule.
    const prod = await buildTestApp({ env: { ...PRODUCTION_ENV, ADMIN_MFA: 'optional' } });
    try {
      const staff = await createAdmin(prod.app.ctx);
      const put = (url: string) =>
        prod.app.inject({
          method: 'PUT',
          url: '/api/admin/games/yggdra/webhook',
          headers: staff.auth,
          payload: { url, active: true },
        });
      const refused = await put('http://game.example.com/hook');
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        message: GAME_SETTINGS_MESSAGES.httpsOnly,
        errors: { url: [GAME_SETTINGS_MESSAGES.httpsOnly] },
      });
      expect(await prod.app.ctx.db.select().from(gameWebhooks)).toEqual([]);
      expect((await put('https://game.example.com/hook')).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('game settings: server keys', () => {
  it('creates a named key shown once, which the game-server API then takes; revokes it; both audited', async () => {
    const created = await call('POST', '/api/admin/games/yggdra/keys', { name: '  EU game servers ' });
    expect(created.statusCode).toBe(200);
    const { key, server_key } = created.json();
    expect(key).toMatch(/^gsk_yggdra_/);
    expect(server_key).toEqual({
      id: expect.any(String),
      name: 'EU game servers',
      prefix: key.slice(0, 'gsk_yggdra_'.length + 6),
      created_at: t.clock.now().toISOString(),
      last_used_at: null,
      revoked_at: null,
    });
    const [stored] = await t.app.ctx.db
      .select()
      .from(gameServerKeys)
      .where(eq(gameServerKeys.id, server_key.id));
    expect(JSON.stringify(stored)).not.toContain(key);

    const used = await t.app.inject({
      method: 'GET',
      url: '/api/game/entitlements',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(used.statusCode).toBe(200);
    expect((await gameOf('yggdra')).keys[0]!.last_used_at).not.toBeNull();

    const revoked = await call('DELETE', `/api/admin/games/yggdra/keys/${server_key.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().server_key.revoked_at).toBe(t.clock.now().toISOString());
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/game/entitlements',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(refused.statusCode).toBe(401);
    expect((await call('DELETE', `/api/admin/games/yggdra/keys/${server_key.id}`)).statusCode).toBe(409);
    expect((await auditActions('games.key_create'))[0]!.details).toMatchObject({ name: 'EU game servers' });
    expect((await auditActions('games.key_revoke'))[0]!.details).toMatchObject({ keyId: server_key.id });
  });

  it("refuses a bad name (422), another game's or an unknown key (404), and a bad id", async () => {
    for (const payload of [{}, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 7 }])
      expect((await call('POST', '/api/admin/games/yggdra/keys', payload)).statusCode).toBe(422);
    const { server_key } = (await call('POST', '/api/admin/games/yggdra/keys', { name: 'Ygg' })).json();
    const other = await call('DELETE', `/api/admin/games/talesrunner/keys/${server_key.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(GAME_SETTINGS_MESSAGES.keyNotFound);
    const [still] = await t.app.ctx.db
      .select()
      .from(gameServerKeys)
      .where(and(eq(gameServerKeys.id, server_key.id)));
    expect(still!.revokedAt).toBeNull();
    expect(
      (await call('DELETE', '/api/admin/games/yggdra/keys/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    const badId = await call('DELETE', '/api/admin/games/yggdra/keys/not-a-uuid');
    expect(badId.statusCode).toBe(422);
    expect(badId.json().message).toBe(GAME_SETTINGS_MESSAGES.keyNotFound);
  });
});

describe('game settings: who may', () => {
  it('only owners; a signed-out caller is 401', async () => {
    for (const role of ['support', 'finance', 'analyst'] as const) {
      const staff = await createAdmin(t.app.ctx, { role });
      for (const [method, url] of [
        ['GET', '/api/admin/games'],
        ['PUT', '/api/admin/games/yggdra/webhook'],
        ['POST', '/api/admin/games/yggdra/keys'],
        ['GET', '/api/admin/deliveries'],
      ] as const) {
        const res = await call(
          method,
          url,
          method === 'GET' ? undefined : { url: receiver.url, active: true, name: 'x' },
          staff.auth,
        );
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/games' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/deliveries' })).statusCode).toBe(401);
  });
});
