// Run by `npm run lint` (decision 0067): a page's path is written once, in its declaration in
// apps/web/src/shell/pages.ts. The web's features link and navigate with `PAGES.<page>.path`, or
// `generatePath(PAGES.<page>.path, params)` for a path with parameters, so a string or template literal in
// apps/web/src/features that spells a declared page's path ('/login', `/mlg/admin/users/${id}`) fails. The
// literals that predate the rule are listed in scripts/page-paths-baseline.txt, which may only shrink: a
// literal not listed fails, and so does a listed one that is gone. Tests are left out. Runs in the current
// directory, so a test can point it at a small tree.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { reportAgainstBaseline } from './lib/baseline.mjs';

const PAGES = 'apps/web/src/shell/pages.ts';
const FEATURES = 'apps/web/src/features';
const BASELINE = 'scripts/page-paths-baseline.txt';

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
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && node.initializer && ts.isStringLiteralLike(node.initializer))
      constants.set(node.name.getText(source), node.initializer.text);
    const path =
      ts.isPropertyAssignment(node) && node.name.getText(source) === 'path' && textOf(node.initializer);
    if (path && path !== '/') {
      const pattern = path
        .split('/')
        .map((segment) =>
          segment.startsWith(':') ? '[^/?#]*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/');
      patterns.push({ path, exact: new RegExp(`^${pattern}/?([?#].*)?$`) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** The declared page a literal spells, if any: a whole string, or a template whose parts fill parameters. */
function pageOf(node) {
  if (ts.isStringLiteralLike(node)) return patterns.find((p) => p.exact.test(node.text));
  if (ts.isTemplateExpression(node)) {
    // `/mlg/admin/users/${id}`: the placeholders stand for the parameters' values.
    const text = [node.head.text, ...node.templateSpans.map((span) => `x${span.literal.text}`)].join('');
    if (!node.head.text.startsWith('/')) return undefined;
    // `/register${suffix}`: a page's path with something appended.
    return patterns.find((p) => p.exact.test(text) || p.exact.test(node.head.text));
  }
  return undefined;
}

const files = existsSync(FEATURES)
  ? readdirSync(FEATURES, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => join(FEATURES, file))
      .sort()
  : [];
const found = new Map();
for (const file of files) {
  const source = parse(file);
  const visit = (node) => {
    const page = pageOf(node);
    if (page && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      const key = `${file}: ${node.getText(source)}`;
      if (!found.has(key)) found.set(key, []);
      found
        .get(key)
        .push(
          `${file}:${line + 1}: the page path ${node.getText(source)}: use PAGES' ${page.path} (shell/pages.ts)`,
        );
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

reportAgainstBaseline(BASELINE, found);
