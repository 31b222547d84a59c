/**
 * Issue #24: the audit trail records staff changing their own sign-in security (two-step on and off,
 * passkeys added and removed, their sessions ended) and opening a player's detail page. Players' own
 * changes stay in their security history only.
 */
import type { PlayerDetail } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer, FIXTURE_PASSWORD } from '../../../test/fixtures';
import { type Audience, codeNow, nextStep, postJson, turnOnTotp } from '../../../test/mfa';
import { SoftPasskey } from '../../../test/passkeys';
import { stepUp } from '../../../test/step-up';
import { auditLog } from '../../db/schema/index';
import { issueSession } from '../../lib/sessions';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };

/** The audit entries a staff member (or player) wrote as actor, oldest first (tests space them apart). */
const entriesBy = async (actorId: string) =>
  (await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, actorId))).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  );
const aSecondLater = () => t.clock.advance(1000);

async function addPasskey(audience: Audience, auth: Auth) {
  await stepUp(t, auth, audience);
  const options = (await postJson(t, `${audience}/passkeys/register/options`, undefined, auth)).json()
    .options;
  const key = new SoftPasskey(t.app.ctx.config.PUBLIC_URL);
  const res = await postJson(
    t,
    `${audience}/passkeys/register/verify`,
    { name: 'Desk key', response: key.register(options) },
    auth,
  );
  expect(res.statusCode).toBe(200);
  return res.json().passkey as { id: string; name: string };
}

describe("staff's own security changes", () => {
  it('records two-step turned on, new recovery codes and two-step off, as the staff member, on them, with the address', async () => {
    const staff = await createAdmin(t.app.ctx, { role: 'support' });
    const { secret } = await turnOnTotp(t, staff.auth, '/api/admin');
    await stepUp(t, staff.auth, '/api/admin', { password: FIXTURE_PASSWORD, code: codeNow(t, secret) });
    nextStep(t);
    expect((await postJson(t, '/api/admin/mfa/recovery-codes', undefined, staff.auth)).statusCode).toBe(200);
    nextStep(t);
    const off = await postJson(
      t,
      '/api/admin/mfa/totp/disable',
      { password: FIXTURE_PASSWORD, code: codeNow(t, secret) },
      staff.auth,
    );
    expect(off.statusCode).toBe(200);
    expect(await entriesBy(staff.admin.id)).toEqual([
      expect.objectContaining({
        actorKind: 'admin',
        action: 'staff.two_step_on',
        target: `admin:${staff.admin.id}`,
        ip: expect.stringMatching(/^10\.77\./),
      }),
      expect.objectContaining({ action: 'staff.recovery_codes_renewed', target: `admin:${staff.admin.id}` }),
      expect.objectContaining({ action: 'staff.two_step_off', target: `admin:${staff.admin.id}` }),
    ]);
  });

  it('records nothing when the change is refused (a wrong code)', async () => {
    const staff = await createAdmin(t.app.ctx, { role: 'finance' });
    const setup = await postJson(t, '/api/admin/mfa/totp/setup', undefined, staff.auth);
    expect(setup.statusCode).toBe(200);
    const wrong = await postJson(t, '/api/admin/mfa/totp/enable', { code: '000000' }, staff.auth);
    expect(wrong.statusCode).toBe(422);
    expect(await entriesBy(staff.admin.id)).toEqual([]);
  });

  it('records a passkey added and removed, naming it', async () => {
    const staff = await createAdmin(t.app.ctx, { role: 'analyst' });
    const passkey = await addPasskey('/api/admin', staff.auth);
    aSecondLater();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/passkeys/${passkey.id}`,
      headers: staff.auth,
    });
    expect(removed.statusCode).toBe(200);
    const details = { passkeyId: passkey.id, name: 'Desk key' };
    const actions = (await entriesBy(staff.admin.id)).filter((e) => e.action.startsWith('staff.passkey'));
    expect(actions).toEqual([
      expect.objectContaining({ action: 'staff.passkey_added', target: `admin:${staff.admin.id}`, details }),
      expect.objectContaining({ action: 'staff.passkey_removed', details }),
    ]);
  });

  it('records their sessions ended: one by id, then every other one', async () => {
    const staff = await createAdmin(t.app.ctx, { role: 'owner' });
    await issueSession(t.app.ctx, 'admin', staff.admin.id);
    const sessions = (await t.app.inject({ url: '/api/admin/sessions', headers: staff.auth })).json();
    const otherId = (sessions.sessions ?? sessions).find((s: { current: boolean }) => !s.current)
      ?.id as string;
    expect(otherId).toBeDefined();
    const one = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/sessions/${otherId}`,
      headers: staff.auth,
    });
    expect(one.statusCode).toBe(200);
    aSecondLater();
    // None left to end: nothing happened, nothing is recorded.
    expect(
      (await postJson(t, '/api/admin/sessions/revoke-others', undefined, staff.auth)).json().revoked,
    ).toBe(0);
    await issueSession(t.app.ctx, 'admin', staff.admin.id);
    await issueSession(t.app.ctx, 'admin', staff.admin.id);
    expect(
      (await postJson(t, '/api/admin/sessions/revoke-others', undefined, staff.auth)).json().revoked,
    ).toBe(2);
    expect(await entriesBy(staff.admin.id)).toEqual([
      expect.objectContaining({
        action: 'staff.session_revoked',
        details: { sessionId: otherId, current: false },
      }),
      expect.objectContaining({ action: 'staff.other_sessions_revoked', details: { revoked: 2 } }),
    ]);
  });

  it("writes no audit entry for a player's own changes (their security history has them)", async () => {
    const player = await createPlayer(t.app.ctx);
    const { secret } = await turnOnTotp(t, player.auth, '/api');
    await postJson(
      t,
      '/api/mfa/totp/disable',
      { password: FIXTURE_PASSWORD, code: codeNow(t, secret) },
      player.auth,
    );
    const passkey = await addPasskey('/api', player.auth);
    await t.app.inject({ method: 'DELETE', url: `/api/passkeys/${passkey.id}`, headers: player.auth });
    await issueSession(t.app.ctx, 'player', player.user.id);
    await postJson(t, '/api/sessions/revoke-others', undefined, player.auth);
    expect(await entriesBy(player.user.id)).toEqual([]);
  });
});

describe("opening a player's detail page", () => {
  it('is audited once per opening, and the page lists staff actions without the openings', async () => {
    const support = await createAdmin(t.app.ctx, { role: 'support' });
    const analyst = await createAdmin(t.app.ctx, { role: 'analyst' });
    const player = await createPlayer(t.app.ctx);
    const open = async (auth: Auth) => {
      const res = await t.app.inject({ url: `/api/admin/users/${player.user.id}`, headers: auth });
      expect(res.statusCode).toBe(200);
      return res.json() as PlayerDetail;
    };
    await open(support.auth);
    await open(support.auth);
    await postJson(t, `/api/admin/users/${player.user.id}/password-reset`, undefined, support.auth);
    const detail = await open(analyst.auth);
    expect(detail.audit.map((e) => e.action)).toEqual(['users.password_reset']);

    const views = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `user:${player.user.id}`), eq(auditLog.action, 'users.view')));
    expect(views.map((v) => v.actorId).sort()).toEqual(
      [support.admin.id, support.admin.id, analyst.admin.id].sort(),
    );
  });

  it('writes nothing for a player that does not exist or a refused caller', async () => {
    const support = await createAdmin(t.app.ctx, { role: 'support' });
    const unknown = await t.app.inject({
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000',
      headers: support.auth,
    });
    expect(unknown.statusCode).toBe(404);
    const player = await createPlayer(t.app.ctx);
    expect(
      (await t.app.inject({ url: `/api/admin/users/${player.user.id}`, headers: player.auth })).statusCode,
    ).toBe(403);
    expect(await entriesBy(support.admin.id)).toEqual([]);
    expect(await entriesBy(player.user.id)).toEqual([]);
  });
});
