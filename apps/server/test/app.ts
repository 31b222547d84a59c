import { type App, type AppDeps, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { fixedClock } from '../src/lib/clock';
import { openTestDatabase } from './database';

/** Xsolla as the payment provider, pointed at a closed port (no server behind it). */
export const XSOLLA_ENV = {
  PAYMENT_PROVIDER: 'xsolla',
  XSOLLA_MERCHANT_ID: '1',
  XSOLLA_PROJECT_ID: '2',
  XSOLLA_API_KEY: 'key',
  XSOLLA_WEBHOOK_SECRET: 'secret',
  XSOLLA_API_URL: 'http://127.0.0.1:9/api',
} as const;

/** What a real production needs, as the README's configuration table lists it (no server behind the URLs). */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SECRET_KEY: 'production-test-secret-0123456789abcdef',
  SMTP_URL: 'smtp://127.0.0.1:9',
  ...XSOLLA_ENV,
} as const;

/**
 * Development (the tests' default) and NODE_ENV=production, for `describe.each`: what an attacker may try is
 * tried in both (issue #34), since production changes defaults such as ADMIN_MFA.
 */
export const BOTH_ENVIRONMENTS = [
  { name: 'development', env: {} as Record<string, string> },
  { name: 'NODE_ENV=production', env: { ...PRODUCTION_ENV } as Record<string, string> },
];

export type TestClock = ReturnType<typeof fixedClock>;

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  clock: TestClock;
  close(): Promise<void>;
}

/**
 * The real app on a real, fresh database with a clock the test controls. `env` overrides configuration
 * (for example SMTP_URL to deliver to an SMTP capture).
 */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    now?: Date;
    deps?: Partial<AppDeps>;
    /** Adds test-only routes before the app is sealed. */
    extend?: (app: App) => void;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = fixedClock(options.now ?? new Date());
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://portal.test',
    DATA_DIR: '/nonexistent',
    // A hundredth of the default work: the same challenges and checks, solved in milliseconds (docs/testing.md).
    CHALLENGE_WORK: '40',
    ...options.env,
  });
  let app: App;
  try {
    app = await buildApp({ config, database, clock, logger: false, ...options.deps });
    options.extend?.(app);
    await app.ready();
  } catch (error) {
    await database.close(); // a start that fails (a test of it) leaves no database open
    throw error;
  }
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
