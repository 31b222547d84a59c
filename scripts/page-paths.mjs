// Run by `npm run lint` (decisions 0067, 0072): a page's path is written once, in PAGE_PATHS
// (packages/contract/src/pages.ts). The web links and navigates with `PAGES.<page>.path`,
// `generatePath(PAGES.<page>.path, params)` or one of the contract's href builders, and the server builds its
// emails' links and its redirects from the same, so a string or template literal in apps/web/src or
// apps/server/src that spells a declared page's path ('/login', `/mlg/admin/users/${id}`,
// `${PUBLIC_URL}/verifyemail/${token}`) fails. Tests are left out. Runs in the current directory, so a test
// can point it at a small tree.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const PAGES = 'packages/contract/src/pages.ts';
const TREES = ['apps/web/src', 'apps/server/src'];

const parse = (file) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** The declared pages' paths, each as a pattern a literal's text is matched against. */
const patterns = [];
if (existsSync(PAGES)) {
  const source = parse(PAGES);
  // A path may be written from the file's own constants: `${ADMIN_AREA}/users/:id`.
  const constants = new Map();
  const textOf = (node) => {
    if (ts.isStringLiteralLike(node)) return node.text;
    if (
      ts.isTemplateExpression(node) &&
      node.templateSpans.every((span) => constants.has(span.expression.getText(source)))
    )
      return [
        node.head.text,
        ...node.templateSpans.map((s) => constants.get(s.expression.getText(source)) + s.literal.text),
      ].join('');
    return undefined;
  };
  const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && node.initializer && ts.isStringLiteralLike(node.initializer))
      constants.set(node.name.getText(source), node.initializer.text);
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === 'PAGE_PATHS') {
      let object = node.initializer;
      while (object && (ts.isAsExpression(object) || ts.isSatisfiesExpression(object)))
        object = object.expression;
      for (const property of object && ts.isObjectLiteralExpression(object) ? object.properties : []) {
        const path = ts.isPropertyAssignment(property) && textOf(property.initializer);
        if (!path || path === '/') continue;
        // A parameter stands for any one segment; an optional one (`:game?`) may be left out.
        const pattern = path
          .split('/')
          .slice(1)
          .map((segment) =>
            segment.startsWith(':')
              ? segment.endsWith('?')
                ? '(/[^/?#]*)?'
                : '/[^/?#]*'
              : `/${literal(segment)}`,
          )
          .join('');
        patterns.push({ path, exact: new RegExp(`^${pattern}/?([?#].*)?$`) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/**
 * The declared page a literal spells, if any: a whole string, or a template one of whose parts begins a path
 * whose placeholders fill its parameters (`/mlg/admin/users/${id}`, `${PUBLIC_URL}/verifyemail/${token}`), or
 * is followed by one (`/register${suffix}`).
 */
function pageOf(node) {
  if (ts.isStringLiteralLike(node)) return patterns.find((p) => p.exact.test(node.text));
  if (!ts.isTemplateExpression(node)) return undefined;
  const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  for (const [index, part] of parts.entries()) {
    if (!part.startsWith('/')) continue;
    const text = [part, ...parts.slice(index + 1).map((rest) => `x${rest}`)].join('');
    const page = patterns.find((p) => p.exact.test(text) || p.exact.test(part));
    if (page) return page;
  }
  return undefined;
}

const files = TREES.filter((tree) => existsSync(tree))
  .flatMap((tree) =>
    readdirSync(tree, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => join(tree, file)),
  )
  .sort();
const found = [];
for (const file of files) {
  const source = parse(file);
  const visit = (node) => {
    const page = pageOf(node);
    if (page && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(
        `${file}:${line + 1}: the page path ${node.getText(source)}: build it from ${page.path} (${PAGES})`,
      );
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
for (const line of found) console.error(line);
process.exit(found.length ? 1 : 0);
