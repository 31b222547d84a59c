import { and, eq } from 'drizzle-orm';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer, FIXTURE_PASSWORD } from '../../../test/fixtures';
import {
  Browser,
  firstPartyTokens,
  jsonOf,
  listeningApp,
  registerApp,
  relyingParty,
} from '../../../test/oidc';
import { accountTokens, oidcModels } from '../../db/schema/index';
import { hashToken, randomToken } from '../../lib/tokens';

// Refresh rotation, reuse detection, revocation, introspection, logout, and everything that ends an app's
// access: the player's own list, a disabled app, a suspended player, signing out everywhere, deletion.

let t: Awaited<ReturnType<typeof listeningApp>>;
const REDIRECT = 'http://127.0.0.1:53682/callback';
const POST_LOGOUT = 'http://127.0.0.1:53682/signed-out';

beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

async function launcher(extra: { type?: 'public' | 'confidential'; game?: 'caliber' } = {}) {
  const app = await registerApp(t, {
    type: extra.type ?? 'public',
    game: extra.game ?? null,
    name: 'Launcher',
    first_party: true,
    redirect_uris: [REDIRECT],
    post_logout_redirect_uris: [POST_LOGOUT],
  });
  return { ...app, config: await relyingParty(t.base, app.client_id, app.client_secret) };
}

const refreshFails = async (config: client.Configuration, refreshToken: string) =>
  client.refreshTokenGrant(config, refreshToken).then(
    () => null,
    (error: { error?: string }) => error.error,
  );

describe('refresh tokens', () => {
  it('rotates on every use; a reused refresh token revokes the whole grant', async () => {
    const { config } = await launcher();
    const player = await createPlayer(t.app.ctx);
    const first = await firstPartyTokens(t.base, config, player.auth, REDIRECT);
    const second = await client.refreshTokenGrant(config, first.refresh_token!);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await client.fetchUserInfo(config, second.access_token, player.user.id)).toMatchObject({
      sub: player.user.id,
    });

    // The first one again: refused, and the grant with every token under it ends.
    expect(await refreshFails(config, first.refresh_token!)).toBe('invalid_grant');
    expect(await refreshFails(config, second.refresh_token!)).toBe('invalid_grant');
    await expect(client.fetchUserInfo(config, second.access_token, player.user.id)).rejects.toBeTruthy();
  });

  it('is not issued without offline_access', async () => {
    const { config } = await launcher();
    const player = await createPlayer(t.app.ctx);
    const tokens = await firstPartyTokens(t.base, config, player.auth, REDIRECT, 'openid email');
    expect(tokens.refresh_token).toBeUndefined();
  });
});

describe('revocation and introspection', () => {
  it('revokes a refresh token (RFC 7009) and with it the grant', async () => {
    const { config } = await launcher();
    const player = await createPlayer(t.app.ctx);
    const tokens = await firstPartyTokens(t.base, config, player.auth, REDIRECT);
    await client.tokenRevocation(config, tokens.refresh_token!);
    expect(await refreshFails(config, tokens.refresh_token!)).toBe('invalid_grant');
    await expect(client.fetchUserInfo(config, tokens.access_token, player.user.id)).rejects.toBeTruthy();
  });

  it('introspects for confidential apps only', async () => {
    const confidential = await launcher({ type: 'confidential' });
    const player = await createPlayer(t.app.ctx);
    const tokens = await firstPartyTokens(t.base, confidential.config, player.auth, REDIRECT);
    const active = await client.tokenIntrospection(confidential.config, tokens.access_token);
    expect(active).toMatchObject({ active: true, sub: player.user.id, client_id: confidential.client_id });
    expect(active.scope?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
    await client.tokenRevocation(confidential.config, tokens.access_token);
    expect(await client.tokenIntrospection(confidential.config, tokens.access_token)).toEqual({
      active: false,
    });

    const pub = await launcher();
    const own = await firstPartyTokens(t.base, pub.config, player.auth, REDIRECT);
    // A public app hears nothing about tokens, not even its own.
    expect(await client.tokenIntrospection(pub.config, own.access_token)).toEqual({ active: false });
  });
});

describe('logout', () => {
  it('ends the browser session at the end-session endpoint and returns to the registered address', async () => {
    const { config } = await launcher();
    const player = await createPlayer(t.app.ctx);
    const tokens = await firstPartyTokens(t.base, config, player.auth, REDIRECT);
    const browser = new Browser();
    const url = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: POST_LOGOUT,
      state: 'bye',
    });
    const confirm = await browser.request(url);
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    // The provider's self-submitting form: its inline script is allowed by hash in the portal's CSP.
    expect(confirm.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
    // …and the form may lead on to the app's registered address after the sign-out.
    expect(confirm.headers.get('content-security-policy')).toContain("form-action 'self' https: http:");
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
    expect(done.headers.get('location')).toBe(`${POST_LOGOUT}?state=bye`);
  });

  it('refuses an unregistered post-logout address', async () => {
    const { config } = await launcher();
    const player = await createPlayer(t.app.ctx);
    const tokens = await firstPartyTokens(t.base, config, player.auth, REDIRECT);
    const url = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: 'https://evil.example/',
    });
    const reply = await fetch(url, { redirect: 'manual' });
    expect(reply.status).toBe(400);
    expect(await reply.text()).toContain('post_logout_redirect_uri not registered');
  });
});

describe("the player's apps", () => {
  it('lists the grants and revokes one with its tokens', async () => {
    const { config, client_id } = await launcher();
    const player = await createPlayer(t.app.ctx);
    // Signed in twice (two devices): still one app in the list, and both devices' tokens under it.
    const other = await firstPartyTokens(t.base, config, player.auth, REDIRECT);
    const tokens = await firstPartyTokens(t.base, config, player.auth, REDIRECT);
    const list = await t.app.inject({ method: 'GET', url: '/api/oidc/grants', headers: player.auth });
    expect(list.statusCode).toBe(200);
    const [grant] = list.json().grants;
    expect(list.json().grants).toHaveLength(1);
    expect(grant).toMatchObject({ client_id, name: 'Launcher' });
    expect(grant.scopes).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'games', 'offline_access']),
    );
    expect(grant.last_used_at).toBeTruthy();

    // Another player cannot see or remove it.
    const stranger = await createPlayer(t.app.ctx);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/oidc/grants', headers: stranger.auth })).json(),
    ).toEqual({
      grants: [],
    });
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/oidc/grants/${grant.id}`,
      headers: stranger.auth,
    });
    expect(foreign.statusCode).toBe(404);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/oidc/grants/${grant.id}`,
      headers: player.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('The app no longer has access to your account.');
    expect(await refreshFails(config, tokens.refresh_token!)).toBe('invalid_grant');
    expect(await refreshFails(config, other.refresh_token!)).toBe('invalid_grant');
    await expect(client.fetchUserInfo(config, tokens.access_token, player.user.id)).rejects.toBeTruthy();
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/oidc/grants/${grant.id}`,
      headers: player.auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it('needs a player session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/oidc/grants' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/oidc/grants/x' })).statusCode).toBe(401);
    const admin = await createAdmin(t.app.ctx);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/oidc/grants', headers: admin.auth })).statusCode,
    ).toBe(401);
  });

  it('refuses an overlong id', async () => {
    const player = await createPlayer(t.app.ctx);
    const reply = await t.app.inject({
      method: 'DELETE',
      url: `/api/oidc/grants/${'x'.repeat(101)}`,
      headers: player.auth,
    });
    expect(reply.statusCode).toBe(414);
  });
});

describe('what ends an app’s access', () => {
  const grantsOf = async (userId: string) =>
    t.app.ctx.db
      .select({ id: oidcModels.id })
      .from(oidcModels)
      .where(and(eq(oidcModels.model, 'Grant'), eq(oidcModels.accountId, userId)));

  it('a disabled app: its tokens stop working and new sign-ins are refused', async () => {
    const { config, client_id } = await launcher();
    const player = await createPlayer(t.app.ctx);
    const tokens = await firstPartyTokens(t.base, config, player.auth, REDIRECT);
    const owner = await createAdmin(t.app.ctx, { role: 'owner' });
    const disabled = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/oidc/clients/${client_id}`,
      headers: owner.auth,
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect(await refreshFails(config, tokens.refresh_token!)).toBe('invalid_client');
    await expect(client.fetchUserInfo(config, tokens.access_token, player.user.id)).rejects.toBeTruthy();
    expect(await grantsOf(player.user.id)).toEqual([]);
    const url = client.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: 'openid' });
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(400);
  });

  it('a suspended player: refresh and userinfo are refused', async () => {
    const { config } = await launcher();
    const player = await createPlayer(t.app.ctx);
    const tokens = await firstPartyTokens(t.base, config, player.auth, REDIRECT);
    const owner = await createAdmin(t.app.ctx, { role: 'owner' });
    const suspended = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${player.user.id}/status`,
      headers: owner.auth,
      payload: { status: 'suspended' },
    });
    expect(suspended.statusCode).toBe(200);
    expect(await refreshFails(config, tokens.refresh_token!)).toBe('invalid_grant');
    await expect(client.fetchUserInfo(config, tokens.access_token, player.user.id)).rejects.toBeTruthy();
    expect(await grantsOf(player.user.id)).toEqual([]);
  });

  it('an account ban: every grant ends at once, refresh and userinfo are refused', async () => {
    const { config } = await launcher();
    const player = await createPlayer(t.app.ctx);
    const tokens = await firstPartyTokens(t.base, config, player.auth, REDIRECT);
    const owner = await createAdmin(t.app.ctx, { role: 'owner' });
    const banned = await t.app.inject({
      method: 'POST',
      url: `/api/admin/players/${player.user.id}/sanctions`,
      headers: owner.auth,
      payload: { scope: 'account', category: 'scamming', note: 'Sold stolen accounts.', expires_at: null },
    });
    expect(banned.statusCode).toBe(201);
    expect(await grantsOf(player.user.id)).toEqual([]);
    expect(await refreshFails(config, tokens.refresh_token!)).toBe('invalid_grant');
    await expect(client.fetchUserInfo(config, tokens.access_token, player.user.id)).rejects.toBeTruthy();
  });

  it("a ban from the app's game: its tokens and new sign-ins are refused; other apps keep working", async () => {
    const caliber = await launcher({ game: 'caliber' });
    const portalWide = await launcher();
    const player = await createPlayer(t.app.ctx);
    const caliberTokens = await firstPartyTokens(t.base, caliber.config, player.auth, REDIRECT);
    const otherTokens = await firstPartyTokens(t.base, portalWide.config, player.auth, REDIRECT);
    const owner = await createAdmin(t.app.ctx, { role: 'owner' });
    const banned = await t.app.inject({
      method: 'POST',
      url: `/api/admin/players/${player.user.id}/sanctions`,
      headers: owner.auth,
      payload: { scope: 'game', game: 'caliber', category: 'cheating', note: 'Aimbot.', expires_at: null },
    });
    expect(banned.statusCode).toBe(201);
    expect(await refreshFails(caliber.config, caliberTokens.refresh_token!)).toBe('invalid_grant');
    await expect(
      client.fetchUserInfo(caliber.config, caliberTokens.access_token, player.user.id),
    ).rejects.toBeTruthy();
    await expect(firstPartyTokens(t.base, caliber.config, player.auth, REDIRECT)).rejects.toThrow(/403/);
    const renewed = await client.refreshTokenGrant(portalWide.config, otherTokens.refresh_token!);
    expect(await client.fetchUserInfo(portalWide.config, renewed.access_token, player.user.id)).toMatchObject(
      {
        sub: player.user.id,
      },
    );
  });

  it('signing out everywhere else also ends every app grant', async () => {
    const { config } = await launcher();
    const player = await createPlayer(t.app.ctx);
    const tokens = await firstPartyTokens(t.base, config, player.auth, REDIRECT);
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/revoke-others',
      headers: player.auth,
    });
    expect(reply.statusCode).toBe(200);
    expect(await refreshFails(config, tokens.refresh_token!)).toBe('invalid_grant');
    expect(await grantsOf(player.user.id)).toEqual([]);
  });

  it('a password reset through the emailed link ends every app grant', async () => {
    const { config } = await launcher();
    const player = await createPlayer(t.app.ctx);
    const tokens = await firstPartyTokens(t.base, config, player.auth, REDIRECT);
    // The emailed link's token, as the accounts module stores it (only its hash).
    const link = randomToken();
    await t.app.ctx.db.insert(accountTokens).values({
      userId: player.user.id,
      purpose: 'reset_password',
      tokenHash: hashToken(link),
      game: 'caliber',
      expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
    });
    const password = 'Fresh-Lantern-77';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/reset-password',
      payload: { token: link, new_password: password, new_password_confirmation: password },
    });
    expect(reset.statusCode).toBe(200);
    expect(await refreshFails(config, tokens.refresh_token!)).toBe('invalid_grant');
    expect(await grantsOf(player.user.id)).toEqual([]);
  });

  it('an account deletion request ends every app grant', async () => {
    const { config } = await launcher();
    const player = await createPlayer(t.app.ctx);
    const tokens = await firstPartyTokens(t.base, config, player.auth, REDIRECT);
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: player.auth,
      payload: { password: FIXTURE_PASSWORD },
    });
    expect(reply.statusCode).toBe(202);
    expect(await refreshFails(config, tokens.refresh_token!)).toBe('invalid_grant');
    expect(await grantsOf(player.user.id)).toEqual([]);
  });
});

describe('browser apps (CORS)', () => {
  it('answers the origin of an https redirect URI, and no other', async () => {
    const { client_id } = await registerApp(t, {
      type: 'public',
      first_party: true,
      redirect_uris: ['https://play.example/callback'],
    });
    const call = (origin: string) =>
      fetch(`${t.base}/oidc/token`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'unknown', client_id }),
      });
    const own = await call('https://play.example');
    expect(own.headers.get('access-control-allow-origin')).toBe('https://play.example');
    expect(await jsonOf(own)).toMatchObject({ error: 'invalid_grant' });
    const other = await call('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
