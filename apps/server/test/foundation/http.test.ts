import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { createAdmin, createPlayer } from '../fixtures';

let t: TestApp;
beforeAll(async () => {
  // Test-only routes exercising the guards and the error handler through the real plugins (an admin-only
  // test route would be refused by the staff role matrix, which places real routes only: /api/admin/me is used).
  t = await buildTestApp({
    extend: (app) => {
      app.get('/api/test/player', { onRequest: app.requirePlayer }, async (request) => ({
        id: request.player!.subjectId,
      }));
      app.post('/api/test/echo', async (request) => request.body ?? {});
      app.get('/api/test/boom', async () => {
        throw new Error('database password is hunter2');
      });
    },
  });
});
afterAll(() => t.close());

describe('health and docs', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('exposes Prometheus metrics', async () => {
    await t.app.inject('/healthz');
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('process_cpu_seconds_total');
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      openapi: expect.stringMatching(/^3\./),
      info: { title: 'Games Portal API' },
    });
  });
});

describe('error shape', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such endpoint.', code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'BAD_REQUEST' });
  });

  it('refuses an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('hides internals of unexpected errors behind a plain 500', async () => {
    const res = await t.app.inject('/api/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong.', code: 'INTERNAL_ERROR' });
  });
});

describe('security headers', () => {
  it('sends a strict CSP without inline script and forbids framing', async () => {
    const res = await t.app.inject('/healthz');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('session guards', () => {
  it('lets a player token through requirePlayer', async () => {
    const player = await createPlayer(t.app.ctx);
    const res = await t.app.inject({ url: '/api/test/player', headers: player.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: player.user.id });
  });

  it('answers 401 without a token or with an unknown one', async () => {
    expect((await t.app.inject('/api/test/player')).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/test/player', headers: { authorization: 'Bearer nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: 'Your session has ended. Please sign in again.',
      code: 'UNAUTHENTICATED',
    });
  });

  it('refuses an admin token on a player route and a player token on an admin route', async () => {
    const player = await createPlayer(t.app.ctx);
    const admin = await createAdmin(t.app.ctx);
    expect((await t.app.inject({ url: '/api/test/player', headers: admin.auth })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/admin/me', headers: player.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This needs an admin account.', code: 'FORBIDDEN' });
    expect((await t.app.inject({ url: '/api/admin/me', headers: admin.auth })).json()).toMatchObject({
      admin: { id: admin.admin.id },
    });
  });

  it('ends an admin session after 12 idle hours and a player session after 30 idle days', async () => {
    const player = await createPlayer(t.app.ctx);
    const admin = await createAdmin(t.app.ctx);
    t.clock.advance(12 * 3600_000 + 1000);
    expect((await t.app.inject({ url: '/api/admin/me', headers: admin.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/test/player', headers: player.auth })).statusCode).toBe(200);
    t.clock.advance(30 * 24 * 3600_000 + 1000);
    expect((await t.app.inject({ url: '/api/test/player', headers: player.auth })).statusCode).toBe(401);
  });
});
