// The slowest test files and tests of the last `npm test` (or of any run that wrote reports/*.json): Vitest's
// JSON reports (reports/vitest-<step>.json) and Playwright's (reports/playwright.json). `--top N` (default 10).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const REPORTS = 'reports';
const top = Number(process.argv[process.argv.indexOf('--top') + 1]) || 10;
if (!existsSync(REPORTS)) {
  console.error('No reports/ folder: run npm test (or a step of it) first.');
  process.exit(1);
}

const files = [];
const tests = [];
const flaky = [];
for (const name of readdirSync(REPORTS).filter((file) => file.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(REPORTS, name), 'utf8'));
  const step = name.replace(/^vitest-|\.json$/g, '');
  if (Array.isArray(report.testResults)) {
    for (const file of report.testResults) {
      const path = file.name.replace(/^.*?\/(apps|packages)\//, '$1/');
      files.push({ ms: file.endTime - file.startTime, what: `${step}  ${path}` });
      for (const test of file.assertionResults)
        tests.push({ ms: test.duration ?? 0, what: `${step}  ${path} › ${test.title}` });
    }
  } else if (Array.isArray(report.suites)) {
    const walk = (suite, path) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests) {
          const results = test.results ?? [];
          const ms = results.reduce((sum, result) => sum + result.duration, 0);
          const what = `browser  ${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`;
          tests.push({ ms, what });
          if (test.status === 'flaky') flaky.push(what);
        }
      for (const child of suite.suites ?? [])
        walk(child, suite.title && !suite.title.endsWith('.ts') ? [...path, suite.title] : path);
    };
    for (const suite of report.suites) {
      walk(suite, []);
      const ms = (function sum(s) {
        return (
          (s.specs ?? []).reduce(
            (total, spec) =>
              total +
              spec.tests.reduce((t, test) => t + (test.results ?? []).reduce((r, x) => r + x.duration, 0), 0),
            0,
          ) + (s.suites ?? []).reduce((total, child) => total + sum(child), 0)
        );
      })(suite);
      files.push({ ms, what: `browser  e2e/${suite.file}` });
    }
  }
}

const print = (title, rows) => {
  console.log(`\n${title}`);
  for (const { ms, what } of rows.sort((a, b) => b.ms - a.ms).slice(0, top))
    console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${what}`);
};
print(`Slowest ${top} files (a file's wall time; a browser file: the sum of its tests)`, files);
print(`Slowest ${top} tests`, tests);
if (flaky.length > 0)
  console.log(`\nPassed only on their retry (the suite promises none):\n${flaky.join('\n')}`);
