import { and, eq, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer } from '../../../test/fixtures';
import { jsonOf, listeningApp, registerApp, relyingParty } from '../../../test/oidc';
import { oidcModels } from '../../db/schema/index';
import { seedDemoApp } from './clients';

// The device authorization grant (RFC 8628) as a console runs it with openid-client, and the JSON API of the
// portal's /activate page where the player enters the code.

let t: Awaited<ReturnType<typeof listeningApp>>;
const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code';

beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

async function consoleApp(name = 'Yggdra Console') {
  const { client_id } = await registerApp(t, {
    type: 'public',
    name,
    first_party: true,
    game: 'caliber',
    grant_types: [DEVICE, 'refresh_token'],
  });
  return { client_id, config: await relyingParty(t.base, client_id) };
}

/** One poll of the token endpoint; answers the tokens or the RFC 8628 error code. */
async function poll(config: client.Configuration, deviceCode: string) {
  return client.genericGrantRequest(config, DEVICE, { device_code: deviceCode }).then(
    (tokens) => ({ tokens, error: null }),
    (error: { error?: string }) => ({ tokens: null, error: error.error }),
  );
}

const post = (url: string, auth: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: auth, payload: payload as Record<string, unknown> });

describe('device flow', () => {
  it('pending, slow_down, then approved on /activate: tokens for the console', async () => {
    const { config, client_id } = await consoleApp();
    const player = await createPlayer(t.app.ctx);
    const started = await client.initiateDeviceAuthorization(config, {
      scope: 'openid profile offline_access',
      prompt: 'consent',
    });
    expect(started.verification_uri).toBe(`${t.base}/activate`);
    expect(started.verification_uri_complete).toBe(
      `${t.base}/activate?user_code=${encodeURIComponent(started.user_code)}`,
    );
    expect(started.interval).toBe(5);
    expect(started.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);

    expect((await poll(config, started.device_code)).error).toBe('authorization_pending');
    // Again at once: too fast.
    expect((await poll(config, started.device_code)).error).toBe('slow_down');
    t.clock.advance(5_000);
    expect((await poll(config, started.device_code)).error).toBe('authorization_pending');

    // The player enters the code (any case, with or without the dash) and sees who asks.
    const typed = started.user_code.toLowerCase().replace('-', ' ');
    const described = await post('/api/oidc/device', player.auth, { user_code: typed });
    expect(described.statusCode).toBe(200);
    expect(described.json()).toEqual({
      user_code: started.user_code,
      client: { client_id, name: 'Yggdra Console', first_party: true },
      scopes: ['openid', 'profile', 'offline_access'],
    });
    const approved = await post('/api/oidc/device/decision', player.auth, {
      user_code: typed,
      approve: true,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe('Your device is signed in. You can go back to it now.');

    t.clock.advance(5_000);
    const { tokens } = await poll(config, started.device_code);
    expect(tokens?.claims()?.sub).toBe(player.user.id);
    expect(tokens?.refresh_token).toBeTruthy();
    const userinfo = await client.fetchUserInfo(config, tokens!.access_token, player.user.id);
    expect(userinfo).toMatchObject({ sub: player.user.id, name: 'Test Player' });
    expect(userinfo.nickname).toMatch(/^nick/);

    // The grant is in the player's list of apps.
    const grants = await t.app.inject({ method: 'GET', url: '/api/oidc/grants', headers: player.auth });
    expect(grants.json().grants.map((g: { client_id: string }) => g.client_id)).toContain(client_id);

    // The code works once; a replay ends the grant it made (as a replayed authorization code does).
    t.clock.advance(5_000);
    expect((await poll(config, started.device_code)).error).toBe('invalid_grant');
    const reused = await post('/api/oidc/device', player.auth, { user_code: typed });
    expect(reused.statusCode).toBe(404);
  });

  it('denied: the console hears access_denied and the code cannot be used again', async () => {
    const { config } = await consoleApp();
    const player = await createPlayer(t.app.ctx);
    const started = await client.initiateDeviceAuthorization(config, { scope: 'openid' });
    const denied = await post('/api/oidc/device/decision', player.auth, {
      user_code: started.user_code,
      approve: false,
    });
    expect(denied.statusCode).toBe(200);
    expect(denied.json().message).toBe('The device was not signed in.');
    expect((await poll(config, started.device_code)).error).toBe('access_denied');
    const again = await post('/api/oidc/device/decision', player.auth, {
      user_code: started.user_code,
      approve: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This code has already been used. Start again on your device.');
  });

  it('expired: the console hears expired_token and the page says so', async () => {
    const { config } = await consoleApp();
    const player = await createPlayer(t.app.ctx);
    const started = await client.initiateDeviceAuthorization(config, { scope: 'openid' });
    // Ten minutes later: the code's lifetime (exp, the provider's own clock) has passed.
    await t.app.ctx.db
      .update(oidcModels)
      .set({
        payload: sql`jsonb_set(${oidcModels.payload}, '{exp}', to_jsonb(extract(epoch from now())::int - 1))`,
      })
      .where(and(eq(oidcModels.model, 'DeviceCode'), eq(oidcModels.id, started.device_code)));
    expect((await poll(config, started.device_code)).error).toBe('expired_token');
    const late = await post('/api/oidc/device', player.auth, { user_code: started.user_code });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('This code has expired. Start again on your device.');
  });

  it('refuses unknown and malformed codes, no session, and a suspended player', async () => {
    const player = await createPlayer(t.app.ctx);
    const unknown = await post('/api/oidc/device', player.auth, { user_code: 'BCDF-GHJK' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(
      'This code is not valid. Check the code on your device and try again.',
    );
    expect((await post('/api/oidc/device', player.auth, { user_code: '' })).statusCode).toBe(422);
    expect((await post('/api/oidc/device', player.auth, {})).statusCode).toBe(422);
    expect((await post('/api/oidc/device', player.auth, { user_code: 'x'.repeat(40) })).statusCode).toBe(422);
    expect(
      (await post('/api/oidc/device/decision', player.auth, { user_code: 'BCDF-GHJK' })).statusCode,
    ).toBe(422);
    expect((await post('/api/oidc/device', {}, { user_code: 'BCDF-GHJK' })).statusCode).toBe(401);

    const { config } = await consoleApp();
    const started = await client.initiateDeviceAuthorization(config, { scope: 'openid' });
    const suspended = await createPlayer(t.app.ctx, { accountStatus: 'suspended' });
    const refused = await post('/api/oidc/device/decision', suspended.auth, {
      user_code: started.user_code,
      approve: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your account is suspended.');
  });

  it('sends a browser that opens the provider’s own device page to /activate', async () => {
    const reply = await fetch(`${t.base}/oidc/device?user_code=BCDF-GHJK`, { redirect: 'manual' });
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe(`${t.base}/activate?user_code=BCDF-GHJK`);
  });

  it('refuses the device grant to an app not registered for it', async () => {
    const { client_id } = await registerApp(t, { type: 'public', redirect_uris: ['http://127.0.0.1:9/cb'] });
    const config = await relyingParty(t.base, client_id);
    await expect(client.initiateDeviceAuthorization(config, { scope: 'openid' })).rejects.toMatchObject({
      error: 'invalid_request',
      error_description: `${DEVICE} is not allowed for this client`,
    });
  });

  it('runs for the demo app exactly as the README curl commands do', async () => {
    expect(await seedDemoApp(t.app.ctx)).toEqual({ apps: 1 });
    expect(await seedDemoApp(t.app.ctx)).toBeNull();
    const player = await createPlayer(t.app.ctx);
    const form = (path: string, body: Record<string, string>) =>
      fetch(`${t.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
      });
    const started = await jsonOf(
      await form('/oidc/device/auth', { client_id: 'demo-launcher', scope: 'openid profile' }),
    );
    expect(started.verification_uri).toBe(`${t.base}/activate`);
    await post('/api/oidc/device/decision', player.auth, { user_code: started.user_code, approve: true });
    const tokens = await jsonOf(
      await form('/oidc/token', {
        grant_type: DEVICE,
        device_code: started.device_code,
        client_id: 'demo-launcher',
      }),
    );
    expect(tokens.token_type).toBe('Bearer');
    const me = await fetch(`${t.base}/oidc/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await jsonOf(me)).toMatchObject({ sub: player.user.id, name: 'Test Player' });
  });
});
