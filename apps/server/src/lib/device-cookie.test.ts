import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { alteredFirstCharacter } from '../../test/fixtures';
import { loadConfig } from '../config';
import { fixedClock } from './clock';
import type { ServiceContext } from './context';
import { DEVICE_COOKIE, DEVICE_TOKEN_HEADER, signInDevice } from './device-cookie';

const now = new Date('2026-06-01T12:00:00Z');

function contextWith(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  return { config, clock: fixedClock(now) } as unknown as ServiceContext;
}

/** The Set-Cookie header a sign-in of `account` writes, from a request carrying `cookie`. */
function setCookieAfterTrust(ctx: ServiceContext, account: `player:${string}`, cookie?: string) {
  const request = { ip: '192.0.2.1', headers: cookie ? { cookie } : {} } as FastifyRequest;
  const device = signInDevice(ctx, request);
  const headers: Record<string, string> = {};
  const reply = {
    header: (name: string, value: string) => (headers[name] = value),
  } as unknown as FastifyReply;
  device.writeCookie(reply);
  expect(headers['set-cookie']).toBeUndefined(); // nothing before a success
  device.trust(account);
  device.writeCookie(reply);
  return headers['set-cookie']!;
}

const cookiePairOf = (setCookie: string) => setCookie.split(';')[0]!;

describe('device cookies', () => {
  it('are Secure in production and behind an https PUBLIC_URL, not on plain http in development', () => {
    const production = contextWith({
      NODE_ENV: 'production',
      SECRET_KEY: 'production-test-secret-0123456789abcdef',
      SMTP_URL: 'smtp://127.0.0.1:9',
      PAYMENT_PROVIDER: 'xsolla',
      XSOLLA_MERCHANT_ID: '1',
      XSOLLA_PROJECT_ID: '2',
      XSOLLA_API_KEY: 'key',
      XSOLLA_WEBHOOK_SECRET: 'secret',
    });
    expect(setCookieAfterTrust(production, 'player:a')).toMatch(/; Secure$/);
    expect(setCookieAfterTrust(contextWith({ PUBLIC_URL: 'https://portal.test' }), 'player:a')).toMatch(
      /; Secure$/,
    );
    const plain = setCookieAfterTrust(contextWith({ PUBLIC_URL: 'http://portal.test' }), 'player:a');
    expect(plain).toMatch(
      new RegExp(`^${DEVICE_COOKIE}=[\\w-]+\\.[\\w-]+; Path=/; HttpOnly; SameSite=Lax; Max-Age=34560000$`),
    );
  });

  it('bind the device to accounts: trusted for those, its IP address for any other', () => {
    const ctx = contextWith({});
    const first = cookiePairOf(setCookieAfterTrust(ctx, 'player:a'));
    const both = cookiePairOf(setCookieAfterTrust(ctx, 'player:b', first));
    const request = (cookie: string) => ({ ip: '192.0.2.7', headers: { cookie } }) as FastifyRequest;
    const device = signInDevice(ctx, request(`other=1; ${both}`));
    expect(device.clientFor('player:a')).toEqual({
      key: expect.stringMatching(/^device:[\da-f-]{36}$/),
      trusted: true,
    });
    expect(device.clientFor('player:b')).toEqual(device.clientFor('player:a'));
    // An untrusted client proves work with the request's solved challenge when asked (decision 0039).
    const untrusted = { key: 'ip:192.0.2.7', trusted: false, proveWork: expect.any(Function) };
    expect(device.clientFor('admin:a')).toEqual(untrusted);
    expect(device.clientFor(null)).toEqual(untrusted);
    // Another secret signed it: no cookie.
    const elsewhere = contextWith({ SECRET_KEY: 'another-secret-of-at-least-32-characters!' });
    expect(signInDevice(elsewhere, request(both)).isTrusted('player:a')).toBe(false);
  });

  it('remember at most 10 accounts, dropping the oldest', () => {
    const ctx = contextWith({});
    let cookie = '';
    for (let i = 0; i < 12; i += 1)
      cookie = cookiePairOf(setCookieAfterTrust(ctx, `player:${i}`, cookie || undefined));
    const device = signInDevice(ctx, { ip: '192.0.2.1', headers: { cookie } } as FastifyRequest);
    expect(device.isTrusted('player:1')).toBe(false);
    expect(device.isTrusted('player:2')).toBe(true);
    expect(device.isTrusted('player:11')).toBe(true);
  });

  it('travel as a device token too: the same value in the Device-Token header, read when no cookie comes', () => {
    const ctx = contextWith({});
    const request = { ip: '192.0.2.1', headers: {} } as FastifyRequest;
    const device = signInDevice(ctx, request);
    const headers: Record<string, string> = {};
    device.trust('player:a');
    device.writeCookie({ header: (name: string, value: string) => (headers[name] = value) } as never);
    const token = headers[DEVICE_TOKEN_HEADER]!;
    expect(cookiePairOf(headers['set-cookie']!)).toBe(`${DEVICE_COOKIE}=${token}`);
    const withToken = (value: string, cookie?: string) =>
      signInDevice(ctx, {
        ip: '192.0.2.9',
        headers: { [DEVICE_TOKEN_HEADER]: value, ...(cookie ? { cookie } : {}) },
      } as unknown as FastifyRequest);
    expect(withToken(token).isTrusted('player:a')).toBe(true);
    expect(withToken(token).id).toBe(device.id);
    expect(withToken(alteredFirstCharacter(token)).isTrusted('player:a')).toBe(false);
    // The cookie wins over the header when both come.
    const other = cookiePairOf(setCookieAfterTrust(ctx, 'player:b'));
    expect(withToken(token, other).isTrusted('player:a')).toBe(false);
    expect(withToken(token, other).isTrusted('player:b')).toBe(true);
  });
});
