import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createPlayer } from '../../../test/fixtures';
import {
  Browser,
  firstPartyTokens,
  interactionUid,
  jsonOf,
  listeningApp,
  registerApp,
  relyingParty,
  signInThroughPortal,
} from '../../../test/oidc';
import { stepUp } from '../../../test/step-up';
import { accessTokens, oidcModels } from '../../db/schema/index';
import { DEVICE_CODE_GRACE_S } from './adapter';
import { createClient } from './clients';

// OpenID Connect as relying parties expect it: discovery that advertises only what is served, PKCE for every
// app, introspection of an app's own tokens, prompt=login and max_age honoured with a truthful auth_time,
// RP-initiated logout ending the portal session, expired device codes, and what app registration accepts.

let t: Awaited<ReturnType<typeof listeningApp>>;
const REDIRECT = 'http://127.0.0.1:53682/callback';
const POST_LOGOUT = 'http://127.0.0.1:53682/signed-out';
const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code';
const accept = { accept: 'application/json' };

beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

async function launcher(type: 'public' | 'confidential' = 'public') {
  const app = await registerApp(t, {
    type,
    name: 'Launcher',
    first_party: true,
    redirect_uris: [REDIRECT],
    post_logout_redirect_uris: [POST_LOGOUT],
  });
  return { ...app, config: await relyingParty(t.base, app.client_id, app.client_secret) };
}

/** A player whose portal session was signed in a minute before now (real time, as the provider's clock). */
async function playerSignedInAMinuteAgo() {
  t.clock.set(new Date(Date.now() - 60_000));
  const player = await createPlayer(t.app.ctx);
  t.clock.set(new Date());
  const [row] = await t.app.ctx.db
    .select({ createdAt: accessTokens.createdAt })
    .from(accessTokens)
    .where(eq(accessTokens.userId, player.user.id));
  return { ...player, signedInAt: row!.createdAt };
}

/** Starts a code + PKCE sign-in in `browser` up to the portal's sign-in step: its uid and the verifier. */
async function startSignIn(
  browser: Browser,
  config: client.Configuration,
  extra: Record<string, string> = {},
) {
  const verifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope: 'openid',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  });
  const page = await browser.navigate(url, REDIRECT);
  const uid = interactionUid(page);
  if (!uid) throw new Error(`no interaction page: ${page.href}`);
  expect(
    (await jsonOf(await browser.request(`${t.base}/api/oidc/interaction/${uid}`, { headers: accept })))
      .prompt,
  ).toBe('login');
  return { uid, verifier };
}

const login = (browser: Browser, uid: string, auth: { authorization: string }) =>
  browser.request(`${t.base}/api/oidc/interaction/${uid}/login`, {
    method: 'POST',
    headers: { ...accept, ...auth },
  });

describe('discovery', () => {
  it('advertises only what is served: no DPoP, no pushed authorization requests', async () => {
    const doc = await jsonOf(await fetch(`${t.base}/oidc/.well-known/openid-configuration`));
    expect(doc.issuer).toBe(`${t.base}/oidc`);
    expect(doc.pushed_authorization_request_endpoint).toBeUndefined();
    expect(doc.require_pushed_authorization_requests).toBeUndefined();
    expect(doc.dpop_signing_alg_values_supported).toBeUndefined();
    const { client_id } = await launcher();
    const par = await fetch(`${t.base}/oidc/request`, {
      method: 'POST',
      body: new URLSearchParams({ client_id, response_type: 'code', scope: 'openid' }),
    });
    expect(par.status).toBe(404);
  });

  it('serves the OAuth metadata at the RFC 8414 address; the root openid-configuration is a JSON 404', async () => {
    const metadata = await fetch(`${t.base}/.well-known/oauth-authorization-server/oidc`);
    expect(metadata.status).toBe(200);
    const doc = await jsonOf(metadata);
    expect(doc).toMatchObject({ issuer: `${t.base}/oidc`, token_endpoint: `${t.base}/oidc/token` });
    for (const path of ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server']) {
      const missing = await fetch(`${t.base}${path}`);
      expect(missing.status, path).toBe(404);
      expect(await jsonOf(missing), path).toEqual({ message: 'No such endpoint.', code: 'NOT_FOUND' });
    }
  });

  it("never answers a well-known address with the web app's page", async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-e1.js"></script></head><body><div id="root"></div></body></html>',
    );
    const web = await buildTestApp({ deps: { webDist } });
    try {
      // The web build answers unknown pages with the app…
      expect((await web.app.inject('/some/page')).headers['content-type']).toContain('text/html');
      // …but not these.
      for (const url of [
        '/.well-known/openid-configuration',
        '/.well-known/oauth-authorization-server',
        '/.well-known/anything',
      ]) {
        const reply = await web.app.inject(url);
        expect(reply.statusCode, url).toBe(404);
        expect(reply.json(), url).toEqual({ message: 'No such endpoint.', code: 'NOT_FOUND' });
      }
      const metadata = await web.app.inject('/.well-known/oauth-authorization-server/oidc');
      expect(metadata.statusCode).toBe(200);
      expect(metadata.json().issuer).toBe('http://portal.test/oidc');
    } finally {
      await web.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe('PKCE', () => {
  it('is required of confidential apps too', async () => {
    const { config } = await launcher('confidential');
    const url = client.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: 'openid' });
    const back = await new Browser().navigate(url, REDIRECT);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toContain('PKCE');
  });
});

describe('introspection', () => {
  it("answers an app about its own tokens only, never another app's", async () => {
    const mine = await launcher('confidential');
    const other = await launcher('confidential');
    const player = await createPlayer(t.app.ctx);
    const tokens = await firstPartyTokens(t.base, mine.config, player.auth, REDIRECT);
    expect(await client.tokenIntrospection(other.config, tokens.access_token)).toEqual({ active: false });
    expect(await client.tokenIntrospection(other.config, tokens.refresh_token!)).toEqual({ active: false });
    expect(await client.tokenIntrospection(mine.config, tokens.access_token)).toMatchObject({
      active: true,
      client_id: mine.client_id,
    });
  });
});

describe('auth_time, prompt=login and max_age', () => {
  it('auth_time is when the player signed in to the portal, not the moment the app asked', async () => {
    const { config } = await launcher();
    const player = await playerSignedInAMinuteAgo();
    const browser = new Browser();
    // max_age (a day) makes the ID token carry auth_time.
    const { uid, verifier } = await startSignIn(browser, config, { max_age: '86400' });
    const done = await login(browser, uid, player.auth);
    expect(done.status).toBe(200);
    const callback = await browser.navigate((await jsonOf(done)).redirect_to, REDIRECT);
    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    expect(tokens.claims()!.auth_time).toBe(Math.floor(player.signedInAt.getTime() / 1000));
  });

  it('prompt=login: the portal session alone is refused until the player proves themselves again', async () => {
    const { config } = await launcher();
    const player = await playerSignedInAMinuteAgo();
    const browser = new Browser();
    const { uid, verifier } = await startSignIn(browser, config, { prompt: 'login' });
    const refused = await login(browser, uid, player.auth);
    expect(refused.status).toBe(403);
    expect(await jsonOf(refused)).toMatchObject({ code: 'STEP_UP_REQUIRED' });

    // The web app's confirm dialog: the password again (a step-up of this session), then the same step.
    t.clock.set(new Date());
    await stepUp(t, player.auth);
    const proved = Math.floor(t.clock.now().getTime() / 1000);
    const done = await login(browser, uid, player.auth);
    expect(done.status).toBe(200);
    const callback = await browser.navigate((await jsonOf(done)).redirect_to, REDIRECT);
    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    expect(tokens.claims()!.auth_time).toBe(proved);
  });

  it('prompt=login: a sign-in made during the request is proof enough (not asked twice)', async () => {
    const { config } = await launcher();
    const browser = new Browser();
    const { uid } = await startSignIn(browser, config, { prompt: 'login' });
    t.clock.set(new Date(Date.now() + 1_000));
    const player = await createPlayer(t.app.ctx); // signs in on the portal's page after the app asked
    expect((await login(browser, uid, player.auth)).status).toBe(200);
  });

  it('max_age: a portal sign-in older than it needs a fresh proof; a recent enough one answers', async () => {
    const { config } = await launcher();
    const player = await playerSignedInAMinuteAgo();
    const browser = new Browser();
    const strict = await startSignIn(browser, config, { max_age: '30' });
    const refused = await login(browser, strict.uid, player.auth);
    expect(refused.status).toBe(403);
    expect(await jsonOf(refused)).toMatchObject({ code: 'STEP_UP_REQUIRED' });

    const other = new Browser();
    const again = await startSignIn(other, config, { max_age: '600' });
    const done = await login(other, again.uid, player.auth);
    expect(done.status).toBe(200);
    const callback = await other.navigate((await jsonOf(done)).redirect_to, REDIRECT);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: again.verifier,
      maxAge: 600,
    });
    expect(tokens.claims()!.auth_time).toBe(Math.floor(player.signedInAt.getTime() / 1000));
  });
});

describe('RP-initiated logout', () => {
  async function signOut(browser: Browser, idToken: string, config: client.Configuration) {
    const confirm = await browser.request(
      client.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: POST_LOGOUT }),
    );
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html)!;
    const fields = new URLSearchParams(
      [...form[2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m): [string, string] => [m[1]!, m[2]!]),
    );
    fields.set('logout', 'yes');
    const done = await browser.request(new URL(form[1]!, t.base), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields,
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(POST_LOGOUT);
  }

  const grants = (auth: { authorization: string }) =>
    t.app.inject({ method: 'GET', url: '/api/oidc/grants', headers: auth });

  it('ends the portal session that signed this browser in', async () => {
    const { config } = await launcher();
    const player = await createPlayer(t.app.ctx);
    const browser = new Browser();
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const { callback } = await signInThroughPortal(t.base, browser, url, player.auth, { redirect: REDIRECT });
    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
    expect((await grants(player.auth)).statusCode).toBe(200);

    await signOut(browser, tokens.id_token!, config);
    expect((await grants(player.auth)).statusCode).toBe(401);
    // The next sign-in in that browser asks for credentials: the portal session is gone.
    const next = await startSignIn(browser, config);
    expect((await login(browser, next.uid, player.auth)).status).toBe(401);
  });

  it("leaves the portal sessions of another browser alone, and another player's", async () => {
    const { config } = await launcher();
    const player = await createPlayer(t.app.ctx);
    const tokens = await firstPartyTokens(t.base, config, player.auth, REDIRECT, 'openid');
    const stranger = await createPlayer(t.app.ctx);
    const browser = new Browser();
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const { callback } = await signInThroughPortal(t.base, browser, url, stranger.auth, {
      redirect: REDIRECT,
    });
    const strangerTokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
    });
    // The player's sign-in was in another browser: signing this one out does not end it.
    await signOut(browser, strangerTokens.id_token!, config);
    expect((await grants(stranger.auth)).statusCode).toBe(401);
    expect((await grants(player.auth)).statusCode).toBe(200);
    expect(await client.fetchUserInfo(config, tokens.access_token, player.user.id)).toMatchObject({
      sub: player.user.id,
    });
  });
});

describe('device codes', () => {
  async function consoleApp() {
    const { client_id } = await registerApp(t, {
      type: 'public',
      first_party: true,
      grant_types: [DEVICE, 'refresh_token'],
    });
    return relyingParty(t.base, client_id);
  }
  const poll = (config: client.Configuration, deviceCode: string) =>
    client.genericGrantRequest(config, DEVICE, { device_code: deviceCode }).then(
      () => null,
      (error: { error?: string }) => error.error,
    );
  const row = (deviceCode: string) => and(eq(oidcModels.model, 'DeviceCode'), eq(oidcModels.id, deviceCode));

  it('answers expired_token once expired (RFC 8628 3.5): the row outlives the code by an hour', async () => {
    const config = await consoleApp();
    const started = await client.initiateDeviceAuthorization(config, { scope: 'openid' });
    const [stored] = await t.app.ctx.db.select().from(oidcModels).where(row(started.device_code));
    const exp = (stored!.payload as { exp: number }).exp;
    expect(stored!.expiresAt!.getTime()).toBeGreaterThanOrEqual((exp + DEVICE_CODE_GRACE_S) * 1000 - 1_000);

    // Ten minutes and a second later, as the provider (exp) and the row (expires_at) see it.
    await t.app.ctx.db
      .update(oidcModels)
      .set({
        payload: sql`jsonb_set(${oidcModels.payload}, '{exp}', to_jsonb(extract(epoch from now())::int - 1))`,
        expiresAt: sql`now() + make_interval(secs => ${DEVICE_CODE_GRACE_S - 1})`,
      })
      .where(row(started.device_code));
    t.clock.advance(10_000);
    expect(await poll(config, started.device_code)).toBe('expired_token');

    // An hour after that the row is gone, and the code is unknown.
    await t.app.ctx.db
      .update(oidcModels)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(row(started.device_code));
    t.clock.advance(10_000);
    expect(await poll(config, started.device_code)).toBe('invalid_grant');
  });
});

describe('app registration', () => {
  const register = (redirect_uris: string[], post_logout_redirect_uris: string[] = []) =>
    createClient(
      t.app.ctx,
      {
        name: 'App',
        type: 'public',
        redirect_uris,
        post_logout_redirect_uris,
        grant_types: ['authorization_code'],
        first_party: false,
        game: null,
      },
      { kind: 'system', label: 'test' },
    ).then(
      () => null,
      (error: { status?: number; fields?: Record<string, string[]> }) => error,
    );

  it('accepts https, loopback 127.0.0.1 and [::1] at any port, and app schemes', async () => {
    for (const uri of [
      'https://partner.example/callback',
      'http://127.0.0.1/callback',
      'http://127.0.0.1:8765/callback',
      'http://[::1]:8765/callback',
      'com.example.game:/callback',
    ])
      expect(await register([uri]), uri).toBeNull();
  });

  it('refuses wildcards, localhost, other http hosts, credentials and fragments', async () => {
    for (const uri of [
      'https://*.partner.example/callback',
      'https://partner.example/*',
      'http://localhost/callback',
      'http://localhost:8765/callback',
      'http://partner.example/callback',
      'http://127.1/callback',
      'https://user:secret@partner.example/callback',
      'https://partner.example/callback#x',
    ]) {
      const refused = await register([uri]);
      expect(refused, uri).toMatchObject({ status: 422 });
      expect(JSON.stringify(refused), uri).toContain('loopback http address');
      const logout = await register(['https://partner.example/callback'], [uri]);
      expect(logout, uri).toMatchObject({ status: 422 });
    }
  });
});

describe('signing out of the portal', () => {
  it("makes the browser's next app sign-in ask for the portal sign-in again", async () => {
    const { config } = await launcher();
    const player = await createPlayer(t.app.ctx);
    const browser = new Browser();
    const authorize = async () => {
      const verifier = client.randomPKCECodeVerifier();
      return client.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT,
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
    };
    await signInThroughPortal(t.base, browser, await authorize(), player.auth, { redirect: REDIRECT });
    const promptOf = async (page: URL) =>
      (
        await jsonOf(
          await browser.request(`${t.base}/api/oidc/interaction/${interactionUid(page)}`, {
            headers: accept,
          }),
        )
      ).prompt;
    // Signed in to the portal: the provider's session signs the browser in (a native app is then asked for
    // consent, RFC 8252 8.6, but not for the sign-in).
    expect(await promptOf(await browser.navigate(await authorize(), REDIRECT))).toBe('consent');

    const signedOut = await t.app.inject({ method: 'POST', url: '/api/logout', headers: player.auth });
    expect(signedOut.statusCode).toBeLessThan(300);
    // Signed out: the sign-in step is asked again, and another portal session answers it.
    const page = await browser.navigate(await authorize(), REDIRECT);
    expect(await promptOf(page)).toBe('login');
    const uid = interactionUid(page);
    expect((await login(browser, uid!, player.auth)).status).toBe(401);
    const again = await createPlayer(t.app.ctx);
    expect((await login(browser, uid!, again.auth)).status).toBe(200);
  });
});
