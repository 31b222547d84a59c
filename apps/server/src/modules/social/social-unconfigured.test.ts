import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('an unconfigured provider answers a clear page, not a crash', async () => {
  for (const [provider, label] of [
    ['google', 'Google'],
    ['facebook', 'Facebook'],
  ] as const) {
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/${provider}` });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(`${label} sign-in is not available`);
    expect(res.body).toContain('href="/login"');
    // What an operator sets, and the portal's look in the device's scheme.
    expect(res.body).toContain(`<code>${provider.toUpperCase()}_CLIENT_ID</code>`);
    expect(res.body).toContain('<meta name="color-scheme" content="light dark">');
    expect(res.body).toContain('@media (prefers-color-scheme:dark)');
    const cb = await t.app.inject({ method: 'GET', url: `/api/auth/${provider}/callback?code=x&state=y` });
    expect(cb.statusCode).toBe(503);
  }
  expect((await t.app.inject({ method: 'GET', url: '/api/auth/twitter' })).statusCode).toBe(422);
});
