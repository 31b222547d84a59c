/**
 * A request without a Host header (HTTP/1.1 requires one, RFC 9112 3.2; HTTP/1.0 may leave it out) is
 * answered like every other refusal or reply: the security headers and a `{ message }` body, over a real socket of a production
 * server (inject always sends a Host).
 */

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PRODUCTION_ENV, type TestApp } from '../app';
import { rawExchange, SECURITY_HEADERS } from '../raw-http';

describe('a request without a Host header', () => {
  let t: TestApp;
  let port: number;
  let expected: Map<string, string>;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...PRODUCTION_ENV } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    const normal = await rawExchange(
      port,
      'GET /healthz HTTP/1.1\r\nHost: portal.test\r\nConnection: close\r\n\r\n',
    );
    expect(normal.status).toBe(200);
    expected = new Map(SECURITY_HEADERS.map((name) => [name, normal.headers.get(name) ?? '']));
  });
  afterAll(() => t.close());

  it.each(['/api/sdk', '/oidc/.well-known/openid-configuration', '/', '/nowhere'])(
    'HTTP/1.1 GET %s: 400 with the security headers and a { message } body',
    async (path) => {
      const res = await rawExchange(port, `GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(JSON.parse(res.body)).toEqual({
        message: 'The request has no Host header.',
        code: 'BAD_REQUEST',
      });
      for (const name of SECURITY_HEADERS)
        expect([name, res.headers.get(name)]).toEqual([name, expected.get(name)]);
    },
  );

  it('HTTP/1.1 POST: refused before the body is read', async () => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'x' });
    const res = await rawExchange(
      port,
      `POST /login HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ message: 'The request has no Host header.' });
    for (const name of SECURITY_HEADERS)
      expect([name, res.headers.get(name)]).toEqual([name, expected.get(name)]);
  });

  it('HTTP/1.0 (where Host is optional): answered as usual, with the security headers', async () => {
    const served = await rawExchange(port, 'GET /healthz HTTP/1.0\r\n\r\n');
    expect(served.status).toBe(200);
    const missing = await rawExchange(port, 'GET /nowhere HTTP/1.0\r\n\r\n');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({ message: 'No such endpoint.', code: 'NOT_FOUND' });
    for (const res of [served, missing])
      for (const name of SECURITY_HEADERS)
        expect([name, res.headers.get(name)]).toEqual([name, expected.get(name)]);
  });
});
