import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { CLUSTER_FILES, ISOLATED, ONCE, SDK_FILES, SERVER_TESTS } from './apps/server/test/engines.ts';
import { ISOLATED_WEB_TESTS } from './apps/web/src/test/isolated.ts';

/** What every server project shares: Node, a real database per file copied from the run's migrated one. */
const serverProject: TestProjectInlineConfiguration['test'] = {
  root: 'apps/server',
  environment: 'node',
  setupFiles: ['test/setup.ts'],
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // Vitest's default is one worker fewer than the cores: one on a 2-core machine. A file spends much of its
  // time waiting (the database, argon2 off the main thread, child processes), so two share two cores.
  maxWorkers: 2,
  // One module cache per worker, not per file: each file builds its own app on its own database, so nothing
  // it needs lives in a module; importing the app once per worker instead of once per file took a file's
  // 4–5 s of imports down to none (docs/testing.md). Files that mock a module are ISOLATED.
  isolate: false,
};

/**
 * The projects (docs/testing.md): `server` runs on both engines, `server-once` once (apps/server/test/engines.ts
 * says which and why), `server-isolated` on both with a module cache per file, `sdk` the SDKs in their own
 * languages, `cluster` several built processes, `web` the pages in jsdom (`web-isolated`: those that mock a module). e2e/*.spec.ts belong to Playwright
 * and are never picked up here.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...serverProject,
          name: 'server',
          include: SERVER_TESTS,
          exclude: [...Object.keys(ONCE), ...Object.keys(ISOLATED), ...SDK_FILES, ...CLUSTER_FILES],
        },
      },
      { test: { ...serverProject, name: 'server-isolated', include: Object.keys(ISOLATED), isolate: true } },
      { test: { ...serverProject, name: 'server-once', include: Object.keys(ONCE) } },
      { test: { ...serverProject, name: 'sdk', include: SDK_FILES } },
      {
        // Several built server processes against the PostgreSQL server and Redis; run after `npm run build`.
        test: {
          name: 'cluster',
          root: 'apps/server',
          include: CLUSTER_FILES,
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        // One module cache per worker (decision 0003): each test renders with its own query client, storage
        // and fetch. Files that mock a module run in `web-isolated`.
        extends: './apps/web/vite.config.ts',
        root: 'apps/web',
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...ISOLATED_WEB_TESTS],
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        root: 'apps/web',
        test: { name: 'web-isolated', include: ISOLATED_WEB_TESTS, isolate: true },
      },
    ],
  },
});
