import { randomUUID } from 'node:crypto';
import type { SecurityEvent, SessionInfo } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { securityEvents, userGames } from '../../db/schema/index';
import { DEVICE_TOKEN_HEADER } from '../../lib/device-cookie';
import { hashSecret } from '../../lib/hashing';
import { pruneSecurityEvents } from './events';
import { recordSecurityEvent } from './index';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => t.close());

/** A fresh address per call, so no test meets another's per-IP limits or lockouts. */
let addressCount = 0;
const nextAddress = () => `10.91.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

async function signIn(email: string, password: string, userAgent = CHROME_WINDOWS, ip = nextAddress()) {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  return { reply, ip, token: reply.json().token as string | undefined };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function sessionsOf(token: string, prefix = '/api') {
  const reply = await t.app.inject({ url: `${prefix}/sessions`, headers: bearer(token) });
  expect(reply.statusCode).toBe(200);
  return reply.json() as SessionInfo[];
}

async function eventsOf(token: string, prefix = '/api') {
  const reply = await t.app.inject({ url: `${prefix}/security/events`, headers: bearer(token) });
  expect(reply.statusCode).toBe(200);
  return reply.json() as SecurityEvent[];
}

const profileStatus = async (token: string) =>
  (await t.app.inject({ url: '/api/profile', headers: bearer(token) })).statusCode;

describe('GET /api/sessions', () => {
  it('lists the live sessions with device, address and times, this one marked', async () => {
    const player = await createPlayer(t.app.ctx);
    const phone = await signIn(player.user.email, player.password, SAFARI_IPHONE);
    const desktop = await signIn(player.user.email, player.password, CHROME_WINDOWS);
    const sessions = await sessionsOf(desktop.token!);
    // The fixture's own session (no client known) and the two sign-ins.
    expect(sessions).toHaveLength(3);
    const current = sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      ip: desktop.ip,
      user_agent: CHROME_WINDOWS,
      device: 'Chrome on Windows',
      // How the sign-in was proved (decision 0063).
      signed_in_with: 'password',
      created_at: t.clock.now().toISOString(),
      last_seen_at: t.clock.now().toISOString(),
    });
    expect(sessions).toContainEqual(
      expect.objectContaining({ ip: phone.ip, device: 'Mobile Safari on iOS', current: false }),
    );
    expect(sessions).toContainEqual(
      expect.objectContaining({
        ip: null,
        user_agent: null,
        device: null,
        signed_in_with: null,
        current: false,
      }),
    );
  });

  it('leaves out ended and expired sessions', async () => {
    const player = await createPlayer(t.app.ctx);
    const other = await signIn(player.user.email, player.password);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(other.token!) });
    const sessions = await sessionsOf(player.token);
    expect(sessions.map((s) => s.current)).toEqual([true]);
  });

  it('refreshes "last seen" at most once a minute, not on every request', async () => {
    const player = await createPlayer(t.app.ctx);
    const start = t.clock.now().toISOString();
    t.clock.advance(30_000);
    expect((await sessionsOf(player.token))[0]!.last_seen_at).toBe(start);
    t.clock.advance(31_000);
    const seen = t.clock.now().toISOString();
    await sessionsOf(player.token); // this request moves it
    expect((await sessionsOf(player.token))[0]!.last_seen_at).toBe(seen);
  });

  it('keeps long user agents cut to 512 characters', async () => {
    const player = await createPlayer(t.app.ctx);
    const long = `${CHROME_WINDOWS} ${'x'.repeat(2000)}`;
    const { token } = await signIn(player.user.email, player.password, long);
    const mine = (await sessionsOf(token!)).find((s) => s.current)!;
    expect(mine.user_agent).toBe(long.slice(0, 512));
    expect(mine.device).toBe('Chrome on Windows');
  });

  it('answers 401 without a session or with a dead one', async () => {
    expect((await t.app.inject({ url: '/api/sessions' })).statusCode).toBe(401);
    const dead = await t.app.inject({ url: '/api/sessions', headers: bearer('not-a-token') });
    expect(dead.statusCode).toBe(401);
    expect(dead.json()).toEqual({
      message: 'Your session has ended. Please sign in again.',
      code: 'UNAUTHENTICATED',
    });
  });
});

describe('DELETE /api/sessions/{id}', () => {
  it('signs out another session of the account: its next request is refused', async () => {
    const player = await createPlayer(t.app.ctx);
    const other = await signIn(player.user.email, player.password);
    const target = (await sessionsOf(player.token)).find((s) => !s.current)!;
    const reply = await t.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${target.id}`,
      headers: { ...player.auth, 'user-agent': CHROME_WINDOWS },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ message: 'The session was signed out.' });
    expect(await profileStatus(other.token!)).toBe(401);
    expect(await profileStatus(player.token)).toBe(200);
    expect((await eventsOf(player.token))[0]).toMatchObject({ kind: 'session_revoked', detail: null });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${target.id}`,
      headers: player.auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it('signs out the current session too (signing out)', async () => {
    const player = await createPlayer(t.app.ctx);
    const current = (await sessionsOf(player.token))[0]!;
    const reply = await t.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${current.id}`,
      headers: player.auth,
    });
    expect(reply.statusCode).toBe(200);
    expect(await profileStatus(player.token)).toBe(401);
  });

  it("answers 404 for another account's session, which stays signed in, and for unknown ids", async () => {
    const player = await createPlayer(t.app.ctx);
    const stranger = await createPlayer(t.app.ctx);
    const admin = await createAdmin(t.app.ctx);
    const theirs = (await sessionsOf(stranger.token))[0]!.id;
    const adminSession = (await sessionsOf(admin.token, '/api/admin'))[0]!.id;
    for (const id of [theirs, adminSession, randomUUID()]) {
      const reply = await t.app.inject({
        method: 'DELETE',
        url: `/api/sessions/${id}`,
        headers: player.auth,
      });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({
        message: 'This session does not exist or has already ended.',
        code: 'NOT_FOUND',
      });
    }
    expect(await profileStatus(stranger.token)).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/me', headers: admin.auth })).statusCode).toBe(200);
  });

  it('answers 422 for an id that is not a session id, and 401 without a session', async () => {
    const player = await createPlayer(t.app.ctx);
    for (const id of ['abc', "1' or '1'='1", '0'.repeat(40)]) {
      const reply = await t.app.inject({
        method: 'DELETE',
        url: `/api/sessions/${encodeURIComponent(id)}`,
        headers: player.auth,
      });
      expect(reply.statusCode).toBe(422);
      expect(reply.json().message).toBe('This is not a session id.');
    }
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/sessions/${randomUUID()}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/sessions/revoke-others', () => {
  it('ends every other session and keeps the current one', async () => {
    const player = await createPlayer(t.app.ctx);
    const first = await signIn(player.user.email, player.password);
    const second = await signIn(player.user.email, player.password, SAFARI_IPHONE);
    const stranger = await createPlayer(t.app.ctx);
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/revoke-others',
      headers: bearer(second.token!),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      message: '2 other sessions were signed out.',
      revoked: 2,
      recent_passkeys: [],
    });
    expect(await profileStatus(second.token!)).toBe(200);
    expect(await profileStatus(first.token!)).toBe(401);
    expect(await profileStatus(player.token)).toBe(401);
    expect(await profileStatus(stranger.token)).toBe(200);
    expect((await sessionsOf(second.token!)).map((s) => s.current)).toEqual([true]);
    expect((await eventsOf(second.token!))[0]).toMatchObject({ kind: 'other_sessions_revoked', detail: '2' });

    const none = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/revoke-others',
      headers: bearer(second.token!),
    });
    expect(none.json()).toEqual({
      message: '0 other sessions were signed out.',
      revoked: 0,
      recent_passkeys: [],
    });
  });

  it('answers 401 without a session', async () => {
    const reply = await t.app.inject({ method: 'POST', url: '/api/sessions/revoke-others' });
    expect(reply.statusCode).toBe(401);
  });
});

describe('GET /api/security/events', () => {
  it('records each sign-in outcome with address and device, newest first', async () => {
    const player = await createPlayer(t.app.ctx);
    const ip = nextAddress();
    const wrong = await signIn(player.user.email, 'Wrong-password-1', SAFARI_IPHONE, ip);
    expect(wrong.reply.statusCode).toBe(401);
    t.clock.advance(1000);
    const right = await signIn(player.user.email, player.password, CHROME_WINDOWS, ip);
    expect(right.reply.statusCode).toBe(200);
    const events = await eventsOf(right.token!);
    expect(events.map((e) => [e.kind, e.detail])).toEqual([
      ['sign_in', 'password'],
      ['sign_in_failed', 'password'],
    ]);
    expect(events[0]).toMatchObject({ ip, user_agent: CHROME_WINDOWS, device: 'Chrome on Windows' });
    expect(events[1]).toMatchObject({ ip, device: 'Mobile Safari on iOS' });
    expect(Date.parse(events[0]!.created_at)).toBeGreaterThan(Date.parse(events[1]!.created_at));
  });

  it('records a locked-out attempt and refused accounts', async () => {
    const player = await createPlayer(t.app.ctx);
    const ip = nextAddress();
    let status = 0;
    for (let i = 0; i < 8 && status !== 429; i++)
      status = (await signIn(player.user.email, 'Wrong-password-1', CHROME_WINDOWS, ip)).reply.statusCode;
    expect(status).toBe(429);
    const suspended = await createPlayer(t.app.ctx, { accountStatus: 'suspended' });
    expect((await signIn(suspended.user.email, suspended.password)).reply.statusCode).toBe(403);

    const kinds = (await eventsOf(player.token)).map((e) => e.kind);
    expect(kinds[0]).toBe('sign_in_locked');
    expect(kinds.slice(1).every((kind) => kind === 'sign_in_failed')).toBe(true);
    const refused = await t.app.ctx.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, suspended.user.id));
    expect(refused.map((e) => [e.kind, e.detail])).toEqual([['sign_in_failed', 'password: suspended']]);
  });

  it('records launcher sign-ins with their method', async () => {
    const player = await createPlayer(t.app.ctx);
    await t.app.ctx.db
      .update(userGames)
      .set({ pinHash: await hashSecret('4321') })
      .where(eq(userGames.userId, player.user.id));
    const launcher = (url: string, payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextAddress() });
    await launcher('/api/login-caliber', { email: player.user.email, password: 'Wrong-password-1' });
    const signedIn = await launcher('/api/login-caliber', {
      email: player.user.email,
      password: player.password,
    });
    // The PIN unlocks the launcher that signed in with the password (decision 0039): it sends its device token.
    const device = { [DEVICE_TOKEN_HEADER]: String(signedIn.headers[DEVICE_TOKEN_HEADER]) };
    await launcher('/api/login-pin-caliber', { user: player.user.email, pin: '0000' }, device);
    await launcher('/api/login-pin-caliber', { user: player.user.id, pin: '4321' }, device);
    const events = await eventsOf(player.token);
    expect(events.map((e) => [e.kind, e.detail])).toEqual([
      ['sign_in', 'launcher-pin'],
      ['sign_in_failed', 'launcher-pin'],
      ['sign_in', 'launcher-password'],
      ['sign_in_failed', 'launcher-password'],
    ]);
  });

  it('shows only the own account, at most the newest 50', async () => {
    const player = await createPlayer(t.app.ctx);
    const stranger = await createPlayer(t.app.ctx);
    await signIn(stranger.user.email, stranger.password);
    const start = t.clock.now().getTime();
    for (let i = 0; i < 55; i++)
      await recordSecurityEvent(t.app.ctx, {
        userId: player.user.id,
        kind: 'sign_in',
        detail: String(i),
        at: new Date(start + i * 1000),
      });
    const events = await eventsOf(player.token);
    expect(events).toHaveLength(50);
    expect(events[0]!.detail).toBe('54');
    expect(events.at(-1)!.detail).toBe('5');
    expect(await eventsOf(stranger.token)).toEqual([
      expect.objectContaining({ kind: 'sign_in', detail: 'password' }),
    ]);
  });

  it('answers 401 without a session, and 403 for a player on the admin history', async () => {
    expect((await t.app.inject({ url: '/api/security/events' })).statusCode).toBe(401);
    const player = await createPlayer(t.app.ctx);
    for (const url of ['/api/admin/security/events', '/api/admin/sessions']) {
      expect((await t.app.inject({ url, headers: player.auth })).statusCode).toBe(403);
    }
  });
});

describe('admins: /api/admin/sessions and /api/admin/security/events', () => {
  const adminSignIn = (email: string, password: string, ip = nextAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email, password },
      headers: { 'user-agent': CHROME_WINDOWS },
      remoteAddress: ip,
    });

  it('lists, signs out and keeps apart the admin sessions, and records admin sign-ins', async () => {
    const admin = await createAdmin(t.app.ctx);
    const ip = nextAddress();
    expect((await adminSignIn(admin.admin.email, 'Wrong-password-1', ip)).statusCode).toBe(401);
    const signedIn = await adminSignIn(admin.admin.email, admin.password, ip);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().token as string;

    const sessions = await sessionsOf(token, '/api/admin');
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.current)).toMatchObject({ ip, device: 'Chrome on Windows' });
    const events = await eventsOf(token, '/api/admin');
    expect(events.map((e) => e.kind)).toEqual(['sign_in', 'sign_in_failed']);

    // A player cannot end an admin session through the player route, nor an admin a player's.
    const player = await createPlayer(t.app.ctx);
    const playerSession = (await sessionsOf(player.token))[0]!.id;
    const crossed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/sessions/${playerSession}`,
      headers: bearer(token),
    });
    expect(crossed.statusCode).toBe(404);

    const others = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sessions/revoke-others',
      headers: bearer(token),
    });
    expect(others.json()).toEqual({
      message: 'One other session was signed out.',
      revoked: 1,
      recent_passkeys: [],
    });
    expect((await t.app.inject({ url: '/api/admin/me', headers: admin.auth })).statusCode).toBe(401);

    const mine = (await sessionsOf(token, '/api/admin'))[0]!;
    const out = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/sessions/${mine.id}`,
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/me', headers: bearer(token) })).statusCode).toBe(401);
    expect(await profileStatus(player.token)).toBe(200);
  });

  it('records a locked admin sign-in', async () => {
    const admin = await createAdmin(t.app.ctx);
    const ip = nextAddress();
    let status = 0;
    for (let i = 0; i < 8 && status !== 429; i++)
      status = (await adminSignIn(admin.admin.email, 'Wrong-password-1', ip)).statusCode;
    expect(status).toBe(429);
    expect((await eventsOf(admin.token, '/api/admin'))[0]!.kind).toBe('sign_in_locked');
  });

  it('answers 401 without an admin session', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/sessions'],
      ['DELETE', `/api/admin/sessions/${randomUUID()}`],
      ['POST', '/api/admin/sessions/revoke-others'],
      ['GET', '/api/admin/security/events'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});

describe('recordSecurityEvent and the retention', () => {
  it('never fails its caller, even when the write cannot be stored (it logs instead)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(
      recordSecurityEvent(t.app.ctx, { userId: randomUUID(), kind: 'sign_in' }),
    ).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('A security event was not recorded.', expect.anything());
    warn.mockRestore();
  });

  it('prunes events older than 90 days and keeps newer ones', async () => {
    const player = await createPlayer(t.app.ctx);
    const now = t.clock.now().getTime();
    const day = 24 * 60 * 60 * 1000;
    await recordSecurityEvent(t.app.ctx, {
      userId: player.user.id,
      kind: 'sign_in',
      at: new Date(now - 91 * day),
    });
    await recordSecurityEvent(t.app.ctx, {
      userId: player.user.id,
      kind: 'sign_in_failed',
      at: new Date(now - 89 * day),
    });
    await pruneSecurityEvents(t.app.ctx);
    expect((await eventsOf(player.token)).map((e) => e.kind)).toEqual(['sign_in_failed']);
  });
});
