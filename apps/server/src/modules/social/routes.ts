import {
  PAGE_PATHS,
  SOCIAL_MESSAGES,
  type SocialErrorReason,
  socialEndpoints,
  socialOutcomeHref,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { clientInfo } from '../../lib/client-info';
import { readCookie } from '../../lib/cookies';
import { route } from '../../lib/endpoints';
import { unauthenticated } from '../../lib/errors';
import { bearerToken } from '../../lib/guards';
import { escapeHtml } from '../../lib/mail/layout';
import { revokeSession } from '../../lib/sessions';
import { isConfigured, type ProviderName } from './providers';
import {
  completeSocialDetails,
  exchangeSocialToken,
  finishSocialSignIn,
  SocialFailure,
  STATE_TTL_MS,
  startSocialSignIn,
} from './service';

const LABEL: Record<ProviderName, string> = { google: 'Google', facebook: 'Facebook' };
const cookieName = (provider: ProviderName) => `portal_oauth_${provider}`;

/**
 * The "not configured" page's look: the portal's colours in the device's scheme (shell/theme.ts: the page
 * background, the card, the text and the AA shade of the primary accent in each), its font when cached.
 */
const NOT_CONFIGURED_STYLE = `:root{color-scheme:light dark}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f8f9fa;color:#344767;font:16px/1.5 "Open Sans",system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:30rem;margin:1rem;padding:2rem;background:#fff;border-radius:16px;box-shadow:0 20px 27px rgba(0,0,0,.05)}
h1{font-size:1.4rem;margin:0 0 .75rem}p{margin:0 0 1rem}.hint{color:#64718a;font-size:.9rem}code{font-size:.85rem}
a.button{display:inline-block;padding:.6rem 1.2rem;border-radius:8px;background:#4e64e1;color:#fff;font-weight:700;text-decoration:none}
a.button:focus-visible{outline:3px solid #4e64e1;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#171941;color:#fff}main{background:#111c44;box-shadow:0 20px 27px rgba(0,0,0,.25)}.hint{color:rgba(255,255,255,.72)}a.button{background:#7082e7;color:#111c44}a.button:focus-visible{outline-color:#7082e7}}`;

/** The "not configured" page: what happened, what an operator sets, and the way back; escaped. */
function notConfiguredPage(reply: FastifyReply, provider: ProviderName) {
  const label = escapeHtml(LABEL[provider]);
  const prefix = provider.toUpperCase();
  return reply
    .status(503)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>${label} sign-in is not available</title><style>${NOT_CONFIGURED_STYLE}</style></head>` +
        `<body><main><h1>${label} sign-in is not available</h1>` +
        `<p>${escapeHtml(SOCIAL_MESSAGES.reasons.not_configured)} Please sign in with your email and password.</p>` +
        `<p class="hint">For the portal's operator: set <code>${prefix}_CLIENT_ID</code> and <code>${prefix}_CLIENT_SECRET</code> (see the README's configuration) and restart the portal.</p>` +
        `<p><a class="button" href="${PAGE_PATHS.login}">Back to sign in</a></p></main></body></html>`,
    );
}

/**
 * Google and Facebook sign-in. Failures after the provider round trip go to /login?social=error&reason=...
 * (never a 5xx); an unconfigured provider answers a 503 page that explains it.
 */
export async function socialRoutes(app: FastifyInstance) {
  const endpoints = socialEndpoints;
  const secure = app.ctx.config.PUBLIC_URL.startsWith('https://');
  const cookieAttrs = (provider: ProviderName, maxAge: number) =>
    `Path=/api/auth/${provider}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
  const fail = (reply: FastifyReply, reason: SocialErrorReason) =>
    reply.redirect(socialOutcomeHref('error', reason), 302);

  route(
    app,
    endpoints.start,
    async ({ params, query, request, reply }) => {
      const { provider } = params;
      if (!isConfigured(app.ctx.config, provider)) return notConfiguredPage(reply, provider);
      try {
        const { redirect, cookie } = await startSocialSignIn(app.ctx, provider, query);
        reply.header(
          'set-cookie',
          `${cookieName(provider)}=${encodeURIComponent(cookie)}; ${cookieAttrs(provider, STATE_TTL_MS / 1000)}`,
        );
        return reply.redirect(redirect, 302);
      } catch (error) {
        if (error instanceof SocialFailure) {
          request.log.warn({ provider, reason: error.reason }, 'social sign-in could not start');
          return fail(reply, error.reason);
        }
        throw error;
      }
    },
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );

  route(
    app,
    endpoints.callback,
    async ({ params, query, request, reply }) => {
      const { provider } = params;
      if (!isConfigured(app.ctx.config, provider)) return notConfiguredPage(reply, provider);
      const cookie = readCookie(request, cookieName(provider));
      // The browser binding is single use: cleared whatever happens next.
      reply.header('set-cookie', `${cookieName(provider)}=; ${cookieAttrs(provider, 0)}`);
      try {
        const target = await finishSocialSignIn(app.ctx, provider, {
          url: new URL(request.url, app.ctx.config.PUBLIC_URL),
          state: query.state,
          cookie,
          error: query.error,
        });
        return reply.redirect(target, 302);
      } catch (error) {
        if (error instanceof SocialFailure) {
          request.log.warn({ provider, reason: error.reason }, 'social sign-in failed');
          return fail(reply, error.reason);
        }
        throw error;
      }
    },
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );

  route(
    app,
    endpoints.exchange,
    async ({ params, request, device }) => {
      const token = bearerToken(request);
      if (!token) throw unauthenticated(SOCIAL_MESSAGES.invalidExchange);
      return exchangeSocialToken(app.ctx, params.id, token, { client: clientInfo(request), device });
    },
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } }, device: true },
  );

  // The guard runs on request, before the body is validated: no session answers 401, not 422.
  route(
    app,
    endpoints.saveDetails,
    async ({ body, session, device }) => {
      const result = await completeSocialDetails(app.ctx, session.subjectId, body, device);
      // The page clears its storage and sends the player to sign in: this session ends here.
      await revokeSession(app.ctx, session.id);
      return result;
    },
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } }, device: true },
  );
}
