/**
 * Regression list of issue #16 ("No input gives a 5xx"): requests that answered 500, or refused in another
 * shape or echoing the address. Each must now be a 4xx with the exact status and the one error shape
 * `{ message, code, errors? }`.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerKey } from '../../src/modules/events/keys';
import { webhookSecret, xsollaSignature } from '../../src/modules/payments/signature';
import { buildTestApp, type TestApp } from '../app';
import { createAdmin, createPlayer } from '../fixtures';

const TEXT = 'Text may not contain control characters or invalid Unicode.';
const DATE_RANGE = 'Use a date between 1900-01-01 and 2100-12-31.';
const REAL_DATE = 'Use a real calendar date.';
const INSTANT_RANGE = 'Use a time between 1900 and 2100.';
const PAGE_LINK = 'This page link is no longer valid.';

type Who = 'none' | 'unknownToken' | 'player' | 'salesPlayer' | 'admin' | 'gameServer';
interface Case {
  name: string;
  who: Who;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  status: number;
  reply: unknown;
}

const refusedText = (field: string) => ({
  message: TEXT,
  code: 'VALIDATION_FAILED',
  errors: { [field]: [TEXT] },
});
const refusedDate = (field: string, message = DATE_RANGE) => ({
  message,
  code: 'VALIDATION_FAILED',
  errors: { [field]: [message] },
});
const cursor = (text: string) => Buffer.from(text).toString('base64url');
const uuid = '0b7c6a52-3f4e-4d2a-9c1b-5e8f7a6d4c3b';

const ADMIN_TABLES = [
  '/api/users/paginate/caliber',
  '/api/users/paginate/yggdra',
  '/api/referralCodes/caliber',
  '/api/all-referralCodes',
];
const ADMIN_EXPORTS = [
  '/api/users/paginate/caliber/export',
  '/api/users/paginate/yggdra/export',
  '/api/referralCodes/caliber/export',
  '/api/all-referralCodes/export',
];
const BAD_CURSORS = {
  'an impossible date': cursor(`2026-02-30T00:00:00|${uuid}`),
  'an impossible date with a zone': cursor(`2026-02-30T00:00:00Z|${uuid}`),
  'year zero': cursor(`0000-01-01T00:00:00|${uuid}`),
  'hour 25': cursor(`2026-01-01T25:00:00|${uuid}`),
  'a malformed uuid': cursor(`2026-01-01T00:00:00|${'-'.repeat(36)}`),
  garbage: 'not-a-page-link',
};

const nul = 'a\u0000b';
const CASES: Case[] = [
  // A NUL byte in a string field of the sign-in and registration forms.
  {
    name: 'login',
    who: 'none',
    method: 'POST',
    url: '/login',
    body: { email: nul, password: 'x' },
    status: 422,
    reply: refusedText('email'),
  },
  {
    name: 'register',
    who: 'none',
    method: 'POST',
    url: '/register',
    body: {
      name: 'Ana',
      email: `${nul}@example.test`,
      password: 'Correct-Horse-7',
      password_confirmation: 'Correct-Horse-7',
      selectedGame: 'talesrunner',
    },
    status: 422,
    reply: refusedText('email'),
  },
  {
    name: 'resend verification',
    who: 'none',
    method: 'POST',
    url: '/resendEmail',
    body: { email: `${nul}@example.test` },
    status: 422,
    reply: refusedText('email'),
  },
  {
    name: 'forgot password',
    who: 'none',
    method: 'POST',
    url: '/sendForgotPassword',
    body: { email: `${nul}@example.test` },
    status: 422,
    reply: refusedText('email'),
  },
  {
    name: 'referral visit',
    who: 'none',
    method: 'POST',
    url: '/api/referral-visit',
    body: { referral_code: nul },
    status: 422,
    reply: refusedText('referral_code'),
  },
  {
    name: 'launcher login',
    who: 'none',
    method: 'POST',
    url: '/api/login-caliber',
    body: { email: nul, password: 'x' },
    status: 422,
    reply: refusedText('email'),
  },
  {
    name: 'admin login',
    who: 'none',
    method: 'POST',
    url: '/api/admin/login',
    body: { email: nul, password: 'x' },
    status: 422,
    reply: refusedText('email'),
  },
  {
    name: 'admin login, lone surrogate',
    who: 'none',
    method: 'POST',
    url: '/api/admin/login',
    body: { email: '\ud800', password: 'x' },
    status: 422,
    reply: refusedText('email'),
  },
  // Found by the fuzz test once its requests were valid but for one place.
  {
    name: 'launcher PIN login',
    who: 'none',
    method: 'POST',
    url: '/api/login-pin-caliber',
    body: { user: nul, pin: '1234' },
    status: 422,
    reply: refusedText('user'),
  },
  {
    name: 'profile nickname',
    who: 'player',
    method: 'POST',
    url: '/profile/update',
    body: { name: 'Ana', email: 'ana@example.test', nickname: nul },
    status: 422,
    reply: refusedText('nickname'),
  },
  {
    name: 'developer mark',
    who: 'admin',
    method: 'POST',
    url: '/api/admin/developers',
    body: { email: nul },
    status: 422,
    reply: refusedText('email'),
  },
  {
    name: 'test email recipient',
    who: 'admin',
    method: 'POST',
    url: '/api/email-blast/recipients',
    body: { name: nul, email: 'ana@example.test' },
    status: 422,
    reply: refusedText('name'),
  },
  {
    name: 'Yggdra payment confirmation',
    who: 'player',
    method: 'POST',
    url: '/api/shop/yggdra/payconfirmation',
    body: { txnid: nul },
    status: 422,
    reply: refusedText('txnid'),
  },
  {
    name: 'nested field path',
    who: 'player',
    method: 'PUT',
    url: '/api/xsolla/yggdra/cart',
    body: { items: [{ sku: `sku${nul}`, quantity: 1 }] },
    status: 422,
    reply: refusedText('items.0.sku'),
  },
  // Admin tables and their exports: search text, dates outside the database's calendar, page links.
  ...[...ADMIN_TABLES, ...ADMIN_EXPORTS].flatMap((url): Case[] => [
    {
      name: `${url} search`,
      who: 'admin',
      method: 'GET',
      url: `${url}?search=%00`,
      status: 422,
      reply: refusedText('search'),
    },
    {
      name: `${url} year zero`,
      who: 'admin',
      method: 'GET',
      url: `${url}?fromDate=0000-01-01&toDate=2026-01-01`,
      status: 422,
      reply: refusedDate('fromDate'),
    },
    {
      name: `${url} impossible day`,
      who: 'admin',
      method: 'GET',
      url: `${url}?fromDate=2026-02-01&toDate=2026-02-30`,
      status: 422,
      reply: refusedDate('toDate', REAL_DATE),
    },
  ]),
  ...ADMIN_TABLES.flatMap((url) =>
    Object.entries(BAD_CURSORS).flatMap(([what, value]) =>
      (['after', 'before'] as const).map(
        (field): Case => ({
          name: `${url} ${field}: ${what}`,
          who: 'admin',
          method: 'GET',
          url: `${url}?${field}=${value}`,
          status: 400,
          reply: { message: PAGE_LINK, code: 'BAD_REQUEST' },
        }),
      ),
    ),
  ),
  // The sales dashboard, the shop and the return pages.
  {
    name: 'sales dashboard, year zero',
    who: 'salesPlayer',
    method: 'POST',
    url: '/api/getorders',
    body: { datestart: '0000-01-01' },
    status: 422,
    reply: refusedDate('datestart'),
  },
  {
    name: 'sales export link, year 9999',
    who: 'admin',
    method: 'POST',
    url: '/api/exportorders/link',
    body: { dateend: '9999-12-31' },
    status: 422,
    reply: refusedDate('dateend'),
  },
  {
    name: 'payment confirmation',
    who: 'player',
    method: 'GET',
    url: '/api/xsolla/confirmation?txnid=%00',
    status: 422,
    reply: refusedText('txnid'),
  },
  {
    name: 'cart item',
    who: 'player',
    method: 'DELETE',
    url: '/api/xsolla/yggdra/cart/item/%00',
    status: 422,
    reply: refusedText('sku'),
  },
  {
    name: 'profile birthday in year zero',
    who: 'player',
    method: 'POST',
    url: '/profile/update',
    body: { name: 'Ana', email: 'ana@example.test', profile: { birthdate: '0000-01-01' } },
    status: 422,
    reply: refusedDate('profile.birthdate', 'Enter a birthday between 1900 and today.'),
  },
  {
    name: 'dashboard range',
    who: 'admin',
    method: 'GET',
    url: '/api/caliber-daily-registration-count?fromDate=0000-01-01&toDate=0000-01-02',
    status: 422,
    reply: {
      message: DATE_RANGE,
      code: 'VALIDATION_FAILED',
      errors: { fromDate: [DATE_RANGE], toDate: [DATE_RANGE] },
    },
  },
  {
    name: 'social exchange, an id shaped like a uuid',
    who: 'unknownToken',
    method: 'GET',
    url: `/api/get-user/${'-'.repeat(36)}`,
    status: 401,
    reply: {
      message: 'This sign-in link is not valid any more. Please sign in again.',
      code: 'UNAUTHENTICATED',
    },
  },
  // Game servers: instants outside the database's calendar.
  {
    name: 'event in year zero',
    who: 'gameServer',
    method: 'POST',
    url: '/api/events/caliber',
    body: { events: [{ id: 'e1', type: 'download', at: '0000-01-01T00:00:00Z' }] },
    status: 422,
    reply: refusedDate('events.0.at', INSTANT_RANGE),
  },
];

let t: TestApp;
let sessions: Record<Who, Record<string, string>>;

beforeAll(async () => {
  t = await buildTestApp();
  const player = await createPlayer(t.app.ctx, { games: ['caliber', 'talesrunner', 'yggdra'] });
  const salesPlayer = await createPlayer(t.app.ctx, { role: 'admin' });
  const admin = await createAdmin(t.app.ctx);
  const { key } = await createServerKey(t.app.ctx, 'caliber', 'hostile input');
  sessions = {
    none: {},
    unknownToken: { authorization: 'Bearer not-a-real-token' },
    player: player.auth,
    salesPlayer: salesPlayer.auth,
    admin: admin.auth,
    gameServer: { authorization: `Bearer ${key}` },
  };
});
afterAll(() => t.close());

describe('hostile input is refused at validation', () => {
  it.each(CASES)('$method $name answers $status', async ({ who, method, url, body, status, reply }) => {
    const res = await t.app.inject({
      method,
      url,
      headers: sessions[who],
      ...(body === undefined ? {} : { payload: body as object }),
    });
    // The account routes also copy the message into `error`, which the spec's clients read.
    const { error, ...shape } = res.json() as { error?: string; message?: string };
    expect({ status: res.statusCode, body: shape }).toEqual({ status, body: reply });
    if (error !== undefined) expect(error).toBe(shape.message);
  });

  it('refuses control characters anywhere in the query or the path, even TAB and LF', async () => {
    for (const url of ['/api/xsolla/confirmation?txnid=a%09b', '/api/xsolla/yggdra/cart/item/a%0Ab']) {
      const res = await t.app.inject({
        url,
        method: url.includes('cart') ? 'DELETE' : 'GET',
        headers: sessions.player,
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().message).toBe(TEXT);
    }
  });

  it('keeps TAB, LF and CR in body text, and a surrogate pair is fine', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: 'a\tb\r\nc😀@example.test', password: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('finds a NUL deep in a nested body without overflowing the stack', async () => {
    const depth = 50_000;
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(TEXT);
  });
});

describe('the payment webhook', () => {
  const signed = (raw: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/xsolla/webhook',
      headers: {
        'content-type': 'application/json',
        authorization: `Signature ${xsollaSignature(Buffer.from(raw), webhookSecret(t.app.ctx.config))}`,
      },
      payload: raw,
    });

  it('still verifies the signature over the raw body, control characters included', async () => {
    const raw = JSON.stringify({ notification_type: 'user_validation', user: { id: randomUUID() } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/xsolla/webhook',
      headers: { 'content-type': 'application/json', authorization: 'Signature 00' },
      payload: raw,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'INVALID_SIGNATURE', message: 'Invalid signature' } });
    expect((await signed(raw)).json()).toEqual({ error: { code: 'INVALID_USER', message: 'Invalid user' } });
  });

  it('answers a signed notification holding hostile text in its own error shape, never a 5xx', async () => {
    for (const text of [nul, '\ud800']) {
      const res = await signed(
        JSON.stringify({
          notification_type: 'payment',
          purchase: { total: { amount: 1, currency: 'PHP' } },
          user: { id: randomUUID() },
          transaction: { id: `t-${randomUUID()}`, external_id: text },
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'INVALID_PARAMETER', message: TEXT } });
    }
  });
});

describe("Fastify's own refusals", () => {
  const refusals: {
    name: string;
    request: InjectOptions;
    status: number;
    message: string;
    code: string;
  }[] = [
    {
      name: 'bad URL encoding',
      request: { url: '/api/sdk/%ff/download' },
      status: 400,
      message: 'This address is not valid.',
      code: 'BAD_REQUEST',
    },
    {
      name: 'a path parameter too long',
      request: { url: `/api/sdk/${'a'.repeat(300)}/download` },
      status: 414,
      message: 'This address is too long.',
      code: 'URI_TOO_LONG',
    },
    {
      name: 'a body too large',
      request: {
        method: 'POST',
        url: '/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'x'.repeat(300 * 1024) }),
      },
      status: 413,
      message: 'The request body is too large.',
      code: 'PAYLOAD_TOO_LARGE',
    },
    {
      name: 'an unsupported media type',
      request: {
        method: 'POST',
        url: '/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<login/>',
      },
      status: 415,
      message: 'Send the request body as JSON.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
    {
      name: 'invalid JSON',
      request: {
        method: 'POST',
        url: '/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      },
      status: 400,
      message: 'The request body is not valid JSON.',
      code: 'BAD_REQUEST',
    },
    {
      name: 'an unknown path',
      request: { url: '/api/nope%3Cscript%3E' },
      status: 404,
      message: 'No such endpoint.',
      code: 'NOT_FOUND',
    },
  ];

  it.each(refusals)(
    'answers $name with $status in the one shape',
    async ({ request, status, message, code }) => {
      const res = await t.app.inject(request);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { message, code } });
    },
  );

  describe('over a real socket', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    const get = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }),
          );
        });
        req.on('error', reject);
      });

    it('answers an address longer than the server reads with 414', async () => {
      const res = await get(`/api/sdk?q=${'x'.repeat(20_000)}`);
      expect(res.status).toBe(414);
      expect(res.type).toMatch(/^application\/json/);
      expect(JSON.parse(res.body)).toEqual({ message: 'This address is too long.', code: 'URI_TOO_LONG' });
    });

    it('answers headers larger than the server reads with 431', async () => {
      const res = await get('/api/sdk', { 'x-padding': 'y'.repeat(20_000) });
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual({
        message: 'The request headers are too large.',
        code: 'HEADERS_TOO_LARGE',
      });
    });
  });
});
