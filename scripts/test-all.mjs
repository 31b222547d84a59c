// Every test of the project, in the order CI runs them (`npm test`; docs/testing.md). Needs only Node and npm;
// uses a local PostgreSQL server and Redis too when they answer (or can be started) on 127.0.0.1. Prints each
// step's wall time as it ends and a summary at the end: time, tests and budget per step. A step over its
// budget is printed, not failed (a timed assertion would be one more flake); a browser test that passed only
// on its retry is printed as a broken promise of the suite.
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const REPORTS = 'reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const answers = (script) => spawnSync('bash', [script], { stdio: 'inherit' }).status === 0;

/**
 * Where the commands of the step running now write: passed through, or kept for a step that runs beside
 * another (each one's output printed whole once it ends, so two steps' lines do not interleave).
 */
const output = new AsyncLocalStorage();

/** Runs one command; resolves to its exit code. */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const kept = output.getStore();
    const child = spawn(command, args, {
      stdio: kept ? 'pipe' : 'inherit',
      env: { ...process.env, ...env },
    });
    if (kept) {
      kept.push(`\n$ ${[command, ...args].join(' ')}\n`);
      child.stdout.on('data', (chunk) => kept.push(chunk));
      child.stderr.on('data', (chunk) => kept.push(chunk));
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs commands side by side (two cores), each one's output printed whole once it ends, in order. */
async function runTogether(commands) {
  const finished = await Promise.all(
    commands.map(([command, args]) => {
      const kept = [];
      return output.run(kept, () => run(command, args)).then((code) => ({ code, kept }));
    }),
  );
  for (const { kept } of finished) process.stdout.write(kept.join(''));
  return finished.find(({ code }) => code !== 0)?.code ?? 0;
}

const vitestReport = (name) => join(REPORTS, `vitest-${name}.json`);
/** A Vitest run that also writes its JSON report (npm run test:slowest reads them). */
const vitest =
  (name, projects, env = {}) =>
  () =>
    run(
      'npx',
      [
        'vitest',
        'run',
        ...projects.flatMap((project) => ['--project', project]),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${vitestReport(name)}`,
      ],
      env,
    );

function vitestCounts(name) {
  const file = vitestReport(name);
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests };
}

function playwrightCounts() {
  const file = join(REPORTS, 'playwright.json');
  if (!existsSync(file)) return undefined;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected, failed: stats.unexpected, skipped: stats.skipped, flaky: stats.flaky };
}

const hasPostgres = answers('scripts/ensure-postgres.sh');
const hasRedis = hasPostgres && answers('scripts/ensure-redis.sh');
const onPostgres = { DATABASE_URL: postgresUrl };

/**
 * The steps, with their budgets in minutes on a quiet 2-core machine (those not beside another together at
 * most 20). The server suite runs on both engines; the files whose behaviour cannot differ between them run
 * once (test/engines.ts).
 */
const steps = [
  {
    name: 'lint and types',
    budget: 2,
    run: () =>
      runTogether([
        ['npm', ['run', 'lint']],
        ['npm', ['run', 'typecheck']],
      ]),
  },
  {
    name: 'test clients from Debian',
    // Beside lint and types: installing packages waits on the network and the disk more than on a processor.
    // The browser too, so a fresh machine does not install it at the start of the browser suite.
    beside: true,
    budget: 1,
    run: async () =>
      (await run('bash', ['scripts/ensure-test-tools.sh'])) || run('bash', ['scripts/ensure-chromium.sh']),
  },
  {
    name: 'server suite on PGlite',
    budget: 4,
    run: vitest(
      'server-pglite',
      hasPostgres ? ['server', 'server-isolated'] : ['server', 'server-isolated', 'server-once'],
      { DATABASE_URL: '' },
    ),
    counts: () => vitestCounts('server-pglite'),
  },
  hasPostgres
    ? {
        name: 'server suite on PostgreSQL',
        budget: 3.5,
        run: vitest('server-postgres', ['server', 'server-isolated', 'server-once'], onPostgres),
        counts: () => vitestCounts('server-postgres'),
      }
    : { name: 'server suite on PostgreSQL', skipped: 'no server at 127.0.0.1:5432' },
  {
    name: 'web suite',
    budget: 1.5,
    run: vitest('web', ['web', 'web-isolated']),
    counts: () => vitestCounts('web'),
  },
  { name: 'build', budget: 1, run: () => run('npm', ['run', 'build']) },
  {
    name: 'SDKs in their languages',
    budget: 1,
    run: vitest('sdk', ['sdk'], { DATABASE_URL: '' }),
    counts: () => vitestCounts('sdk'),
  },
  hasRedis
    ? {
        name: 'several processes',
        // Beside the SDKs: both wait on other processes (toolchains, starts and restarts) for a third to a
        // half of their time, and they use different ports and databases.
        beside: true,
        budget: 1.5,
        run: async () =>
          (await vitest('cluster', ['cluster'], { ...onPostgres, REDIS_URL: redisUrl })()) ||
          run('npm', ['run', 'bench:load'], { ...onPostgres, REDIS_URL: redisUrl, LOAD_SECONDS: '5' }),
        counts: () => vitestCounts('cluster'),
      }
    : { name: 'several processes', beside: true, skipped: 'needs PostgreSQL and Redis on 127.0.0.1' },
  {
    name: 'browser suite',
    budget: 5,
    // The portals on the PostgreSQL server when one answers (e2e/support/stack.ts): they start without
    // creating, migrating and seeding embedded databases in their own processes (decision 0092).
    run: () => run('npm', ['run', 'test:e2e'], hasPostgres ? { E2E_DATABASE_URL: postgresUrl } : {}),
    counts: playwrightCounts,
  },
];

// `npm test -- --from web` starts at the first step whose name begins so (a run that failed there, again).
const from = process.argv.includes('--from') ? process.argv[process.argv.indexOf('--from') + 1] : undefined;
const first = from ? steps.findIndex((step) => step.name.startsWith(from)) : 0;
if (first < 0) {
  console.error(`No step begins with "${from}": ${steps.map((step) => step.name).join(', ')}`);
  process.exit(2);
}

const minutes = (ms) => (ms / 60_000).toFixed(1);
/** Runs one step, its output kept when it runs beside another; its time is its own. */
async function runStep(step, besideOthers) {
  const kept = besideOthers ? [] : undefined;
  process.stdout.write(`\n\x1b[1m== ${step.name}${besideOthers ? ' (beside another step)' : ''}\x1b[0m\n`);
  const t0 = Date.now();
  const code = await output.run(kept, step.run);
  return { step, ms: Date.now() - t0, code, kept };
}

// A step marked `beside` runs at the same time as the step before it.
const batches = [];
for (const [index, step] of steps.entries())
  if (step.beside && batches.length > 0) batches.at(-1).push({ step, index });
  else batches.push([{ step, index }]);

const results = [];
const started = Date.now();
let failed = false;
for (const batch of batches) {
  const runnable = [];
  for (const { step, index } of batch) {
    if (index < first || step.skipped || failed) {
      const note = index < first ? 'not asked' : step.skipped ? `skipped: ${step.skipped}` : 'not run';
      results[index] = { step, note };
    } else runnable.push({ step, index });
  }
  const finished = await Promise.all(runnable.map(({ step }) => runStep(step, runnable.length > 1)));
  for (const [position, { step, ms, code, kept }] of finished.entries()) {
    if (kept) process.stdout.write(kept.join(''));
    const counts = step.counts?.();
    failed ||= code !== 0;
    results[runnable[position].index] = { step, ms, code, counts };
    process.stdout.write(
      `\n\x1b[1m== ${step.name}: ${code !== 0 ? 'FAILED' : 'passed'} in ${minutes(ms)} min\x1b[0m (budget ${step.budget})\n`,
    );
  }
}
const total = Date.now() - started;

const rows = results.map(({ step, ms, code, counts, note }) => {
  const tests = counts
    ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${counts.flaky === undefined ? '' : `, ${counts.flaky} flaky`}`
    : '';
  const verdict = note ?? (code !== 0 ? 'FAILED' : ms > step.budget * 60_000 ? 'OVER BUDGET' : 'ok');
  const name = step.beside ? `${step.name} (beside the step above)` : step.name;
  return [name, ms === undefined ? '' : minutes(ms), step.budget?.toString() ?? '', tests, verdict];
});
// A step beside another adds nothing to the run's wall time, nor to its budget.
const budget = steps.reduce((sum, step) => sum + (step.beside ? 0 : (step.budget ?? 0)), 0);
const overall = failed ? 'FAILED' : total > 20 * 60_000 ? 'OVER 20 MIN' : 'ok';
rows.push(['total', minutes(total), String(budget), '', overall]);
const header = ['step', 'min', 'budget', 'tests', 'verdict'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
const line = (cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ');
process.stdout.write(`\n\x1b[1mSummary\x1b[0m\n${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}\n`);
for (const row of rows) process.stdout.write(`${line(row)}\n`);
const flaky = results.reduce((sum, { counts }) => sum + (counts?.flaky ?? 0), 0);
if (flaky > 0)
  process.stdout.write(
    `\n${flaky} browser test(s) passed only on their retry: the suite promises none. Find the race (npm run test:slowest lists them).\n`,
  );
process.stdout.write('Slowest files and tests: npm run test:slowest\n');
process.exit(failed ? 1 : 0);
