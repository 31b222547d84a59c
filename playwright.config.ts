import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E } from './e2e/support/ports';

/**
 * Debian's headless build of chromium (package chromium-headless-shell, the same source and version as
 * chromium): it draws and scans pages as chromium does at under half the processor time, which the browser
 * suite is bound by on two cores (decision 0065). Debian's full chromium when only that is installed.
 */
const BROWSER = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

/**
 * Journeys that read totals over every journey's data (all orders, all registrations): they run after the
 * others have finished, so no order or player is added while they page and add up (decision 0056).
 */
const READERS_OF_EVERYTHING = ['**/sales-dashboard.spec.ts', '**/analytics-dashboards.spec.ts'];
/**
 * Only a run of the whole suite orders them so: Playwright runs a teardown project whatever files were
 * asked for, and a run of one spec must not bring them along. Decided once, in the runner (whose argv has
 * `test` and the file filters); its workers inherit the answer through the environment.
 */
const testArgs = process.argv.slice(process.argv.indexOf('test') + 1);
process.env.E2E_WHOLE_SUITE ??= String(
  process.argv.includes('test') && testArgs.every((arg) => arg.startsWith('-')),
);
const wholeSuite = process.env.E2E_WHOLE_SUITE === 'true';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The JSON report feeds npm test's summary (flaky count) and npm run test:slowest.
  reporter: [
    ['list'],
    ['json', { outputFile: 'reports/playwright.json' }],
    ...(process.env.CI ? [['html', { open: 'never', outputFolder: 'playwright-report' }] as const] : []),
  ],
  use: {
    baseURL: E2E.baseUrl,
    // A device that asks for reduced motion: the portal then draws no transitions (theme.ts), so no test waits
    // for one to end, and the browser draws no frames for them. The foundation spec checks both settings.
    reducedMotion: 'reduce',
    // Recording a trace of every test costs the browser about a third more processor time; the retry of a
    // failed test records one (CI retries once; elsewhere run the failed test again with --trace on).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: BROWSER,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: READERS_OF_EVERYTHING,
      // A teardown project runs once this one has finished, whether or not its journeys passed.
      ...(wholeSuite ? { teardown: 'chromium-totals' } : {}),
    },
    { name: 'chromium-totals', use: { ...devices['Desktop Chrome'] }, testMatch: READERS_OF_EVERYTHING },
  ],
  webServer: {
    command: 'npx tsx e2e/support/stack.ts',
    url: `${E2E.baseUrl}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // A signal the stack can stop on, removing its portals' data folders (e2e/support/stack.ts), rather than
    // Playwright's default kill.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
