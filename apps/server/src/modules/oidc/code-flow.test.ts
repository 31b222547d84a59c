import { eq } from 'drizzle-orm';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer } from '../../../test/fixtures';
import {
  Browser,
  interactionUid,
  jsonOf,
  listeningApp,
  signInThroughPortal as portalSignIn,
  registerApp,
  relyingParty,
} from '../../../test/oidc';
import { users } from '../../db/schema/index';

// Authorization code with PKCE, driven by a real relying party (openid-client) against the listening portal.

let t: Awaited<ReturnType<typeof listeningApp>>;
const REDIRECT = 'http://127.0.0.1:53682/callback';
/** A partner web site's callback (never fetched: the browser stops there). */
const WEB_REDIRECT = 'https://partner.example/callback';

beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

const accept = { accept: 'application/json' };
const signInThroughPortal = (
  browser: Browser,
  url: URL,
  auth: { authorization: string },
  consent?: boolean,
  redirect = REDIRECT,
) => portalSignIn(t.base, browser, url, auth, { redirect, consent });

describe('authorization code with PKCE (openid-client)', () => {
  it('publishes discovery with the portal issuer, the scopes and S256', async () => {
    const response = await fetch(`${t.base}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const doc = await jsonOf(response);
    expect(doc.issuer).toBe(`${t.base}/oidc`);
    expect(doc.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'games', 'offline_access']),
    );
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.device_authorization_endpoint).toBe(`${t.base}/oidc/device/auth`);
    const jwks = await jsonOf(await fetch(doc.jwks_uri));
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('signs a first-party public app in without consent and issues ID, access and refresh tokens', async () => {
    const { client_id } = await registerApp(t, {
      type: 'public',
      name: 'Caliber Launcher',
      first_party: true,
      game: 'caliber',
      // Registered without a port: a desktop launcher listens on any free one (RFC 8252 7.3).
      redirect_uris: ['http://127.0.0.1/callback'],
    });
    const player = await createPlayer(t.app.ctx);
    const config = await relyingParty(t.base, client_id);
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid profile email games offline_access',
      prompt: 'consent',
      state,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const browser = new Browser();
    const { callback, details } = await signInThroughPortal(browser, url, player.auth);
    expect(details).toMatchObject({
      prompt: 'login',
      client: { client_id, name: 'Caliber Launcher', first_party: true },
      scopes: ['openid', 'profile', 'email', 'games', 'offline_access'],
    });
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.refresh_token).toBeTruthy();
    const claims = tokens.claims()!;
    expect(claims.sub).toBe(player.user.id);
    expect(claims.iss).toBe(`${t.base}/oidc`);

    const userinfo = await client.fetchUserInfo(config, tokens.access_token, player.user.id);
    expect(userinfo).toMatchObject({
      sub: player.user.id,
      email: player.user.email,
      email_verified: true,
      name: 'Test Player',
      games: ['caliber'],
    });
    expect(userinfo.nickname).toMatch(/^nick/);

    // The sign-in is in the player's security history.
    const events = await t.app.inject({ method: 'GET', url: '/api/security/events', headers: player.auth });
    expect(events.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'app_sign_in', detail: 'Caliber Launcher' })]),
    );
  });

  it('refuses a public app without PKCE', async () => {
    const { client_id } = await registerApp(t, { type: 'public', redirect_uris: [REDIRECT] });
    const config = await relyingParty(t.base, client_id);
    const url = client.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: 'openid' });
    const landing = await new Browser().navigate(url, REDIRECT);
    expect(landing.searchParams.get('error')).toBe('invalid_request');
    expect(landing.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('asks a third-party app consent once; a refusal is access_denied', async () => {
    const { client_id, client_secret } = await registerApp(t, {
      type: 'confidential',
      name: 'Partner Site',
      redirect_uris: [WEB_REDIRECT],
    });
    const player = await createPlayer(t.app.ctx);
    const config = await relyingParty(t.base, client_id, client_secret);
    const start = async () => {
      const verifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: WEB_REDIRECT,
        scope: 'openid email',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      return { url, verifier };
    };

    // Refused: the app hears access_denied.
    const refused = await start();
    const { callback: denied } = await signInThroughPortal(
      new Browser(),
      refused.url,
      player.auth,
      false,
      WEB_REDIRECT,
    );
    expect(denied.searchParams.get('error')).toBe('access_denied');

    // Allowed: tokens; the confidential app authenticates with its secret (only its hash is stored).
    const first = await start();
    const browser = new Browser();
    const { callback } = await signInThroughPortal(browser, first.url, player.auth, true, WEB_REDIRECT);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: first.verifier,
    });
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, player.user.id);
    expect(userinfo).toEqual({ sub: player.user.id, email: player.user.email, email_verified: true });

    // The same scopes again in a new browser: the login step only, consent is remembered (a web app; a
    // third-party native app is asked every time, RFC 8252 8.6).
    const again = await start();
    const { callback: remembered } = await signInThroughPortal(
      new Browser(),
      again.url,
      player.auth,
      undefined,
      WEB_REDIRECT,
    );
    expect(remembered.href).toContain('code=');

    // A wrong secret is refused as RFC 6749 invalid_client.
    const wrong = await fetch(`${t.base}/oidc/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client_id}:not-the-secret`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? 'x' }),
    });
    expect(wrong.status).toBe(401);
    expect(await jsonOf(wrong)).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses to finish an interaction from another browser, and without a portal session', async () => {
    const { client_id } = await registerApp(t, {
      type: 'public',
      first_party: true,
      redirect_uris: [REDIRECT],
    });
    const player = await createPlayer(t.app.ctx);
    const config = await relyingParty(t.base, client_id);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const browser = new Browser();
    const uid = interactionUid(await browser.navigate(url, REDIRECT))!;
    const other = new Browser();
    const stolen = await other.request(`${t.base}/api/oidc/interaction/${uid}/login`, {
      method: 'POST',
      headers: { ...accept, ...player.auth },
    });
    expect(stolen.status).toBe(404);
    expect((await jsonOf(stolen)).message).toMatch(/another browser/);
    const unsigned = await browser.request(`${t.base}/api/oidc/interaction/${uid}/login`, {
      method: 'POST',
      headers: accept,
    });
    expect(unsigned.status).toBe(401);
  });

  it.each([
    ['suspended', { accountStatus: 'suspended' as const }, 'Your account is suspended.'],
    ['unverified', { emailVerifiedAt: null }, /verify your email address/],
    ['waiting for deletion', { deletionRequestedAt: new Date() }, /being deleted/],
  ])(
    'refuses a %s account at the sign-in step with the portal message (403)',
    async (_kind, change, message) => {
      const { client_id } = await registerApp(t, {
        type: 'public',
        first_party: true,
        redirect_uris: [REDIRECT],
      });
      const player = await createPlayer(t.app.ctx);
      // The session is still alive (the change raced it): the sign-in step checks the account itself.
      await t.app.ctx.db.update(users).set(change).where(eq(users.id, player.user.id));
      const config = await relyingParty(t.base, client_id);
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT,
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
      });
      const browser = new Browser();
      const uid = interactionUid(await browser.navigate(url, REDIRECT))!;
      const refused = await browser.request(`${t.base}/api/oidc/interaction/${uid}/login`, {
        method: 'POST',
        headers: { ...accept, ...player.auth },
      });
      expect(refused.status).toBe(403);
      expect((await jsonOf(refused)).message).toMatch(message);
    },
  );

  it('answers 404 for an unknown interaction and 409 for a step that is not due', async () => {
    const player = await createPlayer(t.app.ctx);
    const unknown = await fetch(`${t.base}/api/oidc/interaction/nope`, { headers: accept });
    expect(unknown.status).toBe(404);
    const { client_id } = await registerApp(t, { type: 'public', redirect_uris: [REDIRECT] });
    const config = await relyingParty(t.base, client_id);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const browser = new Browser();
    const uid = interactionUid(await browser.navigate(url, REDIRECT))!;
    const early = await browser.request(`${t.base}/api/oidc/interaction/${uid}/consent`, {
      method: 'POST',
      headers: { ...accept, 'content-type': 'application/json', ...player.auth },
      body: JSON.stringify({ approve: true }),
    });
    expect(early.status).toBe(409);
    const bad = await browser.request(`${t.base}/api/oidc/interaction/${uid}/consent`, {
      method: 'POST',
      headers: { ...accept, 'content-type': 'application/json', ...player.auth },
      body: JSON.stringify({ approve: 'yes' }),
    });
    expect(bad.status).toBe(422);
  });
});
