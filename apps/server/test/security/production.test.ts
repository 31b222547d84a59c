/**
 * Production fails closed, tried the way an operator runs it: the real entry point with NODE_ENV=production,
 * and the app built from a production configuration.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { DEMO_ADMIN, seedDemo } from '../../src/demo/seed';
import { findOrderByTxnid } from '../../src/modules/orders/service';
import { buildTestApp, PRODUCTION_ENV, type TestApp } from '../app';
import { createPlayer } from '../fixtures';
import { fillCartAndCheckout, makeCatalog } from '../shop';

const REPO = join(import.meta.dirname, '../../../..');
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts the portal's real entry point; resolves with its exit code and output once it exits or logs `until`. */
function startPortal(env: Record<string, string>, until?: RegExp) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-production-'));
  dirs.push(dir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO,
    env: { PATH: process.env.PATH, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', ...env },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (until?.test(stdout)) resolve({ code: null, stdout, stderr });
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const without = (key: keyof typeof PRODUCTION_ENV) =>
  Object.fromEntries(Object.entries(PRODUCTION_ENV).filter(([k]) => k !== key));

describe('the production process', () => {
  it('refuses to start without a payment provider, in one line naming the variable', async () => {
    const run = await startPortal(without('PAYMENT_PROVIDER'));
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Invalid configuration: PAYMENT_PROVIDER must be xsolla in production/),
    ]);
  }, 60_000);

  it('refuses demo data, in one line', async () => {
    const run = await startPortal({ ...PRODUCTION_ENV, DEMO_SEED: 'true' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Invalid configuration: DEMO_SEED must not be true in production/),
    ]);
  }, 60_000);

  it('starts as a staging site with test payments only when allowed, and logs its mode in one line', async () => {
    const run = await startPortal(
      { ...PRODUCTION_ENV, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' },
      /"msg":"portal mode"/,
    );
    const mode = run.stdout
      .split('\n')
      .filter((line) => line.includes('"msg":"portal mode"'))
      .map((line) => JSON.parse(line));
    expect(mode).toEqual([
      expect.objectContaining({
        environment: 'production',
        database: expect.stringMatching(/^embedded/),
        payments: 'sandbox (test payments: no real money)',
        mail: 'smtp',
        rateLimits: 'in-process memory',
        demoData: 'off',
        metrics: 'off',
      }),
    ]);
  }, 60_000);
});

describe('a production app', () => {
  let sandbox: TestApp;
  let production: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    // One database seen by a sandbox portal and a production one with the same secret: an operator who
    // switched providers, with a sandbox payment link still in a player's browser.
    sandbox = await buildTestApp({ env: { SECRET_KEY: PRODUCTION_ENV.SECRET_KEY } });
    production = await buildApp({
      config: loadConfig({ ...PRODUCTION_ENV, METRICS_TOKEN: 'metrics-token-0123456789' }),
      database: sandbox.database,
      clock: sandbox.clock,
      logger: false,
    });
    await production.ready();
  });
  afterAll(async () => {
    await production.close();
    await sandbox.close();
  });

  it('does not let a sandbox payment link pay an order', async () => {
    const player = await createPlayer(sandbox.app.ctx, { games: ['talesrunner'] });
    const { skus } = await makeCatalog(sandbox.app.ctx, 'talesrunner', [{ price: '10.00', available: 5 }]);
    const checkout = await fillCartAndCheckout(sandbox.app, player.auth, 'talesrunner', skus[0]!);
    const { txnid, redirectUri } = checkout.json() as { txnid: string; redirectUri: string };
    const link = new URL(redirectUri);
    const pay = await production.inject({
      method: 'POST',
      url: link.pathname + link.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cardholder=Ana&card_number=4242424242424242&expiry=12%2F40&cvc=123',
    });
    expect(pay.statusCode).toBe(404);
    expect((await findOrderByTxnid(sandbox.app.ctx, txnid))?.status).toBe('Pending');
  });

  it('never creates demo data', async () => {
    await expect(seedDemo(production.ctx)).rejects.toThrow(/never created with NODE_ENV=production/);
    const login = await production.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('serves /metrics only to the metrics token', async () => {
    expect((await production.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await production.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456780' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      message: 'Send the metrics token as a Bearer authorization.',
      code: 'UNAUTHENTICATED',
    });
    const right = await production.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_request_duration_seconds');
  });

  it('has no /metrics at all without a token', async () => {
    const bare = await buildApp({
      config: loadConfig(PRODUCTION_ENV),
      database: sandbox.database,
      logger: false,
    });
    try {
      expect((await bare.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
