/**
 * Issue #24: the refusals made before any route runs (Node's HTTP parser: 414, 431, malformed HTTP; the
 * router: a bad address) carry the same security headers as every other reply, checked over a real socket
 * of a production server (inject does not go through Node's parser). And /api/docs is off in production
 * unless API_DOCS=public.
 */

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PRODUCTION_ENV, type TestApp } from '../app';
import { rawExchange, SECURITY_HEADERS } from '../raw-http';

const get = (path: string, extraHeaders = '') =>
  `GET ${path} HTTP/1.1\r\nHost: portal.test\r\n${extraHeaders}Connection: close\r\n\r\n`;

describe('a production server', () => {
  let t: TestApp;
  let port: number;
  let expected: Map<string, string>;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...PRODUCTION_ENV } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    const normal = await rawExchange(port, get('/healthz'));
    expect(normal.status).toBe(200);
    expected = new Map(SECURITY_HEADERS.map((name) => [name, normal.headers.get(name) ?? '']));
  });
  afterAll(() => t.close());

  it('sends strict headers on a normal reply: CSP without inline script, no framing, HSTS', () => {
    expect(expected.get('content-security-policy')).toContain("script-src 'self'");
    expect(expected.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(expected.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(expected.get('x-content-type-options')).toBe('nosniff');
  });

  const refusals = [
    {
      name: 'an address longer than the server reads (414)',
      request: get(`/api/sdk?q=${'x'.repeat(20_000)}`),
      status: 414,
      message: 'This address is too long.',
      code: 'URI_TOO_LONG',
    },
    {
      name: 'headers larger than the server reads (431)',
      request: get('/api/sdk', `X-Padding: ${'y'.repeat(20_000)}\r\n`),
      status: 431,
      message: 'The request headers are too large.',
      code: 'HEADERS_TOO_LARGE',
    },
    {
      name: 'a malformed header (400)',
      request: get('/api/sdk', 'Bad Header Name: x\r\n'),
      status: 400,
      message: 'The request is not valid HTTP.',
      code: 'BAD_REQUEST',
    },
    {
      name: 'an address that is not valid percent-encoding (400)',
      request: get('/api/sdk/%ff/download'),
      status: 400,
      message: 'This address is not valid.',
      code: 'BAD_REQUEST',
    },
    {
      name: 'a path parameter longer than the router reads (414)',
      request: get(`/api/sdk/${'a'.repeat(300)}/download`),
      status: 414,
      message: 'This address is too long.',
      code: 'URI_TOO_LONG',
    },
  ];

  it.each(refusals)(
    'answers $name with the same security headers',
    async ({ request, status, message, code }) => {
      const res = await rawExchange(port, request);
      expect(res.status).toBe(status);
      expect(JSON.parse(res.body)).toEqual({ message, code });
      for (const name of SECURITY_HEADERS)
        expect([name, res.headers.get(name)]).toEqual([name, expected.get(name)]);
    },
  );

  it('does not serve the OpenAPI document without API_DOCS=public', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such endpoint.', code: 'NOT_FOUND' });
  });
});

describe('API_DOCS=public in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...PRODUCTION_ENV, API_DOCS: 'public' } });
  });
  afterAll(() => t.close());

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ info: { title: 'Games Portal API' } });
  });
});
