import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const setStatus = (id: string, status: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/status`, payload: { status }, headers });

describe('POST /api/admin/users/:id/status', () => {
  it('suspends a player: every session ends, sign-in is refused, and it is audited', async () => {
    const admin = await createAdmin(t.app.ctx);
    const player = await createPlayer(t.app.ctx);
    const res = await setStatus(player.user.id, 'suspended', admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'The player is suspended.',
      user: { id: player.user.id, account_status: 'suspended' },
    });
    expect((await t.app.inject({ url: '/api/user-info', headers: player.auth })).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: player.user.email, password: player.password },
    });
    expect(signIn.statusCode).toBe(403);
    const audit = await t.database.query<{ action: string }>(
      `select action from audit_log where details->>'userId' = $1 order by created_at`,
      [player.user.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['users.suspend']);
    // The back-office table shows it (its Account column).
    const table = await t.app.inject({
      url: `/api/users/paginate/caliber?search=${encodeURIComponent(player.user.email)}`,
      headers: admin.auth,
    });
    expect(table.json().data).toMatchObject([{ id: player.user.id, account_status: 'suspended' }]);

    expect((await setStatus(player.user.id, 'active', admin.auth)).json().user.account_status).toBe('active');
    const again = await t.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: player.user.email, password: player.password },
    });
    expect(again.statusCode).toBe(200);
  });

  it('answers 401 without a token and 403 for a player token, changing nothing', async () => {
    const player = await createPlayer(t.app.ctx);
    expect((await setStatus(player.user.id, 'suspended', {})).statusCode).toBe(401);
    expect((await setStatus(player.user.id, 'suspended', player.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/user-info', headers: player.auth })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown player and 422 for a bad status or id', async () => {
    const admin = await createAdmin(t.app.ctx);
    const player = await createPlayer(t.app.ctx);
    expect(
      (await setStatus('00000000-0000-4000-8000-000000000000', 'suspended', admin.auth)).statusCode,
    ).toBe(404);
    const bad = await setStatus(player.user.id, 'banned', admin.auth);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toEqual(['The status must be active or suspended.']);
    expect((await setStatus('not-a-uuid', 'suspended', admin.auth)).statusCode).toBe(422);
  });
});
