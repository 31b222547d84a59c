// Run by `npm run lint` (decision 0074): the server registers every endpoint with `route()` from its declaration
// (apps/server/src/lib/endpoints.ts), which types the handler's parts and session and writes the device cookie,
// so a hand-wired `app.route(` anywhere else in apps/server/src fails. Tests are left out. Runs in the current
// directory, so a test can point it at a small tree.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const SRC = 'apps/server/src';
const HELPER = join(SRC, 'lib/endpoints.ts');

const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => join(SRC, file))
  .filter((file) => file !== HELPER)
  .sort();

const found = [];
for (const file of files) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'route' &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'app'
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(
        `${file}:${line + 1}: a hand-wired app.route(: register it with route() from lib/endpoints.ts`,
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
for (const line of found) console.error(line);
process.exit(found.length ? 1 : 0);
