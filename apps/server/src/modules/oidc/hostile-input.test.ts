import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf, listeningApp, registerApp } from '../../../test/oidc';

// Hostile input at the provider's own endpoints: refused with a 400 in OAuth's JSON shape, never a 500.

let t: Awaited<ReturnType<typeof listeningApp>>;
const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code';
const REDIRECT = 'http://127.0.0.1/callback';
const UNSAFE = 'Text may not contain control characters or invalid Unicode.';

beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

const post = (path: string, form: Record<string, string>) =>
  fetch(`${t.base}/oidc/${path}`, { method: 'POST', body: new URLSearchParams(form) });

async function expectRefused(response: Response, field: string) {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toContain('application/json');
  expect(await jsonOf(response)).toMatchObject({
    error: 'invalid_request',
    message: UNSAFE,
    code: 'OIDC_INVALID_REQUEST',
    errors: { [field]: [UNSAFE] },
  });
}

describe('a NUL byte in a form field', () => {
  it('is a 400 at the token, introspection, revocation and device endpoints', async () => {
    const web = await registerApp(t, { type: 'public', redirect_uris: [REDIRECT] });
    const device = await registerApp(t, { type: 'public', grant_types: [DEVICE, 'refresh_token'] });
    await expectRefused(
      await post('token', { grant_type: 'authorization_code', client_id: 'a\0b' }),
      'client_id',
    );
    await expectRefused(
      await post('token', {
        grant_type: 'authorization_code',
        client_id: web.client_id,
        code: 'x\0y',
        redirect_uri: REDIRECT,
        code_verifier: 'a'.repeat(43),
      }),
      'code',
    );
    await expectRefused(
      await post('token', { grant_type: 'refresh_token', client_id: web.client_id, refresh_token: 'x\0y' }),
      'refresh_token',
    );
    await expectRefused(
      await post('token', { grant_type: DEVICE, client_id: device.client_id, device_code: 'x\0y' }),
      'device_code',
    );
    for (const path of ['token/introspection', 'token/revocation']) {
      await expectRefused(await post(path, { client_id: web.client_id, token: 'a\0b' }), 'token');
    }
    await expectRefused(
      await post('device/auth', { client_id: device.client_id, scope: 'openid', ui_locales: 'en\0' }),
      'ui_locales',
    );
  });

  it('is refused in a JSON body too', async () => {
    const response = await fetch(`${t.base}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'x\u0000' }),
    });
    await expectRefused(response, 'refresh_token');
  });

  it('leaves clean forms to the provider', async () => {
    const web = await registerApp(t, { type: 'public', redirect_uris: [REDIRECT] });
    const response = await post('token', {
      grant_type: 'refresh_token',
      client_id: web.client_id,
      refresh_token: 'unknown',
    });
    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('a control character in the query', () => {
  it('is a 400 invalid_request at the authorization endpoint (ui_locales, client_id)', async () => {
    const web = await registerApp(t, { type: 'public', redirect_uris: [REDIRECT] });
    for (const [field, query] of [
      ['ui_locales', `client_id=${web.client_id}&response_type=code&scope=openid&ui_locales=en%00`],
      ['client_id', 'client_id=a%00b&response_type=code&scope=openid'],
    ] as const) {
      const response = await fetch(`${t.base}/oidc/auth?${query}`, { redirect: 'manual' });
      await expectRefused(response, field);
    }
  });
});

describe('the resume addresses', () => {
  it('answer an unknown interaction with a 400 page, whatever the query names', async () => {
    const web = await registerApp(t, { type: 'public', redirect_uris: [REDIRECT] });
    for (const path of [
      `auth/anything?client_id=${web.client_id}`,
      `auth/anything?client_id=${web.client_id}&redirect_uri=${encodeURIComponent(REDIRECT)}`,
      'auth/anything?client_id=unknown',
      'auth/anything',
    ]) {
      const response = await fetch(`${t.base}/oidc/${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(400);
      expect(response.headers.get('location'), path).toBeNull();
    }
  });

  it("the device flow resumes on /activate only: the provider's own device pages are not served", async () => {
    const web = await registerApp(t, { type: 'public', redirect_uris: [REDIRECT] });
    for (const path of [`device/anything?client_id=${web.client_id}`, 'device/anything']) {
      const response = await fetch(`${t.base}/oidc/${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(404);
      expect(await jsonOf(response)).toEqual({ message: 'No such endpoint.', code: 'NOT_FOUND' });
    }
  });
});
