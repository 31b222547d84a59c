import { defineConfig } from 'vitest/config';

// Two projects: the server suite runs in Node against a real database, the web suite in jsdom.
// e2e/*.spec.ts belong to Playwright and are never picked up here.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/cluster/**'],
          environment: 'node',
          setupFiles: ['test/setup.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // Several built server processes against the PostgreSQL server and Redis; run after `npm run build`.
        test: {
          name: 'cluster',
          root: 'apps/server',
          include: ['test/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
