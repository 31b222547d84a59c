import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';

describe('access log', () => {
  const lines: Record<string, unknown>[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      deps: {
        logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
      },
    });
  });
  afterAll(() => t.close());

  const token = 'tK9vQ2mX7pL4sR8wZ1yB3nC6dF0gH5jA';
  const requestLines = () => lines.filter((line) => line.msg === 'request completed');

  it('writes one line per request with method, route, status, time and address', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(requestLines()).toEqual([
      expect.objectContaining({ method: 'GET', path: '/healthz', statusCode: 200, ip: '127.0.0.1' }),
    ]);
    expect(typeof requestLines()[0]!.ms).toBe('number');
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });

  it('never writes a token from a path or a query string', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'POST', url: `/verifyemail/${token}/caliber` });
    await t.app.inject({ method: 'GET', url: `/reset-password/${token}/caliber` });
    await t.app.inject({ method: 'GET', url: `/api/auth/google/callback?code=${token}&state=${token}` });
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(requestLines().map((line) => line.path)).toEqual([
      '/verifyemail/:uuid/:game',
      '/reset-password/:masked/caliber',
      '/api/auth/:provider/callback',
    ]);
  });
});
