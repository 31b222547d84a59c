import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV as PRODUCTION } from '../test/app';
import { describeMode, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the runtime contract defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.DATA_DIR).toBe('./data');
    expect(config.PAYMENT_PROVIDER).toBe('sandbox');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('names the bad variable in one line', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
  });

  it('asks for a proof of work after 5 requests from one address by default, and takes a positive whole number', () => {
    expect(loadConfig({}).CHALLENGE_AFTER_REQUESTS).toBe(5);
    expect(loadConfig({ CHALLENGE_AFTER_REQUESTS: '1000' }).CHALLENGE_AFTER_REQUESTS).toBe(1000);
    for (const bad of ['0', '-1', '2.5', 'many'])
      expect(() => loadConfig({ CHALLENGE_AFTER_REQUESTS: bad })).toThrow(
        /^Invalid configuration: CHALLENGE_AFTER_REQUESTS /,
      );
  });

  it('asks 4,000 of proof-of-work by default and takes a whole number from 2 to 1,000,000', () => {
    expect(loadConfig({}).CHALLENGE_WORK).toBe(4000);
    expect(loadConfig({ CHALLENGE_WORK: '40' }).CHALLENGE_WORK).toBe(40);
    for (const bad of ['1', '1000001', '2.5', 'hard'])
      expect(() => loadConfig({ CHALLENGE_WORK: bad })).toThrow(/^Invalid configuration: CHALLENGE_WORK /);
    expect(loadConfig({ CHALLENGE_WORK: '1000000' }).CHALLENGE_WORK).toBe(1_000_000);
  });

  it('gives devices 5 s between polls and game servers 10 s to answer a webhook by default, 1–60 s when set', () => {
    expect(loadConfig({})).toMatchObject({ DEVICE_POLL_INTERVAL_SECONDS: 5, WEBHOOK_TIMEOUT_SECONDS: 10 });
    expect(loadConfig({ DEVICE_POLL_INTERVAL_SECONDS: '1' }).DEVICE_POLL_INTERVAL_SECONDS).toBe(1);
    for (const name of ['DEVICE_POLL_INTERVAL_SECONDS', 'WEBHOOK_TIMEOUT_SECONDS'])
      for (const bad of ['0', '61', '2.5', 'soon'])
        expect(() => loadConfig({ [name]: bad })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('demands a real secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY/);
    expect(loadConfig(PRODUCTION).NODE_ENV).toBe('production');
  });

  it('runs test payments by default outside production only', () => {
    const development = loadConfig({});
    expect(development.PAYMENT_PROVIDER).toBe('sandbox');
    expect(development.testPayments).toBe(true);
    const xsolla = loadConfig({ ...PRODUCTION, NODE_ENV: 'development' });
    expect(xsolla.XSOLLA_SANDBOX).toBe(true);
    const production = loadConfig(PRODUCTION);
    expect(production.XSOLLA_SANDBOX).toBe(false);
    expect(production.testPayments).toBe(false);
  });

  it('fails closed in production: no test payments, demo data or silent mail, each refused in one line', () => {
    const without = (key: string) =>
      Object.fromEntries(Object.entries(PRODUCTION).filter(([k]) => k !== key));
    expect(() => loadConfig(without('PAYMENT_PROVIDER'))).toThrow(
      /^Invalid configuration: PAYMENT_PROVIDER must be xsolla in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /^[^\n]*PAYMENT_PROVIDER/,
    );
    expect(() => loadConfig({ ...PRODUCTION, XSOLLA_SANDBOX: 'true' })).toThrow(
      /^Invalid configuration: XSOLLA_SANDBOX must be false in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, DEMO_SEED: 'true' })).toThrow(
      /^Invalid configuration: DEMO_SEED must not be true in production/,
    );
    expect(() => loadConfig(without('SMTP_URL'))).toThrow(/^Invalid configuration: SMTP_URL is required/);
    expect(() => loadConfig({ ...PRODUCTION, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('lets a staging site run test payments in production only when it says so', () => {
    const staging = loadConfig({
      ...PRODUCTION,
      PAYMENT_PROVIDER: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS: 'true',
    });
    expect(staging.PAYMENT_PROVIDER).toBe('sandbox');
    expect(staging.testPayments).toBe(true);
    const xsollaSandbox = loadConfig({
      ...PRODUCTION,
      XSOLLA_SANDBOX: 'true',
      ALLOW_SANDBOX_PAYMENTS: 'true',
    });
    expect(xsollaSandbox.testPayments).toBe(true);
  });

  it('describes the effective mode for the startup log', () => {
    expect(describeMode(loadConfig({ DEMO_SEED: 'true' }))).toEqual({
      environment: 'development',
      database: 'embedded (PGlite in ./data)',
      payments: 'sandbox (test payments: no real money)',
      mail: 'local outbox (/dev/mailbox)',
      rateLimits: 'in-process memory',
      demoData: 'on',
      adminTwoStep: 'optional',
      apiDocs: 'public',
      metrics: 'open',
    });
    expect(
      describeMode(
        loadConfig({ ...PRODUCTION, DATABASE_URL: 'postgres://db/portal', REDIS_URL: 'redis://r' }),
      ),
    ).toEqual({
      environment: 'production',
      database: 'postgresql',
      payments: 'xsolla',
      mail: 'smtp',
      rateLimits: 'redis',
      demoData: 'off',
      adminTwoStep: 'required',
      apiDocs: 'off',
      metrics: 'off',
    });
  });

  it('serves the API docs by default outside production only, and takes public or off', () => {
    expect(loadConfig({}).API_DOCS).toBe('public');
    expect(loadConfig({ NODE_ENV: 'test' }).API_DOCS).toBe('public');
    expect(loadConfig(PRODUCTION).API_DOCS).toBe('off');
    expect(loadConfig({ ...PRODUCTION, API_DOCS: 'public' }).API_DOCS).toBe('public');
    expect(loadConfig({ API_DOCS: 'off' }).API_DOCS).toBe('off');
    expect(() => loadConfig({ ...PRODUCTION, API_DOCS: 'true' })).toThrow(
      /^Invalid configuration: API_DOCS must be public or off$/,
    );
  });

  it('requires two-step verification for admins by default in production only, and takes either value', () => {
    expect(loadConfig({}).ADMIN_MFA).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'test' }).ADMIN_MFA).toBe('optional');
    expect(loadConfig(PRODUCTION).ADMIN_MFA).toBe('required');
    expect(loadConfig({ ...PRODUCTION, ADMIN_MFA: 'optional' }).ADMIN_MFA).toBe('optional');
    expect(loadConfig({ ADMIN_MFA: 'required' }).ADMIN_MFA).toBe('required');
    expect(() => loadConfig({ ADMIN_MFA: 'yes' })).toThrow(
      /^Invalid configuration: ADMIN_MFA must be required or optional$/,
    );
  });

  it('demands the Xsolla keys when Xsolla is the provider', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'xsolla' })).toThrow(/XSOLLA_MERCHANT_ID/);
  });
});
