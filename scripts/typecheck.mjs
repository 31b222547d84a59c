// `npm run typecheck`: every TypeScript project of the repository checked by TypeScript 7, the compiler written
// in Go (decision 0087), one project after another; stops at the first that fails. TypeScript 5 stays installed
// as `typescript` for the tools that read code through its JavaScript API (dependency-cruiser, the lint scripts),
// which TypeScript 7 does not offer.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const PROJECTS = ['packages/contract', 'apps/server', 'apps/web', 'tsconfig.tools.json'];
// The package exports no path to its command: found beside its package.json.
const compiler = join(
  dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin/tsc',
);

for (const project of PROJECTS) {
  const { status } = spawnSync(process.execPath, [compiler, '-p', project], { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`typecheck: ${project} has type errors`);
    process.exit(status ?? 1);
  }
}
