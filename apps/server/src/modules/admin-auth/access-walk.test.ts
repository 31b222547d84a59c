import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import type { RouteGuard } from '../../lib/guards';

/**
 * Walks every route the app registered, with the guard each one runs (collected by the auth plugin's
 * onRoute hook as routes register, so nothing here is a hand-kept list of admin paths):
 * - admin routes refuse a missing or dead token (401) and any player token (403), even a player with role
 *   'admin'; guards run in onRequest, before body validation, or a bad body would answer 422 first;
 * - sales-dashboard routes refuse no token (401) and a member player (403);
 * - a route with no guard at all must be one of the public routes below: a new route that forgets its
 *   guard fails here until someone decides it is public.
 */
const PUBLIC_ROUTES = [
  // Accounts (spec section 7): sign-up, sign-in, email links; logout is idempotent.
  'POST /register',
  'POST /login',
  // The second step of a sign-in: the single-use mfa_token is its authentication.
  'POST /login/mfa',
  // Sign-in with a passkey alone: the signed, single-use challenge is its authentication.
  'POST /api/passkeys/login/options',
  'POST /api/passkeys/login/verify',
  'POST /api/admin/passkeys/login/options',
  'POST /api/admin/passkeys/login/verify',
  'POST /api/logout',
  'POST /resendEmail',
  'POST /sendForgotPassword',
  'POST /reset-password',
  'POST /verifyemail/:uuid/:game',
  'POST /api/email-change/cancel',
  // "Not you? Secure my account" from an alert email: the single-use link's token is the proof.
  'POST /api/account/secure',
  'POST /api/referral-visit',
  'POST /api/admin/login',
  // A staff invitation's page: the single-use link's token is the proof.
  'POST /api/admin/staff/accept',
  'POST /api/admin/login/mfa',
  // Social sign-in: the redirect, the provider's callback, and the exchange (checks its own one-time token).
  'GET /api/auth/:provider',
  'GET /api/auth/:provider/callback',
  'GET /api/get-user/:id',
  // Launcher sign-in and game servers (server keys and one-time codes, checked in the route).
  'POST /api/login-caliber',
  'POST /api/login-caliber/mfa',
  'POST /api/login-pin-caliber',
  'POST /api/game-login/exchange',
  'POST /api/events/:game',
  'GET /api/game/entitlements',
  'POST /api/game/entitlements/:id/consume',
  // Player safety: a game's key, or the player's session or standing token (checked by the route).
  'POST /api/game/reports',
  'GET /api/game/players/:uuid/standing',
  'GET /api/standing',
  'POST /api/standing/sanctions/:id/appeal',
  'GET /api/developer-verifyemail/:token',
  // Public catalog, images and SDK downloads.
  'GET /api/getproducts/:game',
  'GET /api/getproducts/:game/groups',
  'GET /shop-images/:file',
  'GET /api/sdk',
  'GET /api/sdk/:id/download',
  // Payments: whether payments are test ones (for the shops' banner), the provider's signed webhook, the
  // sandbox's own card page (signed token in the link).
  'GET /api/payments/mode',
  'POST /api/xsolla/webhook',
  'GET /sandbox-pay/:txnid',
  'POST /sandbox-pay/:txnid',
  // Signed two-minute download link made by a guarded route.
  'GET /api/exportordersdownload',
  // The OpenID Provider (its own client authentication and tokens, RFC 6749) and its interaction, which the
  // provider's cookie binds to the browser (docs/decisions/0041-openid-provider.md).
  'GET /oidc',
  'POST /oidc',
  'OPTIONS /oidc',
  'GET /oidc/*',
  'POST /oidc/*',
  'OPTIONS /oidc/*',
  'POST /oidc/token',
  'POST /oidc/device/auth',
  'GET /api/oidc/interaction/:uid',
  // Its metadata at the RFC 8414 address, and a JSON 404 at every other well-known address.
  'GET /.well-known/oauth-authorization-server/oidc',
  'GET /.well-known/*',
  'POST /.well-known/*',
  // Operations, documentation and the development mailbox (not registered in production).
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  'GET /api/docs',
  'GET /api/docs/*',
  'GET /dev/mailbox',
  'GET /dev/mailbox.json',
  // The development receiver of games' webhooks (signature checked in the route; not in production).
  'POST /dev/game-inbox/:game',
  'GET /dev/game-inbox',
  'GET /dev/game-inbox.json',
];

function concrete(path: string): string {
  return path
    .replace(/:game/g, 'caliber')
    .replace(/:id/g, '00000000-0000-4000-8000-000000000000')
    .replace(/:[A-Za-z]+/g, 'x')
    .replace(/\*/g, 'x');
}

let t: TestApp;
let routes: RouteGuard[];
const guarded = (guard: RouteGuard['guard']) => routes.filter((r) => r.guard === guard);
beforeAll(async () => {
  t = await buildTestApp();
  routes = t.app.routeGuards.filter((r) => !r.url.startsWith('/api/docs/static'));
});
afterAll(() => t.close());

describe('admin access walk', () => {
  it('knows the guard of every route, and every unguarded route is a deliberate public one', () => {
    expect(routes.length).toBeGreaterThan(80);
    const unguarded = guarded(null).map((r) => `${r.method} ${r.url}`);
    expect(unguarded.filter((route) => !PUBLIC_ROUTES.includes(route))).toEqual([]);
    // Every admin area of the spec is behind the admin guard.
    const admin = guarded('admin').map((r) => r.url);
    for (const expected of [
      '/api/users/paginate/:game',
      '/api/email-blast',
      '/api/all-referralCodes',
      '/api/admin/logout',
      '/api/caliber-daily-registration-count',
    ])
      expect(admin).toContain(expected);
    expect(guarded('sales').map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/getorders', 'POST /api/exportorders/link']),
    );
  });

  it('refuses every admin route without a token (401), with a dead token (401) and with any player token (403)', async () => {
    const member = await createPlayer(t.app.ctx);
    const playerAdmin = await createPlayer(t.app.ctx, { role: 'admin' });
    const failures: string[] = [];
    for (const route of guarded('admin')) {
      const url = concrete(route.url);
      const call = (headers: Record<string, string>) =>
        t.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
      const none = await call({});
      const dead = await call({ authorization: 'Bearer not-a-real-token' });
      const asMember = await call(member.auth);
      const asPlayerAdmin = await call(playerAdmin.auth);
      const got = [none.statusCode, dead.statusCode, asMember.statusCode, asPlayerAdmin.statusCode];
      if (got.join() !== '401,401,403,403') failures.push(`${route.method} ${route.url}: ${got.join(',')}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses the sales dashboard calls without a token (401) and for a member player (403)', async () => {
    const member = await createPlayer(t.app.ctx);
    const failures: string[] = [];
    for (const route of guarded('sales')) {
      const call = (headers: Record<string, string>) =>
        t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
      const got = [(await call({})).statusCode, (await call(member.auth)).statusCode];
      if (got.join() !== '401,403') failures.push(`${route.method} ${route.url}: ${got.join(',')}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets an admin token through every admin GET route (never 401/403)', async () => {
    const { auth } = await createAdmin(t.app.ctx);
    const failures: string[] = [];
    for (const route of guarded('admin').filter((r) => r.method === 'GET')) {
      const res = await t.app.inject({ url: concrete(route.url), headers: auth });
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500)
        failures.push(`GET ${route.url}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
