// Run by `npm run lint` (decision 0075): every table says what it holds about people. Each owner named in
// `apps/server/src/db/schema/owners.json` (a module, or lib; data-access.mjs checks that it names every table
// of the schema) declares exactly the tables it owns in its `personal-data.ts` (`modules/<name>/`, or `lib/`):
// under `tables` when a row names or belongs to a player or a staff member, with what a player's erasure does
// to it, under `nothingPersonal` otherwise, with why. Fails an owned table its owner does not declare, a
// declared table its declarer does not own, and a table declared both ways. The declarations are read with
// the TypeScript AST: the object literal of each `const …: PersonalData = { … }`. Runs in the current
// directory, so a test can point it at a small tree.
//   node scripts/personal-data.mjs --write   also writes the table of owners and their tables, personal or
//                                            not, into docs/architecture.md (between its table-owners marks),
//                                            which lint otherwise checks is current
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';

const SRC = 'apps/server/src';
const OWNERS = `${SRC}/db/schema/owners.json`;
const KINDS = ['tables', 'nothingPersonal'];

const declarationFile = (owner) =>
  owner === 'lib' ? `${SRC}/lib/personal-data.ts` : `${SRC}/modules/${owner}/personal-data.ts`;

/** The tables `file` declares, each with its kind (`tables` or `nothingPersonal`) and line. */
function declaredIn(file) {
  const declared = [];
  if (!existsSync(file)) return declared;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const propertiesOf = (object) =>
    object.properties.filter(
      (property) =>
        ts.isPropertyAssignment(property) &&
        (ts.isIdentifier(property.name) || ts.isStringLiteralLike(property.name)),
    );
  const visit = (node) => {
    if (
      ts.isVariableDeclaration(node) &&
      node.type?.getText(source) === 'PersonalData' &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      for (const part of propertiesOf(node.initializer)) {
        if (!KINDS.includes(part.name.text) || !ts.isObjectLiteralExpression(part.initializer)) continue;
        for (const table of propertiesOf(part.initializer))
          declared.push({
            table: table.name.text,
            kind: part.name.text,
            line: source.getLineAndCharacterOfPosition(table.getStart(source)).line + 1,
          });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return declared;
}

const owners = existsSync(OWNERS) ? JSON.parse(readFileSync(OWNERS, 'utf8')) : {};
const ownerOf = new Map(
  Object.entries(owners).flatMap(([owner, owned]) => owned.map((table) => [table, owner])),
);
const problems = [];
const rows = [];
for (const [owner, owned] of Object.entries(owners)) {
  const file = declarationFile(owner);
  const declared = declaredIn(file);
  const ofKind = (kind) =>
    owned.filter((table) => declared.some((entry) => entry.table === table && entry.kind === kind)).sort();
  rows.push([owner, ofKind(KINDS[0]), ofKind(KINDS[1])]);
  for (const table of owned)
    if (!declared.some((entry) => entry.table === table))
      problems.push(
        `${file}: ${table} (${owner}) is not declared: add it under tables (what a player's erasure does to it) or nothingPersonal (why it holds nothing personal)`,
      );
  for (const { table, kind, line } of declared) {
    const other = ownerOf.get(table);
    if (other !== owner)
      problems.push(
        `${file}:${line}: ${table} is ${other ? `a table of ${other}: ${declarationFile(other)} declares it` : `no table of ${OWNERS}`}`,
      );
    else if (kind === KINDS[1] && declared.some((entry) => entry.table === table && entry.kind === KINDS[0]))
      problems.push(`${file}:${line}: ${table} is declared both personal and holding nothing personal`);
  }
}

// The owners' table in the architecture document, generated from the same declarations.
const DOC = 'docs/architecture.md';
const START = '<!-- table-owners -->';
const END = '<!-- /table-owners -->';
const list = (tables) => (tables.length ? tables.join(', ') : '—');
const table = [
  START,
  '| owner | tables naming people (erased or kept, as its declaration says) | tables holding nothing personal |',
  '|---|---|---|',
  ...rows
    .sort(([a], [b]) => (a === 'lib' ? 1 : b === 'lib' ? -1 : a.localeCompare(b)))
    .map(([owner, personal, other]) => `| ${owner} | ${list(personal)} | ${list(other)} |`),
  END,
].join('\n');
if (existsSync(DOC)) {
  const doc = readFileSync(DOC, 'utf8');
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) problems.push(`${DOC}: no ${START} … ${END} section for the owners' table`);
  else {
    const updated = doc.slice(0, from) + table + doc.slice(to + END.length);
    if (process.argv.includes('--write')) writeFileSync(DOC, updated);
    else if (updated !== doc)
      problems.push(`${DOC}: the owners' table is out of date: run node scripts/personal-data.mjs --write`);
  }
}

for (const problem of problems) console.error(problem);
process.exit(problems.length ? 1 : 0);
