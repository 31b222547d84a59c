// Run by `npm run lint` (decisions 0051, 0059): an API path is written once, in its endpoint's declaration in
// packages/contract/src/endpoints. The server's lib/ and modules and the web app build every URL from those
// declarations (route, call, endpointUrl), so a string or template literal there holding an API path
// ('/api/…', 'GET /api/…') fails. Tests are left out. Runs in the current directory, so a test can point it
// at a small tree.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const TREES = ['apps/server/src/lib', 'apps/server/src/modules', 'apps/web/src'];
const API_PATH = /(^|\s)\/api(\/|$)/;

const files = TREES.filter((tree) => existsSync(tree))
  .flatMap((tree) =>
    readdirSync(tree, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => join(tree, file)),
  )
  .sort();

const found = [];
for (const file of files) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if ((ts.isStringLiteralLike(node) || ts.isTemplateHead(node)) && API_PATH.test(node.text)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(
        `${file}:${line + 1}: an API path (${node.text}): declare it in packages/contract/src/endpoints`,
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
for (const line of found) console.error(line);
process.exit(found.length ? 1 : 0);
