import { readFileSync, writeFileSync } from 'node:fs';
import { STAFF_CAPABILITIES, STAFF_ROLES, type StaffRole } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { createAdmin } from '../../test/fixtures';
import { admins } from '../db/schema/index';
import { STAFF_ROLE_REFUSAL } from './guards';
import { ADMIN_ROUTE_NEEDS, mayCall, ROLE_CAPABILITIES } from './staff-access';

/**
 * The role matrix, walked over every staff route the app registered (the auth plugin's record) with a staff
 * member of each role: a role refused a route hears 403 with the role message; an allowed one never does.
 * The matrix is printed in docs/staff-roles.md (UPDATE_DOCS=1 rewrites it).
 */
const DOC = new URL('../../../../docs/staff-roles.md', import.meta.url);

let t: TestApp;
let staffRoutes: string[];
const staff = {} as Record<StaffRole, Awaited<ReturnType<typeof createAdmin>>>;

beforeAll(async () => {
  t = await buildTestApp();
  staffRoutes = t.app.routeGuards
    .filter((r) => r.guard === 'admin' || r.guard === 'sales')
    .map((r) => `${r.method} ${r.url}`);
  for (const role of STAFF_ROLES) staff[role] = await createAdmin(t.app.ctx, { role, name: `A ${role}` });
});
afterAll(() => t.close());

function concrete(path: string): string {
  return path.replace(/:game/g, 'caliber').replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
}

function matrixMarkdown(): string {
  const header = `| Route | Needs | ${STAFF_ROLES.join(' | ')} |\n|---|---|${STAFF_ROLES.map(() => '---|').join('')}`;
  const rows = [...ADMIN_ROUTE_NEEDS].map(
    ([route, need]) =>
      `| \`${route}\` | ${need} | ${STAFF_ROLES.map((role) => (mayCall(role, route) ? 'yes' : '—')).join(' | ')} |`,
  );
  const roles = STAFF_ROLES.map((role) => `- **${role}**: ${ROLE_CAPABILITIES[role].join(', ')}`);
  return [
    '# Staff roles',
    '',
    'Generated from `apps/server/src/lib/staff-access.ts` by its test (`UPDATE_DOCS=1` rewrites it). Every',
    'admin route needs one capability, or only a signed-in staff member (own-account: their own sign-out,',
    'sessions, sign-in history and two-step setup). A route not in the table is refused to every role.',
    '',
    '## Roles',
    '',
    ...roles,
    '',
    '## Routes',
    '',
    header,
    ...rows,
    '',
  ].join('\n');
}

describe('staff roles', () => {
  it('places every staff route, and names no route that does not exist', () => {
    expect(staffRoutes.filter((route) => !ADMIN_ROUTE_NEEDS.has(route))).toEqual([]);
    expect([...ADMIN_ROUTE_NEEDS.keys()].filter((route) => !staffRoutes.includes(route))).toEqual([]);
  });

  it('gives owners everything and each role only known capabilities', () => {
    expect([...ROLE_CAPABILITIES.owner]).toEqual([...STAFF_CAPABILITIES]);
    for (const role of STAFF_ROLES)
      for (const capability of ROLE_CAPABILITIES[role]) expect(STAFF_CAPABILITIES).toContain(capability);
    expect(mayCall('owner', 'GET /api/not-a-route')).toBe(false);
  });

  it('refuses each role exactly the routes the matrix refuses it', { timeout: 120_000 }, async () => {
    const wrong: string[] = [];
    for (const route of staffRoutes) {
      // Their own account's routes are open to every role (and sign-out would end the session used here).
      if (ADMIN_ROUTE_NEEDS.get(route) === 'own-account') continue;
      const [method, path] = route.split(' ') as [string, string];
      for (const role of STAFF_ROLES) {
        const reply = await t.app.inject({
          method: method as 'GET',
          url: concrete(path),
          headers: staff[role].auth,
        });
        const refused = reply.statusCode === 403 && reply.json().message === STAFF_ROLE_REFUSAL;
        if (refused === mayCall(role, route)) wrong.push(`${role} ${route}: ${reply.statusCode}`);
        expect(reply.statusCode).toBeLessThan(500);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('checks the role again when a signed download link is followed', async () => {
    const owner = await createAdmin(t.app.ctx, { role: 'owner' });
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/users/paginate/caliber/export/link',
      headers: owner.auth,
      payload: {},
    });
    expect(link.statusCode).toBe(200);
    await t.app.ctx.db.update(admins).set({ role: 'analyst' }).where(eq(admins.id, owner.admin.id));
    const download = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(download.statusCode).toBe(403);
    expect(download.json()).toEqual({ message: STAFF_ROLE_REFUSAL });
  });

  it("checks the role again when the sales orders' download link is followed (issue #24)", async () => {
    const signLink = async (auth: Record<string, string>) => {
      const link = await t.app.inject({
        method: 'POST',
        url: '/api/exportorders/link',
        headers: auth,
        payload: {},
      });
      expect(link.statusCode).toBe(200);
      return link.json().url as string;
    };
    const kept = await createAdmin(t.app.ctx, { role: 'finance' });
    const keptDownload = await t.app.inject({ method: 'GET', url: await signLink(kept.auth) });
    expect(keptDownload.statusCode).toBe(200);

    const demoted = await createAdmin(t.app.ctx, { role: 'finance' });
    const url = await signLink(demoted.auth);
    await t.app.ctx.db.update(admins).set({ role: 'analyst' }).where(eq(admins.id, demoted.admin.id));
    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(403);
    expect(download.json()).toEqual({ message: STAFF_ROLE_REFUSAL });
  });

  it('tells the signed-in staff member their role and capabilities', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/admin/access',
      headers: staff.finance.auth,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ role: 'finance', capabilities: [...ROLE_CAPABILITIES.finance] });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/access' })).statusCode).toBe(401);
  });

  it('is printed in docs/staff-roles.md', () => {
    if (process.env.UPDATE_DOCS) writeFileSync(DOC, matrixMarkdown());
    expect(readFileSync(DOC, 'utf8')).toBe(matrixMarkdown());
  });
});
