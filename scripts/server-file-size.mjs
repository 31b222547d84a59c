// Run by `npm run lint` (decision 0057): a server source file holds one concern, so one over 350 lines fails
// (split it along its concerns: one use case per file). Tests are left out. Runs in the current directory, so
// a test can point it at a small tree.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SRC = 'apps/server/src';
const MAX_LINES = 350;

const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => join(SRC, file))
  .sort();

const found = [];
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  if (lines.length > MAX_LINES)
    found.push(`${file}: ${lines.length} lines, over ${MAX_LINES}: split it along its concerns`);
}
for (const line of found) console.error(line);
process.exit(found.length ? 1 : 0);
