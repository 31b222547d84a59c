import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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

  it('demands a real secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(40) }).NODE_ENV).toBe('production');
  });

  it('demands the Xsolla keys when Xsolla is the provider', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'xsolla' })).toThrow(/XSOLLA_MERCHANT_ID/);
  });
});
