// npm run bench:bundle — builds the web app and prints the gzipped JavaScript the /login page loads:
// the entry chunk, the login page's chunk and everything they import statically. Target: ≤ 200 KB.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const LOGIN_PAGE = 'src/features/accounts/LoginPage.tsx';
const dist = 'apps/web/dist';

execFileSync('npx', ['vite', 'build', '--manifest', '--logLevel', 'warn'], {
  cwd: 'apps/web',
  stdio: 'inherit',
});
const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8'));

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const gzipKb = (file) => gzipSync(readFileSync(`${dist}/${file}`)).length / 1024;
const loginKeys = closure(['index.html', LOGIN_PAGE]);
if (!manifest[LOGIN_PAGE]) throw new Error(`${LOGIN_PAGE} is not a chunk of its own: is it lazy-loaded?`);
const rows = [...loginKeys].map((key) => ({ chunk: manifest[key].file, gzipKb: gzipKb(manifest[key].file) }));
const total = rows.reduce((sum, row) => sum + row.gzipKb, 0);

const adminOrCharts = Object.entries(manifest).filter(([key]) =>
  /features\/(analytics|admin-|referrals|email-blast)|chart/i.test(key),
);
const leaked = adminOrCharts.filter(([key]) => loginKeys.has(key)).map(([key]) => key);

for (const row of rows.sort((a, b) => b.gzipKb - a.gzipKb))
  console.log(`${row.gzipKb.toFixed(1).padStart(8)} KB  ${row.chunk}`);
console.log(
  `/login loads ${total.toFixed(1)} KB of gzipped JavaScript (budget ${BUDGET_KB} KB): ${total <= BUDGET_KB ? 'within budget' : 'OVER BUDGET'}`,
);
console.log(`admin and chart chunks in that figure: ${leaked.length === 0 ? 'none' : leaked.join(', ')}`);
if (total > BUDGET_KB || leaked.length > 0) process.exitCode = 1;
