import { createServer } from 'node:net';
import type { OidcClientCreate } from '@portal/contract';
import * as client from 'openid-client';
import { createClient } from '../src/modules/oidc/clients';
import { buildTestApp, type TestApp } from './app';

/** A fetch reply's JSON body, as loosely typed as assertions need. */
// biome-ignore lint/suspicious/noExplicitAny: assertions read arbitrary JSON
export const jsonOf = async (response: Response): Promise<any> => response.json();

/** A port nobody listens on now (the portal's PUBLIC_URL must name it before the app is built). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The real app listening on 127.0.0.1, its PUBLIC_URL that address, so relying parties can reach it. */
export async function listeningApp(env: Record<string, string> = {}): Promise<TestApp & { base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({ env: { PUBLIC_URL: base, AUTH_RATE_LIMIT_MAX: '10000', ...env } });
  await t.app.listen({ host: '127.0.0.1', port });
  return { ...t, base };
}

/** Registers an app as staff would (the service, audited as the system). */
export async function registerApp(
  t: TestApp,
  input: Partial<OidcClientCreate> & Pick<OidcClientCreate, 'type'>,
) {
  return createClient(
    t.app.ctx,
    {
      name: 'Test App',
      redirect_uris: [],
      post_logout_redirect_uris: [],
      grant_types: ['authorization_code', 'refresh_token'],
      first_party: false,
      game: null,
      ...input,
    },
    { kind: 'system', label: 'test' },
  );
}

/** openid-client configured from the portal's discovery document (plain http is allowed for the test address). */
export async function relyingParty(base: string, clientId: string, secret?: string) {
  return client.discovery(
    new URL(`${base}/oidc`),
    clientId,
    undefined,
    secret ? client.ClientSecretBasic(secret) : client.None(),
    { execute: [client.allowInsecureRequests] },
  );
}

interface Cookie {
  name: string;
  value: string;
  path: string;
}

/**
 * A browser as far as the protocol needs one: cookies with their paths, redirects followed by hand. A fresh
 * one is another browser (the interaction binding must refuse it).
 */
export class Browser {
  private cookies: Cookie[] = [];

  private header(url: URL) {
    return this.cookies
      .filter((c) => url.pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some(
        (a) => /^expires=/i.test(a) && new Date(a.slice(8)).getTime() < Date.now(),
      );
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
      if (!expired && value) this.cookies.push({ name, value, path });
    }
  }

  async request(url: string | URL, init: RequestInit = {}) {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const cookie = this.header(target);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.store(response);
    return response;
  }

  /**
   * Navigates and follows redirects until the portal's interaction page or `stopAt` (an app's redirect URI):
   * answers that final address.
   */
  async navigate(url: string | URL, stopAt: string): Promise<URL> {
    let current = new URL(url);
    for (let hops = 0; hops < 10; hops += 1) {
      if (current.href.startsWith(stopAt)) return current;
      const response = await this.request(current, {
        headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' },
      });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return current;
      current = new URL(location, current);
    }
    throw new Error('too many redirects');
  }
}

/** The interaction uid of the portal's page address `/authorize/{uid}`, or null. */
export const interactionUid = (url: URL) => /^\/authorize\/([^/]+)$/.exec(url.pathname)?.[1] ?? null;

const accept = { accept: 'application/json' };

/**
 * A player signs in to an app through the portal's pages as the web app does: the login step with the
 * player's portal session, then (when `consent` is given) the consent step. Answers the app's callback URL.
 */
export async function signInThroughPortal(
  base: string,
  browser: Browser,
  authorizationUrl: URL,
  auth: { authorization: string },
  options: { redirect: string; consent?: boolean },
) {
  const page = await browser.navigate(authorizationUrl, options.redirect);
  const uid = interactionUid(page);
  if (!uid) throw new Error(`no interaction page: ${page.href}`);
  const asked = await browser.request(`${base}/api/oidc/interaction/${uid}`, { headers: accept });
  if (asked.status !== 200) throw new Error(`interaction ${asked.status}`);
  const details = await jsonOf(asked);
  const login = await browser.request(`${base}/api/oidc/interaction/${uid}/login`, {
    method: 'POST',
    headers: { ...accept, ...auth },
  });
  if (login.status !== 200) throw new Error(`login ${login.status}: ${await login.text()}`);
  let next = await browser.navigate((await jsonOf(login)).redirect_to, options.redirect);
  if (options.consent !== undefined) {
    // The consent step is a new interaction of the same browser.
    const consentUid = interactionUid(next);
    if (!consentUid) throw new Error(`no consent page: ${next.href}`);
    const decided = await browser.request(`${base}/api/oidc/interaction/${consentUid}/consent`, {
      method: 'POST',
      headers: { ...accept, 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ approve: options.consent }),
    });
    if (decided.status !== 200) throw new Error(`consent ${decided.status}`);
    next = await browser.navigate((await jsonOf(decided)).redirect_to, options.redirect);
  }
  return { callback: next, details, uid };
}

/** The whole code + PKCE flow of a first-party app for `auth`'s player: the token response. */
export async function firstPartyTokens(
  base: string,
  config: client.Configuration,
  auth: { authorization: string },
  redirect: string,
  scope = 'openid profile email games offline_access',
) {
  const verifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirect,
    scope,
    prompt: 'consent',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const { callback } = await signInThroughPortal(base, new Browser(), url, auth, { redirect });
  return client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
}
