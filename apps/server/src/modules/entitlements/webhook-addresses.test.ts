import type { LookupAddress } from 'node:dns';
import { GAME_SETTINGS_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PRODUCTION_ENV, type TestApp } from '../../../test/app';
import { startWebhookReceiver } from '../../../test/webhook-receiver';
import { gameWebhooks } from '../../db/schema/index';
import { isPublicAddress } from '../../lib/public-address';
import { sendTestPing } from './deliveries-admin';
import { saveWebhook } from './game-settings';

// Game servers' webhook URLs (SSRF): in production only public addresses, in every spelling, by name or
// literal, at registration and again at every connection (DNS rebinding); the delivery log shows a status or
// a short reason, never a redirect's Location or the URL's credentials.

/** A DNS of the test's own: names and what they resolve to, each lookup taking the next answer. */
const zone = new Map<string, string[][]>();
const lookups: string[] = [];
const resolveHost = async (hostname: string): Promise<LookupAddress[]> => {
  lookups.push(hostname);
  const answers = zone.get(hostname);
  if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
  return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

let prod: TestApp;
beforeAll(async () => {
  prod = await buildTestApp({ env: { ...PRODUCTION_ENV }, deps: { resolveHost } });
});
afterAll(() => prod.close());

const save = (app: TestApp, url: string) =>
  saveWebhook(app.app.ctx, 'yggdra', { url, active: true }, null, null).then(
    () => null,
    (error: { status?: number; message?: string }) => error,
  );

describe('public addresses', () => {
  it('tells public addresses from loopback, private, link-local, unspecified and the rest', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '[2606:4700::1111]'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '[::1]',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a9fe:a9fe',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('a production webhook URL', () => {
  it('refuses loopback, private, link-local and unspecified addresses in every spelling', async () => {
    zone.set('internal.game.test', [['10.20.30.40']]);
    zone.set('mixed.game.test', [['93.184.216.34', '127.0.0.1']]);
    zone.set('metadata.game.test', [['169.254.169.254']]);
    zone.set('v6-loopback.game.test', [['::1']]);
    for (const url of [
      'https://127.0.0.1/hook',
      'https://127.1/hook',
      'https://2130706433/hook',
      'https://0x7f000001/hook',
      'https://0177.0.0.1/hook',
      'https://0.0.0.0/hook',
      'https://0/hook',
      'https://[::1]/hook',
      'https://[::]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[fe80::1]/hook',
      'https://10.0.0.1/hook',
      'https://192.168.0.10:8443/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/hook',
      'https://game.localhost/hook',
      'https://internal.game.test/hook',
      'https://mixed.game.test/hook',
      'https://metadata.game.test/hook',
      'https://v6-loopback.game.test/hook',
    ]) {
      const refused = await save(prod, url);
      expect(refused, url).toMatchObject({ status: 422, message: GAME_SETTINGS_MESSAGES.publicOnly });
    }
    expect(await prod.app.ctx.db.select().from(gameWebhooks)).toEqual([]);
  });

  it('refuses credentials in the URL, everywhere', async () => {
    zone.set('game.test', [['93.184.216.34']]);
    expect(await save(prod, 'https://user:secret@game.test/hook')).toMatchObject({
      status: 422,
      message: GAME_SETTINGS_MESSAGES.noCredentials,
    });
  });

  it('takes a public address, a name resolving to public ones, and a name not set up yet', async () => {
    zone.set('game.test', [['93.184.216.34', '2606:4700::1111']]);
    for (const url of [
      'https://93.184.216.34/hook',
      'https://game.test/hook',
      'https://not-yet.game.test/hook',
    ])
      expect(await save(prod, url), url).toBeNull();
  });

  it('is checked again at connect time: a name that resolves to loopback by then is not connected to', async () => {
    const receiver = await startWebhookReceiver();
    try {
      // Public when registered, this host when the delivery connects (DNS rebinding).
      zone.set('rebind.game.test', [['93.184.216.34'], ['127.0.0.1']]);
      expect(await save(prod, 'https://rebind.game.test/hook')).toBeNull();
      lookups.length = 0;
      const { delivery } = await sendTestPing(prod.app.ctx, 'yggdra');
      expect(lookups).toContain('rebind.game.test');
      expect(delivery).toMatchObject({
        status: 'failed',
        last_status: null,
        last_error: 'Refused: the address is not public (loopback, private, link-local or unspecified)',
      });
      expect(receiver.requests).toEqual([]);

      // An address written in the URL (registered before this rule) is refused without a connection.
      await prod.app.ctx.db
        .update(gameWebhooks)
        .set({ url: 'https://127.1:9/hook' })
        .where(eq(gameWebhooks.game, 'yggdra'));
      const literal = (await sendTestPing(prod.app.ctx, 'yggdra')).delivery;
      expect(literal.last_error).toBe(
        'Refused: the address is not public (loopback, private, link-local or unspecified)',
      );
    } finally {
      await receiver.close();
    }
  });
});

describe('the delivery log', () => {
  let dev: TestApp;
  beforeAll(async () => {
    dev = await buildTestApp();
  });
  afterAll(() => dev.close());

  it("shows a redirect's status, never its Location", async () => {
    const receiver = await startWebhookReceiver(() => 302, {
      headers: { location: 'https://elsewhere.example/?token=redirect-secret' },
    });
    try {
      expect(await save(dev, receiver.url)).toBeNull();
      const { delivery } = await sendTestPing(dev.app.ctx, 'yggdra');
      expect(delivery).toMatchObject({
        last_status: 302,
        last_error: 'HTTP 302: redirects are not followed',
      });
      expect(JSON.stringify(delivery)).not.toContain('redirect-secret');
    } finally {
      await receiver.close();
    }
  });

  it("shows a short reason for a failed connection, never the URL's credentials", async () => {
    const receiver = await startWebhookReceiver();
    const closed = receiver.url;
    await receiver.close();
    expect(await save(dev, closed)).toBeNull();
    const refused = (await sendTestPing(dev.app.ctx, 'yggdra')).delivery;
    expect(refused.last_error).toBe('Connection refused (ECONNREFUSED)');
    expect(refused.last_error).not.toContain('127.0.0.1');

    // A URL with credentials (stored before they were refused) is not sent to, and they are not shown.
    const withCredentials = closed.replace('http://', 'http://player:hunter2@');
    await dev.app.ctx.db
      .update(gameWebhooks)
      .set({ url: withCredentials })
      .where(eq(gameWebhooks.game, 'yggdra'));
    const log = (await sendTestPing(dev.app.ctx, 'yggdra')).delivery;
    expect(log.last_error).toBe('Refused: the URL carries credentials');
    expect(JSON.stringify(log)).not.toContain('hunter2');
  });

  it('still delivers to this host in development (the development game inbox)', async () => {
    const receiver = await startWebhookReceiver();
    try {
      expect(await save(dev, receiver.url)).toBeNull();
      const { delivery } = await sendTestPing(dev.app.ctx, 'yggdra');
      expect(delivery).toMatchObject({ status: 'delivered', last_status: 200, last_error: null });
      expect(receiver.requests).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
