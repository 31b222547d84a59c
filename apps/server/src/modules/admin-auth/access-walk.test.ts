import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';

/**
 * Walks every registered route whose path is back-office only and proves the server refuses it without
 * an admin token: no token 401, a player token 403 (even a player with role 'admin'), a dead token 401.
 * Admin routes are found by path: everything under /api/admin/ except sign-in, and the maintained list
 * below (spec section 7 Admin and Analytics, plus the portal's own admin additions). Guards must run in
 * onRequest (before body validation), or a bad body would answer 422 before the 401. When a module adds
 * an admin route, add its path here; the test also fails if a listed path is missing a guard.
 */
const ADMIN_PATHS: (string | RegExp)[] = [
  /^\/api\/admin\/(?!login$)/,
  /^\/api\/users\/paginate\//,
  /^\/api\/referralCodes(\/|$)/,
  /^\/api\/all-referralCodes(\/|$)/,
  /^\/api\/email-blast(\/|$)/,
  // Analytics (spec section 7): every dashboard call needs the admin token.
  /^\/api\/(caliber|yggdra)-daily-registration-count$/,
  '/api/tr-daily-active-users',
  /^\/api\/weekly-registration-count\//,
  /^\/api\/registrations\/weekly\//,
  /^\/api\/monthly-registrations\//,
  /^\/api\/(caliber|yggdra)-total-count/,
  /^\/api\/age-distribution/,
  '/api/country-distribution',
  '/api/daily-referralCodes',
  '/api/total-caliber-referral',
  '/api/daily-active-users',
  '/api/game-downloads',
  /^\/api\/weekly-users-per-day\//,
  /^\/api\/monthly-users-per-day\//,
  /^\/api\/sales\//,
  /^\/api\/(calculateLTV|buyingUsersList|getWeeklySalesPerYear|getCcuAndActiveUsers|getCCUData|getStickinessReport|getMonthlyCCU|getChurnRateReport|getMauBasedChurnReport|getWeeklyRetention|getReturningUsersRetention|getDailyActiveRetention|getPurchaseRetention|getItemSales|getNewBuyingUsers|getReturningBuyingUsers|getWeeklyRevenue|getShopTransactions)/,
];

/** Sales dashboard calls: open to admins and to players with role 'admin' only (DESIGN.md). */
const STAFF_PATHS: (string | RegExp)[] = ['/api/getorders', '/api/exportordersdownload'];

const matches = (list: (string | RegExp)[], path: string) =>
  list.some((p) => (typeof p === 'string' ? p === path : p.test(path)));

interface Route {
  method: string;
  path: string;
}

/** Every method and full path from Fastify's route tree. */
function collectRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([\s│]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length;
    while (stack.length && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const path = (stack[stack.length - 1]?.path ?? '') + m[2]!;
    stack.push({ depth, path });
    for (const method of (m[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, path });
    }
  }
  return routes;
}

function concrete(path: string): string {
  return path
    .replace(/:game/g, 'caliber')
    .replace(/:id/g, '00000000-0000-4000-8000-000000000000')
    .replace(/:[A-Za-z]+/g, 'x')
    .replace(/\*/g, 'x');
}

let t: TestApp;
let routes: Route[];
beforeAll(async () => {
  t = await buildTestApp();
  routes = collectRoutes(t.app.printRoutes({ commonPrefix: false }));
});
afterAll(() => t.close());

describe('admin access walk', () => {
  it('finds the admin routes of every module', () => {
    const admin = routes.filter((r) => matches(ADMIN_PATHS, r.path));
    expect(admin.length).toBeGreaterThan(10);
    for (const expected of [
      '/api/users/paginate/:game',
      '/api/email-blast',
      '/api/all-referralCodes',
      '/api/admin/logout',
    ]) {
      expect(admin.map((r) => r.path)).toContain(expected);
    }
  });

  it('refuses every admin route without a token (401), with a dead token (401) and with any player token (403)', async () => {
    const member = await createPlayer(t.app.ctx);
    const playerAdmin = await createPlayer(t.app.ctx, { role: 'admin' });
    const failures: string[] = [];
    for (const route of routes.filter((r) => matches(ADMIN_PATHS, r.path))) {
      const url = concrete(route.path);
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
      if (got.join() !== '401,401,403,403') failures.push(`${route.method} ${route.path}: ${got.join(',')}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses the sales dashboard calls without a token (401) and for a member player (403)', async () => {
    const member = await createPlayer(t.app.ctx);
    const failures: string[] = [];
    for (const route of routes.filter((r) => matches(STAFF_PATHS, r.path))) {
      const call = (headers: Record<string, string>) =>
        t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.path),
          headers,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
      const got = [(await call({})).statusCode, (await call(member.auth)).statusCode];
      // Without any credential a signed-download route may answer 403 (missing signature) instead of 401.
      if (![401, 403].includes(got[0]!) || got[1] !== 403)
        failures.push(`${route.method} ${route.path}: ${got.join(',')}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets an admin token through every admin GET route (never 401/403)', async () => {
    const { auth } = await createAdmin(t.app.ctx);
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET' && matches(ADMIN_PATHS, r.path))) {
      const res = await t.app.inject({ url: concrete(route.path), headers: auth });
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500)
        failures.push(`GET ${route.path}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
