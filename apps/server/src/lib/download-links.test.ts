import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { alteredFirstCharacter, createAdmin, createPlayer } from '../../test/fixtures';
import { admins, auditLog, users } from '../db/schema/index';
import { DOWNLOAD_LINK_TTL_MS } from './download-links';
import { revokeAllSessions } from './sessions';

/**
 * Every export's signed link, walked the same way: who may ask for one, what the link opens, and every
 * way a link must stop working. What each file holds is tested beside its module.
 */
interface LinkedExport {
  /** The route answering `{ url }`. */
  link: string;
  /** The download the url opens. */
  path: string;
  filter: Record<string, string>;
  /** A filter the link route refuses with 422. */
  badFilter: Record<string, string>;
  /** One filter parameter and another value for it. */
  otherFilter: [name: string, value: string];
  file: string;
  sheet: string;
  againFrom: string;
}

const USERS_RANGE = { fromDate: '2026-01-01', toDate: '2026-03-10' };
const EXPORTS: LinkedExport[] = [
  {
    link: '/api/users/paginate/caliber/export/link',
    path: '/api/users/paginate/caliber/export',
    filter: { search: 'santos', ...USERS_RANGE },
    badFilter: { fromDate: '2026-01-01' },
    otherFilter: ['search', 'reyes'],
    file: 'Filtered_Users.xlsx',
    sheet: 'Caliber Users',
    againFrom: 'the users table',
  },
  {
    link: '/api/users/paginate/yggdra/export/link',
    path: '/api/users/paginate/yggdra/export',
    filter: {},
    badFilter: { fromDate: '2026-03-10', toDate: '2026-01-01' },
    otherFilter: ['search', 'japan'],
    file: 'Yggdra_Users.xlsx',
    sheet: 'Yggdra Users',
    againFrom: 'the users table',
  },
  {
    link: '/api/referralCodes/caliber/export/link',
    path: '/api/referralCodes/caliber/export',
    filter: USERS_RANGE,
    badFilter: { toDate: '2026-01-01' },
    otherFilter: ['toDate', '2026-03-09'],
    file: 'Referral_Codes.xlsx',
    sheet: 'Referral Users',
    againFrom: 'the Referral Codes page',
  },
  {
    link: '/api/all-referralCodes/export/link',
    path: '/api/all-referralCodes/export',
    filter: { search: 'SPRING' },
    badFilter: { search: 'x'.repeat(101) },
    otherFilter: ['search', 'SUMMER'],
    file: 'Referral_Codes.xlsx',
    sheet: 'Referral Codes',
    againFrom: 'the Referral Codes page',
  },
  {
    link: '/api/exportorders/link',
    path: '/api/exportordersdownload',
    filter: { status: 'Pending', datestart: '2026-03-01', dateend: '2026-03-10' },
    badFilter: { datestart: '2026-02-30' },
    otherFilter: ['status', 'FAILED'],
    file: 'Sales_Orders.xlsx',
    sheet: 'Sales Orders',
    againFrom: 'the sales dashboard',
  },
];

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let member: Awaited<ReturnType<typeof createPlayer>>;
const NOW = new Date('2026-03-10T04:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createAdmin(t.app.ctx);
  member = await createPlayer(t.app.ctx);
});
afterAll(() => t.close());

const askLink = (link: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: link, headers, payload });
const follow = (url: string) => t.app.inject({ method: 'GET', url });

async function linkFor(e: LinkedExport, headers = admin.auth): Promise<string> {
  const res = await askLink(e.link, headers, e.filter);
  expect(res.statusCode, e.link).toBe(200);
  return res.json().url as string;
}

/** The url with one query parameter set to another value. */
function withParam(url: string, name: string, value: string): string {
  const parsed = new URL(url, 'http://portal.test');
  parsed.searchParams.set(name, value);
  return `${parsed.pathname}${parsed.search}`;
}

function expectRefused(res: Awaited<ReturnType<typeof follow>>, e: LinkedExport, what: string) {
  expect(res.statusCode, `${e.path}: ${what}`).toBe(403);
  expect(res.json(), `${e.path}: ${what}`).toEqual({
    message: `This download link is not valid or has expired. Export again from ${e.againFrom}.`,
    code: 'FORBIDDEN',
  });
}

describe('signed export links', () => {
  it('answer the export path with the filter and a signature; following it streams the file', async () => {
    for (const e of EXPORTS) {
      const url = await linkFor(e);
      const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
      expect(url.startsWith(`${e.path}?`), url).toBe(true);
      for (const [name, value] of Object.entries(e.filter)) expect(query.get(name)).toBe(value);
      expect(query.get('signature')).toMatch(/^[\w-]+\.[\w-]+$/);

      const res = await follow(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${e.file}"`);
      expect(res.headers['cache-control']).toBe('no-store');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(workbook.worksheets[0]!.name).toBe(e.sheet);
      expect(workbook.worksheets[0]!.rowCount).toBeGreaterThanOrEqual(1);
    }
  });

  it('are made only for an admin token (401 without, 403 for a player) and a valid filter (422)', async () => {
    for (const e of EXPORTS) {
      expect((await askLink(e.link, {}, e.filter)).statusCode, e.link).toBe(401);
      expect((await askLink(e.link, member.auth, e.filter)).statusCode, e.link).toBe(403);
      const bad = await askLink(e.link, admin.auth, e.badFilter);
      expect(bad.statusCode, e.link).toBe(422);
      expect(Object.keys(bad.json().errors ?? {}).length, e.link).toBeGreaterThan(0);
    }
  });

  it('are refused when tampered with, for another filter or another export, and once expired', async () => {
    const urls = await Promise.all(EXPORTS.map((e) => linkFor(e)));
    for (const [i, e] of EXPORTS.entries()) {
      const url = urls[i]!;
      const signature = new URL(url, 'http://portal.test').searchParams.get('signature')!;
      const [body, mac] = signature.split('.');
      expectRefused(
        await follow(withParam(url, 'signature', `${body}.${alteredFirstCharacter(mac!)}`)),
        e,
        'tampered mac',
      );
      expectRefused(await follow(withParam(url, 'signature', 'not-a-signature')), e, 'garbage');
      const [name, value] = e.otherFilter;
      expectRefused(await follow(withParam(url, name, value)), e, 'another filter');
      // The next export's link for the same filter (the tables take each other's), signature moved over.
      const lender = EXPORTS[(i + 1) % EXPORTS.length]!;
      const borrowed = (await askLink(lender.link, admin.auth, e.filter)).json().url as string;
      const otherSignature = new URL(borrowed, 'http://portal.test').searchParams.get('signature')!;
      expectRefused(await follow(withParam(url, 'signature', otherSignature)), e, 'another export');
    }

    t.clock.advance(DOWNLOAD_LINK_TTL_MS + 1_000);
    try {
      for (const [i, e] of EXPORTS.entries()) expectRefused(await follow(urls[i]!), e, 'expired');
    } finally {
      t.clock.set(NOW);
    }
    for (const url of urls) expect((await follow(url)).statusCode, url).toBe(200);
  });

  it('without a signature: the sales download is refused, the table exports ask for the bearer token', async () => {
    for (const e of EXPORTS) {
      const bare = await follow(`${e.path}?${new URLSearchParams(e.filter)}`);
      if (e.path === '/api/exportordersdownload') expectRefused(bare, e, 'no signature');
      else expect(bare.statusCode, e.path).toBe(401);
    }
  });

  it("are refused once the admin who asked is deactivated or signed out, or a player's sales role ends", async () => {
    const other = await createAdmin(t.app.ctx);
    const urls = await Promise.all(EXPORTS.map((e) => linkFor(e, other.auth)));
    const setStatus = (status: 'active' | 'inactive') =>
      t.app.ctx.db.update(admins).set({ status }).where(eq(admins.id, other.admin.id));

    await setStatus('inactive');
    for (const [i, e] of EXPORTS.entries()) expectRefused(await follow(urls[i]!), e, 'deactivated');
    await setStatus('active');
    for (const url of urls) expect((await follow(url)).statusCode, url).toBe(200);

    await revokeAllSessions(t.app.ctx, { adminId: other.admin.id });
    for (const [i, e] of EXPORTS.entries()) expectRefused(await follow(urls[i]!), e, 'signed out');

    const orders = EXPORTS.at(-1)!;
    const salesPlayer = await createPlayer(t.app.ctx, { role: 'admin' });
    const playerUrl = await linkFor(orders, salesPlayer.auth);
    expect((await follow(playerUrl)).statusCode).toBe(200);
    await t.app.ctx.db.update(users).set({ role: 'member' }).where(eq(users.id, salesPlayer.user.id));
    expectRefused(await follow(playerUrl), orders, 'no longer a sales viewer');
  });

  it('audit each download as the admin who asked for the link', async () => {
    const auditor = await createAdmin(t.app.ctx);
    for (const e of EXPORTS) await follow(await linkFor(e, auditor.auth));
    const rows = await t.app.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorId, auditor.admin.id));
    expect(rows.map((r) => r.action).sort()).toEqual([
      'orders.export',
      'referrals.export',
      'referrals.export',
      'users.export',
      'users.export',
    ]);
  });
});
