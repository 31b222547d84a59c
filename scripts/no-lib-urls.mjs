// Run by `npm run lint` (decision 0051): apps/server/src/lib sits below the modules and knows none of their
// addresses, so a string or template literal there holding an API path ('/api/…', 'GET /api/…') fails.
// A route states what it needs in its own options (`config: { staff }`); tests are left out. Runs in the
// current directory, so a test can point it at a small tree.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const LIB = 'apps/server/src/lib';
const API_PATH = /(^|\s)\/api(\/|$)/;

const files = readdirSync(LIB, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => join(LIB, file))
  .sort();

const found = [];
for (const file of files) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if ((ts.isStringLiteralLike(node) || ts.isTemplateHead(node)) && API_PATH.test(node.text)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${file}:${line + 1}: a URL in lib/ (${node.text}): declare it on the route instead`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
for (const line of found) console.error(line);
process.exit(found.length ? 1 : 0);
