import * as oidc from 'openid-client';
import type { Config } from '../../config';

/**
 * Google (OpenID Connect, discovered from GOOGLE_ISSUER) and Facebook (OAuth 2 with configured endpoints
 * and the Graph /me call), both through openid-client. Plain-http endpoints are accepted only outside
 * production, so tests and the browser suite can use local stand-in providers.
 */
export type ProviderName = 'google' | 'facebook';

export interface ProviderProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

const discovered = new Map<string, Promise<oidc.Configuration>>();

export function isConfigured(config: Config, provider: ProviderName): boolean {
  return provider === 'google'
    ? Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)
    : Boolean(config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET);
}

const insecureAllowed = (config: Config, url: string) =>
  url.startsWith('http://') && config.NODE_ENV !== 'production';

export async function providerConfiguration(
  config: Config,
  provider: ProviderName,
): Promise<oidc.Configuration> {
  if (provider === 'google') {
    const key = `${config.GOOGLE_ISSUER}|${config.GOOGLE_CLIENT_ID}`;
    let pending = discovered.get(key);
    if (!pending) {
      pending = oidc.discovery(
        new URL(config.GOOGLE_ISSUER),
        config.GOOGLE_CLIENT_ID!,
        config.GOOGLE_CLIENT_SECRET!,
        undefined,
        insecureAllowed(config, config.GOOGLE_ISSUER)
          ? { execute: [oidc.allowInsecureRequests], timeout: 10 }
          : { timeout: 10 },
      );
      discovered.set(key, pending);
      // A failed discovery is retried on the next sign-in instead of being remembered.
      pending.catch(() => discovered.delete(key));
    }
    return pending;
  }
  const configuration = new oidc.Configuration(
    {
      issuer: new URL(config.FACEBOOK_AUTH_URL).origin,
      authorization_endpoint: config.FACEBOOK_AUTH_URL,
      token_endpoint: config.FACEBOOK_TOKEN_URL,
    },
    config.FACEBOOK_CLIENT_ID!,
    config.FACEBOOK_CLIENT_SECRET!,
  );
  if (insecureAllowed(config, config.FACEBOOK_TOKEN_URL)) oidc.allowInsecureRequests(configuration);
  return configuration;
}

function callbackUrl(config: Config, provider: ProviderName): string {
  return `${config.PUBLIC_URL}/api/auth/${provider}/callback`;
}

export function authorizationUrl(
  configuration: oidc.Configuration,
  config: Config,
  provider: ProviderName,
  checks: { state: string; codeChallenge: string; nonce: string },
): URL {
  return oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(config, provider),
    response_type: 'code',
    scope: provider === 'google' ? 'openid email profile' : 'email public_profile',
    state: checks.state,
    code_challenge: checks.codeChallenge,
    code_challenge_method: 'S256',
    ...(provider === 'google' ? { nonce: checks.nonce } : {}),
  });
}

/** Completes the code exchange (state, PKCE and, for Google, the ID token and nonce are checked). */
export async function completeSignIn(
  configuration: oidc.Configuration,
  config: Config,
  provider: ProviderName,
  currentUrl: URL,
  checks: { state: string; verifier: string; nonce: string },
): Promise<ProviderProfile> {
  if (provider === 'google') {
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      expectedState: checks.state,
      pkceCodeVerifier: checks.verifier,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    return {
      subject: String(claims.sub),
      email: typeof claims.email === 'string' ? claims.email : null,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: typeof claims.name === 'string' ? claims.name : '',
    };
  }
  const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
    expectedState: checks.state,
    pkceCodeVerifier: checks.verifier,
  });
  const me = new URL(`${config.FACEBOOK_GRAPH_URL.replace(/\/$/, '')}/me`);
  me.searchParams.set('fields', 'id,name,email');
  const res = await oidc.fetchProtectedResource(configuration, tokens.access_token, me, 'GET');
  if (!res.ok) throw new Error(`Graph /me answered ${res.status}`);
  const body = (await res.json()) as { id?: unknown; name?: unknown; email?: unknown };
  if (typeof body.id !== 'string' && typeof body.id !== 'number') throw new Error('Graph /me without id');
  return {
    subject: String(body.id),
    email: typeof body.email === 'string' ? body.email : null,
    // Facebook shares only an email its user has confirmed.
    emailVerified: typeof body.email === 'string',
    name: typeof body.name === 'string' ? body.name : '',
  };
}

export { oidc };
