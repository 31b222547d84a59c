import { ADMIN_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { solvedAltcha } from '../../../test/proof-of-work';
import { auditLog, emailOutbox } from '../../db/schema/index';
import { DEVICE_COOKIE } from '../../lib/device-cookie';
import { LOCKOUT_POLICIES } from '../../lib/lockout';
import { setAdminStatus } from './service';

const LOCKOUT_AFTER = LOCKOUT_POLICIES['admin-password'].threshold;
const ACCOUNT_LIMIT = LOCKOUT_POLICIES['admin-account'].threshold;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1', cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });

async function auditOf(action: string) {
  return t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe('POST /api/admin/login', () => {
  it('signs in with the spec reply and writes the audit log', async () => {
    const { admin, password } = await createAdmin(t.app.ctx);
    const res = await login(admin.email.toUpperCase(), password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: 'Login successful', adminAuthenticated: true });
    expect(body.admin).toEqual({ id: admin.id, name: admin.name, email: admin.email, status: 'active' });
    expect(body.admin.passwordHash).toBeUndefined();
    const me = await t.app.inject({
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    const entries = await auditOf('admin.login');
    expect(entries.some((e) => e.actorId === admin.id)).toBe(true);
  });

  it('answers 401 with the same body for a wrong password and an unknown email', async () => {
    const { admin } = await createAdmin(t.app.ctx);
    const wrong = await login(admin.email, 'not-the-password');
    const unknown = await login('nobody@example.test', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: ADMIN_MESSAGES.invalidCredentials, code: 'INVALID_CREDENTIALS' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 403 for an inactive admin with the right password, and deactivation ends sessions', async () => {
    const { admin, password, auth } = await createAdmin(t.app.ctx);
    await setAdminStatus(t.app.ctx, admin.email, 'inactive');
    const res = await login(admin.email, password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: ADMIN_MESSAGES.inactive, code: 'FORBIDDEN' });
    const me = await t.app.inject({ url: '/api/admin/me', headers: auth });
    expect(me.statusCode).toBe(401);
    expect((await auditOf('admin.deactivate')).some((e) => e.details.adminId === admin.id)).toBe(true);
  });

  it('locks the failing address after repeated failures, with a growing lock; other addresses sign in', async () => {
    const { admin, password } = await createAdmin(t.app.ctx);
    for (let i = 0; i < LOCKOUT_AFTER; i++)
      expect((await login(admin.email, 'wrong-pass', '10.0.1.1')).statusCode).toBe(401);
    const locked = await login(admin.email, password, '10.0.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(ADMIN_MESSAGES.lockedOut);
    expect((await login(admin.email, password, '10.0.1.2')).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await login(admin.email, 'wrong-pass', '10.0.1.1')).statusCode).toBe(401);
    expect((await login(admin.email, password, '10.0.1.1')).statusCode).toBe(429);
    t.clock.advance(121_000);
    expect((await login(admin.email, password, '10.0.1.1')).statusCode).toBe(200);
  });

  it('locks unknown emails the same way, so lockout reveals nothing', async () => {
    for (let i = 0; i < LOCKOUT_AFTER; i++) await login('ghost@example.test', 'x', '10.0.2.1');
    expect((await login('ghost@example.test', 'x', '10.0.2.1')).statusCode).toBe(429);
  });

  it('after failures from many addresses, asks untrusted clients for a proof of work, not the trusted device', async () => {
    const { admin, password } = await createAdmin(t.app.ctx);
    const first = await login(admin.email, password, '10.0.4.1');
    const device = first.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const cookie = `${DEVICE_COOKIE}=${device.value}`;
    for (let i = 0; i < ACCOUNT_LIMIT; i++)
      expect((await login(admin.email, 'wrong-pass', `10.0.5.${i + 1}`)).statusCode).toBe(401);
    // Not locked out (decision 0039): a new machine solves a challenge and signs in.
    const stranger = await login(admin.email, password, '10.0.4.2');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toMatchObject({ code: 'CHALLENGE_REQUIRED', challenge: expect.any(Object) });
    const solved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: admin.email, password, altcha: await solvedAltcha(stranger.json().challenge) },
      remoteAddress: '10.0.4.2',
    });
    expect(solved.statusCode).toBe(200);
    expect((await login(admin.email, password, '10.0.5.1', `${cookie}x`)).json().code).toBe(
      'CHALLENGE_REQUIRED',
    );
    expect((await login(admin.email, password, '10.0.5.1', cookie)).statusCode).toBe(200);
  });

  it('tells the admin about a sign-in from a device not seen before', async () => {
    const { admin, password } = await createAdmin(t.app.ctx);
    const first = await login(admin.email, password, '10.0.6.1');
    const cookie = `${DEVICE_COOKIE}=${first.cookies.find((c) => c.name === DEVICE_COOKIE)!.value}`;
    await login(admin.email, password, '10.0.6.2', cookie);
    const mails = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, admin.email));
    expect(mails.map((m) => m.kind)).toEqual(['new-device-sign-in']);
    expect(mails[0]!.text).toContain('10.0.6.1');
  });

  it('limits attempts per IP with a clear 429', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await login(`ip-${i}@example.test`, 'x', '10.9.9.9')).statusCode;
    expect(last).toBe(429);
  });

  it('answers 422 for a body without fields and 400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: {},
      remoteAddress: '10.0.3.1',
    });
    expect(res.statusCode).toBe(422);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{',
      remoteAddress: '10.0.3.1',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/admin/logout', () => {
  it('revokes the token on the server', async () => {
    const { auth, admin } = await createAdmin(t.app.ctx);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: auth });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/me', headers: auth })).statusCode).toBe(401);
    expect((await auditOf('admin.logout')).some((e) => e.actorId === admin.id)).toBe(true);
  });

  it('refuses no token (401) and a player token (403)', async () => {
    const { auth } = await createPlayer(t.app.ctx);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: auth })).statusCode).toBe(
      403,
    );
  });
});
