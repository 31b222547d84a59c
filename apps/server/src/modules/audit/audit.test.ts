import type { AuditPage } from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { writeAudit } from '../../lib/audit';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createAdmin>>;
let other: Awaited<ReturnType<typeof createAdmin>>;
let player: Awaited<ReturnType<typeof createPlayer>>;

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2030-05-10T12:00:00Z') });
  staff = await createAdmin(t.app.ctx, { name: 'Support One' });
  other = await createAdmin(t.app.ctx, { name: 'Finance Two' });
  player = await createPlayer(t.app.ctx);
});
afterAll(() => t.close());

const get = (url: string, auth = staff.auth) => t.app.inject({ method: 'GET', url, headers: auth });
const page = async (url: string) => {
  const reply = await get(url);
  expect(reply.statusCode).toBe(200);
  return reply.json() as AuditPage;
};

describe('GET /api/admin/audit', () => {
  it('lists a staff action on a player with who, what, target, when and where, newest first', async () => {
    const suspended = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${player.user.id}/status`,
      headers: staff.auth,
      payload: { status: 'suspended' },
    });
    expect(suspended.statusCode).toBe(200);
    t.clock.advance(1_000);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${player.user.id}/status`,
      headers: other.auth,
      payload: { status: 'active' },
    });

    const { entries } = await page(`/api/admin/audit?target=user:${player.user.id}`);
    expect(entries.map((e) => [e.action, e.actor_label])).toEqual([
      ['users.reactivate', other.admin.email],
      ['users.suspend', staff.admin.email],
    ]);
    expect(entries[1]).toMatchObject({
      actor_kind: 'admin',
      actor_id: staff.admin.id,
      target: `user:${player.user.id}`,
      details: { userId: player.user.id },
      created_at: '2030-05-10T12:00:00.000Z',
    });
  });

  it('filters by staff member, action and day range', async () => {
    const byOther = await page(`/api/admin/audit?actor=${other.admin.id}`);
    expect(byOther.entries.length).toBeGreaterThan(0);
    expect(byOther.entries.every((e) => e.actor_id === other.admin.id)).toBe(true);
    const suspensions = await page('/api/admin/audit?action=users.suspend');
    expect(suspensions.entries.map((e) => e.action)).toEqual(['users.suspend']);
    expect((await page('/api/admin/audit?from=2030-05-10&to=2030-05-10')).entries.length).toBeGreaterThan(1);
    expect((await page('/api/admin/audit?from=2030-05-11&to=2030-05-12')).entries).toEqual([]);
  });

  it('pages through every entry once with the next position', async () => {
    for (let i = 0; i < 60; i++) {
      t.clock.advance(10);
      await writeAudit(t.app.ctx, { actor: null, action: 'test.bulk', details: { i } });
    }
    const first = await page('/api/admin/audit?action=test.bulk');
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]!.details).toEqual({ i: 59 });
    expect(first.next).not.toBeNull();
    const second = await page(`/api/admin/audit?action=test.bulk&after=${first.next}`);
    expect(second.entries.map((e) => e.details.i)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(second.next).toBeNull();
  });

  it('needs an admin session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
    const reply = await get('/api/admin/audit', player.auth);
    expect(reply.statusCode).toBe(401);
  });

  it.each([
    ['actor=not-a-uuid', 'actor'],
    ['action=DROP%20TABLE', 'action'],
    ['target=user:%00', 'target'],
    ['from=2030-05-10', 'to'],
    ['from=2030-05-12&to=2030-05-10', 'to'],
    ['from=2030-02-30&to=2030-03-01', 'from'],
  ])('refuses %s with a message for %s and changes nothing', async (query, field) => {
    const reply = await get(`/api/admin/audit?${query}`);
    expect(reply.statusCode).toBe(422);
    expect(Object.keys(reply.json().errors ?? {})).toContain(field);
  });

  it('refuses a page link that does not decode', async () => {
    const reply = await get('/api/admin/audit?after=garbage');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ message: 'This page link is no longer valid.', code: 'BAD_REQUEST' });
  });
});

describe('GET /api/admin/audit/filters', () => {
  it('offers every staff member and every action written', async () => {
    const reply = await get('/api/admin/audit/filters');
    expect(reply.statusCode).toBe(200);
    const { actors, actions } = reply.json();
    expect(actors).toContainEqual({ id: staff.admin.id, label: `Support One (${staff.admin.email})` });
    expect(actions).toEqual([...actions].sort());
    expect(actions).toEqual(expect.arrayContaining(['test.bulk', 'users.reactivate', 'users.suspend']));
    expect(new Set(actions).size).toBe(actions.length);
  });

  it('needs an admin session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit/filters' })).statusCode).toBe(401);
  });
});

describe('the audit trail export (owners)', () => {
  it('streams every entry of the filter through a signed link, and audits the export', async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/admin/audit/export/link',
      headers: staff.auth,
      payload: { action: 'test.bulk' },
    });
    expect(link.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="Audit_Trail.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['When (UTC)', 'Staff Member', 'Action', 'Target', 'IP', 'Details']);
    // All 60 bulk entries, more than one page of the list.
    expect(rows.slice(1).map((r) => r[2])).toEqual(Array(60).fill('test.bulk'));
    expect(rows[1]![5]).toBe('{"i":59}');
    const { entries } = await page('/api/admin/audit?action=audit.export');
    expect(entries[0]).toMatchObject({
      actor_id: staff.admin.id,
      details: { filter: { action: 'test.bulk' } },
    });
  });

  it('refuses a bad filter, a forged link and roles other than owner', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/audit/export/link',
      headers: staff.auth,
      payload: { from: '2030-05-10' },
    });
    expect(bad.statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/audit/export?signature=forged' })).statusCode,
    ).toBe(403);
    const analyst = await createAdmin(t.app.ctx, { role: 'analyst' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/audit/export/link',
      headers: analyst.auth,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
  });
});
