// npm run graph:modules — prints the server's module graph (who uses whom, tests left out) as a Mermaid
// flowchart, from dependency-cruiser. docs/architecture.md shows its output.
import { spawnSync } from 'node:child_process';

const cruise = spawnSync(
  'npx',
  [
    'depcruise',
    'apps/server/src/modules',
    '--include-only',
    '^apps/server/src/modules',
    '--exclude',
    '\\.test\\.ts$',
    '--collapse',
    '^apps/server/src/modules/[^/]+',
    '--output-type',
    'mermaid',
  ],
  { encoding: 'utf8' },
);
if (cruise.status !== 0) {
  process.stderr.write(cruise.stderr);
  process.exit(cruise.status ?? 1);
}
// dependency-cruiser nests folders as subgraphs with generated ids; keep only the modules and their edges.
const names = new Map([...cruise.stdout.matchAll(/^(\w+)\["([a-z-]+)"\]$/gm)].map((m) => [m[1], m[2]]));
const edges = [...cruise.stdout.matchAll(/^(\w+)-->(\w+)$/gm)].map(
  (m) => `  ${names.get(m[1])} --> ${names.get(m[2])}`,
);
console.log(['flowchart LR', ...edges.sort()].join('\n'));
