import { timingSafeEqual } from 'node:crypto';
import { activateHref, endpointUrl, OIDC_SCOPES, oidcEndpoints, PAGE_PATHS } from '@portal/contract';
import type { Client, KoaContext, default as Provider } from 'oidc-provider';
import type { ServiceContext } from '../../lib/context';
import { hashToken } from '../../lib/tokens';
import { accountFinder } from './account';
import { drizzleAdapter } from './adapter';
import { findPlayerGrantId } from './grants';
import { cookieKeys, loadSigningKeys } from './keys';
import { endLinkedPortalSessions, linkPortalSession, portalSessionLive } from './portal-sessions';

/** Where the provider lives under the portal: issuer `{PUBLIC_URL}/oidc`. */
export const OIDC_PATH = '/oidc';
/** Seconds a device waits between polls (RFC 8628 3.2); faster polls are answered slow_down. */

const HOUR = 3600;
const DAY = 24 * HOUR;
/** The provider's browser session: two weeks. */
const SESSION_TTL_S = 14 * DAY;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A small page of the provider's own (errors, sign-out): escaped text, no script, the portal's CSP. */
function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/**
 * Ties the portal session that answered a sign-in step to the provider's browser session it signed in, and
 * ends it when that browser signs out at the end-session endpoint (RP-initiated logout, "sign out of the
 * games portal in this browser"): otherwise the portal stayed signed in, and the next app sign-in needed no
 * credentials.
 */
async function followPortalSessions(ctx: ServiceContext, koa: KoaContext) {
  const oidc = koa.oidc as
    | {
        route?: string;
        params?: { logout?: unknown };
        result?: { login?: { accountId?: string }; portalSession?: unknown };
        session?: { uid?: string; accountId?: string };
      }
    | undefined;
  const session = oidc?.session;
  if (!oidc || !session?.uid) return;
  if (
    oidc.route === 'resume' &&
    oidc.result?.login?.accountId &&
    typeof oidc.result.portalSession === 'string'
  ) {
    await linkPortalSession(ctx, {
      sessionUid: session.uid,
      accountId: oidc.result.login.accountId,
      portalSessionId: oidc.result.portalSession,
      ttlSeconds: SESSION_TTL_S,
    });
  }
  if (oidc.route === 'end_session_confirm' && oidc.params?.logout && session.accountId && koa.status < 400)
    await endLinkedPortalSessions(ctx, session.uid, session.accountId);
}

/**
 * The portal's OpenID Provider (panva's oidc-provider; docs/decisions/0041-openid-provider.md). Its storage,
 * clients and keys are the portal's database; sign-in and consent are the portal's own pages; the device
 * flow's page is `/activate`.
 */
export async function createProvider(ctx: ServiceContext): Promise<Provider> {
  // Loaded here rather than at the top: oidc-provider prints a runtime warning when it is imported on Node 20,
  // and a start refused by the config check must print its one line only (decision 0014).
  const oidc = await import('oidc-provider');
  const { config } = ctx;
  const keys = await loadSigningKeys(ctx, config.SECRET_KEY);
  // The sign-in step is asked again when the portal session that signed this browser in has ended.
  const policy = oidc.interactionPolicy.base();
  const { Check } = oidc.interactionPolicy;
  policy.get('login')!.checks.add(
    new Check(
      'portal_signed_out',
      'the portal session that signed this browser in has ended',
      async (koa) => {
        const current = koa.oidc as unknown as {
          session: { uid?: string; accountId?: string };
          result?: { login?: unknown };
        };
        if (!current.session.accountId || !current.session.uid || current.result?.login)
          return Check.NO_NEED_TO_PROMPT;
        return (await portalSessionLive(ctx, current.session.uid, current.session.accountId))
          ? Check.NO_NEED_TO_PROMPT
          : Check.REQUEST_PROMPT;
      },
    ),
  );
  const provider = new oidc.default(`${config.PUBLIC_URL}${OIDC_PATH}`, {
    adapter: drizzleAdapter(ctx, oidc.errors),
    clients: [],
    findAccount: accountFinder(ctx),
    jwks: { keys },
    cookies: {
      keys: cookieKeys(config.SECRET_KEY),
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    scopes: [...OIDC_SCOPES],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'nickname'],
      games: ['games'],
    },
    responseTypes: ['code'],
    // PKCE (S256) for every app, confidential ones too (OAuth 2.0 Security BCP, RFC 9700 2.1.1).
    pkce: { required: () => true },
    clientAuthMethods: ['none', 'client_secret_basic'],
    features: {
      devInteractions: { enabled: false },
      deviceFlow: { enabled: true },
      revocation: { enabled: true },
      // Not supported (decision 0041), so neither served nor advertised in discovery.
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      introspection: {
        enabled: true,
        // An app with a secret introspects its own tokens; a public app (a game client) may not, and no app
        // hears about another app's tokens.
        allowedPolicy: async (_koa: KoaContext, client: Client, token: { clientId?: string }) =>
          client.clientAuthMethod !== 'none' && token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(koa: KoaContext, form: string) {
          koa.body = page(
            'Sign out',
            `<p>Sign out of the games portal in this browser?</p>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
          );
        },
        async postLogoutSuccessSource(koa: KoaContext) {
          koa.body = page('Signed out', '<p>You are signed out. You can close this page.</p>');
        },
      },
    },
    interactions: {
      policy,
      // The API route that binds the browser (its cookie path) and sends it on to the web page.
      url: (_koa: KoaContext, interaction: { uid: string }) =>
        endpointUrl(oidcEndpoints.interaction, { uid: interaction.uid }),
    },
    async loadExistingGrant(koa: KoaContext) {
      const oidc = koa.oidc as unknown as {
        result?: { consent?: { grantId?: string } };
        session: { accountId?: string; grantIdFor(clientId: string): string | undefined };
        client: Client;
        provider: Provider;
      };
      const grantId =
        oidc.result?.consent?.grantId ??
        oidc.session.grantIdFor(oidc.client.clientId) ??
        (oidc.session.accountId
          ? await findPlayerGrantId(ctx, oidc.session.accountId, oidc.client.clientId)
          : undefined);
      return grantId ? oidc.provider.Grant.find(grantId) : undefined;
    },
    rotateRefreshToken: true,
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      IdToken: HOUR,
      DeviceCode: 10 * 60,
      Interaction: HOUR,
      Session: SESSION_TTL_S,
      Grant: 365 * DAY,
      RefreshToken: 30 * DAY,
    },
    // Browser apps call the token and userinfo endpoints from the origin of one of their https redirect URIs.
    clientBasedCORS: (_koa: KoaContext, origin: string, client: Client) =>
      origin.startsWith('https://') && client.redirectUris.some((uri) => new URL(uri).origin === origin),
    async renderError(koa: KoaContext, out: { error: string; error_description?: string }) {
      koa.type = 'html';
      koa.body = page(
        'Sign-in could not continue',
        `<p>${escapeHtml(out.error_description ?? out.error)}</p><p>Go back to the app and start again.</p>`,
      );
    },
  });
  provider.proxy = config.TRUST_PROXY;

  // Only hashes of client secrets are stored: the provider compares the hash of the presented one.
  provider.Client.prototype.compareClientSecret = function compare(this: Client, actual: string) {
    const expected = Buffer.from(this.clientSecret ?? '');
    const presented = Buffer.from(hashToken(actual));
    return expected.length === presented.length && timingSafeEqual(expected, presented);
  };

  provider.use(async (koa, next) => {
    // The device flow's page is the portal's own /activate (with a JSON API behind it), not the provider's.
    if (koa.path === '/device') {
      const code = koa.query.user_code;
      koa.status = 303;
      koa.redirect(`${config.PUBLIC_URL}${activateHref(typeof code === 'string' ? code : undefined)}`);
      return;
    }
    // …so the provider's own device interactions (`/device/{uid}`) are never started, nor resumed.
    if (koa.path.startsWith('/device/') && koa.path !== '/device/auth') {
      koa.status = 404;
      koa.body = { message: 'No such endpoint.', code: 'NOT_FOUND' };
      return;
    }
    await next();
    await followPortalSessions(ctx, koa);
    if (koa.oidc?.route === 'device_authorization' && koa.status === 200) {
      const body = koa.body as Record<string, unknown>;
      body.verification_uri = `${config.PUBLIC_URL}${PAGE_PATHS.activate}`;
      body.verification_uri_complete = `${config.PUBLIC_URL}${activateHref(String(body.user_code))}`;
      body.interval = config.DEVICE_POLL_INTERVAL_SECONDS;
    }
  });
  return provider;
}
