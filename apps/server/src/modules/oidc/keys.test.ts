import { eq } from 'drizzle-orm';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PRODUCTION_ENV } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import {
  Browser,
  firstPartyTokens,
  jsonOf,
  listeningApp,
  registerApp,
  relyingParty,
  signInThroughPortal,
} from '../../../test/oidc';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { oidcModels, oidcSigningKeys } from '../../db/schema/index';
import { systemClock } from '../../lib/clock';
import { purgeExpiredOidcRows } from './adapter';
import { loadSigningKeys, rotateSigningKeys } from './keys';

// Signing keys sealed with SECRET_KEY and rotated; two portal processes on one database; production rules.

let t: Awaited<ReturnType<typeof listeningApp>>;
const REDIRECT = 'http://127.0.0.1:53682/callback';

beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

const jwks = async (base: string) =>
  (await jsonOf(await fetch(`${base}/oidc/jwks`))).keys as { kid: string }[];

describe('signing keys', () => {
  it('are stored sealed, rotate, and the retired one stays published', async () => {
    const [stored] = await t.app.ctx.db.select().from(oidcSigningKeys);
    expect(stored!.sealedJwk).toMatch(/^v1\./);
    expect(stored!.sealedJwk).not.toContain('"d"');
    const before = await jwks(t.base);
    expect(before).toHaveLength(1);

    await rotateSigningKeys(t.app.ctx, t.app.ctx.config.SECRET_KEY);
    const keys = await loadSigningKeys({ ...t.app.ctx, clock: systemClock }, t.app.ctx.config.SECRET_KEY);
    expect(keys).toHaveLength(2);
    expect(keys[1]!.kid).toBe(before[0]!.kid);

    // A process started after the rotation signs with the new key; relying parties verify with either.
    const second = await secondInstance();
    try {
      expect((await jwks(second.base)).map((k) => k.kid)).toEqual(keys.map((k) => k.kid));
      const { client_id } = await registerApp(t, {
        type: 'public',
        first_party: true,
        redirect_uris: [REDIRECT],
      });
      const player = await createPlayer(t.app.ctx);
      const config = await relyingParty(t.base, client_id);
      const tokens = await firstPartyTokens(t.base, config, player.auth, REDIRECT);
      const header = JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString());
      expect(header.kid).toBe(before[0]!.kid);
    } finally {
      await second.close();
    }
  });

  it('cannot be opened with another SECRET_KEY: the start fails with one clear line', async () => {
    await expect(
      loadSigningKeys({ ...t.app.ctx, clock: systemClock }, 'another-secret-key-of-enough-length-000'),
    ).rejects.toThrow(/cannot be opened with this SECRET_KEY/);
  });
});

/** Another portal process on the same database and issuer (behind one load balancer): its own port. */
async function secondInstance() {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: t.base,
    DATA_DIR: '/nonexistent',
    AUTH_RATE_LIMIT_MAX: '10000',
  });
  const app = await buildApp({ config, database: t.database, clock: t.clock, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return { app, base: `http://127.0.0.1:${port}`, close: () => app.close() };
}

const form = (base: string, body: Record<string, string>) =>
  fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  });

describe('two processes on one database', () => {
  it('share codes, refresh tokens (reuse detected across them) and device codes', async () => {
    const second = await secondInstance();
    try {
      const { client_id } = await registerApp(t, {
        type: 'public',
        first_party: true,
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
      });
      const player = await createPlayer(t.app.ctx);
      const config = await relyingParty(t.base, client_id);
      // Tokens from the first process; the refresh at the second; the old refresh token replayed at the first.
      const tokens = await firstPartyTokens(t.base, config, player.auth, REDIRECT);
      const refreshed = await form(second.base, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id,
      });
      expect(refreshed.status).toBe(200);
      const rotated = await jsonOf(refreshed);
      const replay = await form(t.base, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id,
      });
      expect(replay.status).toBe(400);
      expect((await jsonOf(replay)).error).toBe('invalid_grant');
      const after = await form(second.base, {
        grant_type: 'refresh_token',
        refresh_token: rotated.refresh_token,
        client_id,
      });
      expect((await jsonOf(after)).error).toBe('invalid_grant');

      // A device code started at one process, approved and polled at the other.
      const started = await client.initiateDeviceAuthorization(config, { scope: 'openid' });
      const approved = await second.app.inject({
        method: 'POST',
        url: '/api/oidc/device/decision',
        headers: player.auth,
        payload: { user_code: started.user_code, approve: true },
      });
      expect(approved.statusCode).toBe(200);
      const polled = await form(second.base, {
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: started.device_code,
        client_id,
      });
      expect(polled.status).toBe(200);
      expect((await jsonOf(polled)).access_token).toBeTruthy();
    } finally {
      await second.close();
    }
  });

  it('redeem an authorization code once when both try at the same moment', async () => {
    const second = await secondInstance();
    try {
      const { client_id } = await registerApp(t, {
        type: 'public',
        first_party: true,
        redirect_uris: [REDIRECT],
      });
      const player = await createPlayer(t.app.ctx);
      const config = await relyingParty(t.base, client_id);
      const verifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT,
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const { callback } = await signInThroughPortal(t.base, new Browser(), url, player.auth, {
        redirect: REDIRECT,
      });
      const body = {
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        client_id,
      };
      const replies = await Promise.all([form(t.base, body), form(second.base, body), form(t.base, body)]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    } finally {
      await second.close();
    }
  });
});

describe('housekeeping and production', () => {
  it('purges rows past their expiry', async () => {
    await t.app.ctx.db.insert(oidcModels).values({
      model: 'Interaction',
      id: 'old-one',
      payload: {},
      expiresAt: new Date(Date.now() - 1000),
    });
    await purgeExpiredOidcRows(t.app.ctx);
    expect(await t.app.ctx.db.select().from(oidcModels).where(eq(oidcModels.id, 'old-one'))).toEqual([]);
  });

  it('stays off in production without an https PUBLIC_URL', async () => {
    const plain = await buildTestApp({ env: { ...PRODUCTION_ENV, PUBLIC_URL: 'http://portal.example' } });
    try {
      const reply = await plain.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
      expect(reply.statusCode).toBe(503);
      expect(reply.json().message).toMatch(/https PUBLIC_URL/);
    } finally {
      await plain.close();
    }
  });

  it('runs in production with an https PUBLIC_URL', async () => {
    const secure = await buildTestApp({ env: { ...PRODUCTION_ENV, PUBLIC_URL: 'https://portal.example' } });
    try {
      const reply = await secure.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().issuer).toBe('https://portal.example/oidc');
    } finally {
      await secure.close();
    }
  });
});
