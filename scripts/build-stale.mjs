// Builds the web app and the server when their output is missing or older than their sources. Used by
// `npm start`, `npm run start:cluster` and `npm run test:e2e`, which all run the built portal; run on its
// own with `node scripts/build-stale.mjs`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((dir) => newestMtime(dir) > built);
}

function run(args) {
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function buildStale() {
  if (stale('apps/web/dist/index.html', ['apps/web/src', 'packages/contract/src']))
    run(['run', 'build', '-w', 'apps/web']);
  if (stale('apps/server/dist/main.js', ['apps/server/src', 'packages/contract/src']))
    run(['run', 'build', '-w', 'apps/server']);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildStale();
