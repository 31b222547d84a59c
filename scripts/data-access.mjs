// Run by `npm run lint` (decision 0067): a module owns its tables. `apps/server/src/db/schema/owners.json`
// names the owner of every table (a module folder, or `lib`); a module (or lib/) that uses another owner's
// table, by importing it from db/schema or by naming it in a `sql` template (from, join, into, update), fails:
// it reads and writes through the owner's index.ts instead (the uses older than the rule are all gone, decision
// 0076). Also fails a parameter defaulting to another's db (`db = ctx.db`): a function takes a context, whose
// db is the transaction inside one, never both (decision 0052). Tests are left out. Runs in the current
// directory, so a test can point it at a small tree.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const SRC = 'apps/server/src';
const SCHEMA = `${SRC}/db/schema`;
const OWNERS = `${SCHEMA}/owners.json`;
const SCHEMA_IMPORT = /\/db\/schema(\/[\w-]+)?$/;
const SQL_TABLE = /\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)/gi;

const sourceFiles = (tree) =>
  existsSync(tree)
    ? readdirSync(tree, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
        .map((file) => join(tree, file))
        .sort()
    : [];
const parse = (file) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
const lineOf = (source, node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

/** A parameter defaulting to another parameter's `.db` (`db = ctx.db`): one function, two ways to be called. */
const isContextDb = (parameter) => {
  const init = parameter.initializer;
  if (!ts.isPropertyAccessExpression(init) || init.name.text !== 'db' || !ts.isIdentifier(init.expression))
    return false;
  return parameter.parent.parameters.some(
    (other) => ts.isIdentifier(other.name) && other.name.text === init.expression.text,
  );
};

const problems = [];

// The tables: each schema file's `export const name = pgTable('sql_name', …)`.
const tableOfExport = new Map();
const tables = new Set();
for (const file of sourceFiles(SCHEMA)) {
  const source = parse(file);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (!init || !ts.isCallExpression(init) || init.expression.getText(source) !== 'pgTable') continue;
      const [name] = init.arguments;
      if (!name || !ts.isStringLiteralLike(name)) continue;
      tableOfExport.set(declaration.name.getText(source), name.text);
      tables.add(name.text);
    }
  }
}

// Their owners.
const modules = existsSync(`${SRC}/modules`)
  ? readdirSync(`${SRC}/modules`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
const ownerOf = new Map();
const owners = existsSync(OWNERS) ? JSON.parse(readFileSync(OWNERS, 'utf8')) : {};
for (const [owner, owned] of Object.entries(owners)) {
  if (owner !== 'lib' && !modules.includes(owner))
    problems.push(`${OWNERS}: ${owner} is neither a module of ${SRC}/modules nor lib`);
  for (const table of owned) {
    if (!tables.has(table)) problems.push(`${OWNERS}: ${table} (${owner}) is no table of ${SCHEMA}`);
    else if (ownerOf.has(table))
      problems.push(`${OWNERS}: ${table} has two owners, ${ownerOf.get(table)} and ${owner}`);
    else ownerOf.set(table, owner);
  }
}
for (const table of [...tables].sort())
  if (!ownerOf.has(table)) problems.push(`${OWNERS}: ${table} has no owner: add it to its module's list`);

// What the rules find, grouped by what was used ("user: table (owner)") or defaulted ("file: function
// (db = ctx.db)"), each with its messages.
const found = new Map();
const find = (key, message) => {
  if (!found.has(key)) found.set(key, []);
  found.get(key).push(message);
};
const use = (user, table, where) => {
  const owner = ownerOf.get(table);
  if (!owner || owner === user) return;
  const through = owner === 'lib' ? 'lib' : `modules/${owner}/index.ts`;
  find(
    `${user}: ${table} (${owner})`,
    `${where}: ${user} uses ${table}, a table of ${owner}: go through ${through}`,
  );
};
const userOf = (file) =>
  file.startsWith(`${SRC}/lib/`) ? 'lib' : file.slice(`${SRC}/modules/`.length).split('/')[0];
for (const file of [...sourceFiles(`${SRC}/modules`), ...sourceFiles(`${SRC}/lib`)]) {
  const source = parse(file);
  const user = userOf(file);
  const visit = (node) => {
    if (
      ts.isImportDeclaration(node) &&
      SCHEMA_IMPORT.test(node.moduleSpecifier.text) &&
      node.importClause?.namedBindings &&
      ts.isNamedImports(node.importClause.namedBindings)
    ) {
      for (const element of node.importClause.namedBindings.elements) {
        const table = tableOfExport.get((element.propertyName ?? element.name).text);
        if (table) use(user, table, `${file}:${lineOf(source, element)}`);
      }
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      const template = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template]
        : [template.head, ...template.templateSpans.map((span) => span.literal)];
      for (const part of parts)
        for (const [, table] of part.text.matchAll(SQL_TABLE))
          if (tables.has(table)) use(user, table, `${file}:${lineOf(source, part)}`);
    }
    if (ts.isParameter(node) && node.initializer && isContextDb(node)) {
      const fn = node.parent.name?.getText(source) ?? 'a function';
      const written = `${node.name.getText(source)} = ${node.initializer.getText(source)}`;
      find(
        `${file}: ${fn} (${written})`,
        `${file}:${lineOf(source, node)}: a \`${written}\` default: take the context and use its db (a transaction's context inside one)`,
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

// Findings by key, so the report reads module by module.
for (const [, messages] of [...found].sort(([a], [b]) => a.localeCompare(b))) problems.push(...messages);
for (const problem of problems) console.error(problem);
process.exit(problems.length ? 1 : 0);
