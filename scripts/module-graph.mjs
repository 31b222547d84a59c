// The folder-level module graph (docs/architecture.md, decision 0051), from dependency-cruiser:
//   npm run graph:modules               prints the server modules' and the web features' graphs (Mermaid)
//   npm run graph:modules -- --write    writes them into docs/architecture.md
//   npm run graph:modules -- --check    (run by `npm run lint`) fails on a cycle between folders, or when the
//                                       graphs in docs/architecture.md differ from the code's
// A folder is apps/server/src/modules/<name> or apps/web/src/features/<name>; every other file (app.ts, lib/,
// shell/, …) is a node of its own, so a module that reaches app.ts, which reaches back into the module, is a
// cycle too. Imports of types count (shared shapes belong in packages/contract); tests do not (they may
// build the whole app). Runs in the current directory, so a test can point it at a small tree.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cruise } from 'dependency-cruiser';

const SIDES = [
  { name: 'server', root: 'apps/server/src', folder: /^apps\/server\/src\/modules\/([^/]+)\// },
  { name: 'web', root: 'apps/web/src', folder: /^apps\/web\/src\/features\/([^/]+)\// },
];
const DOC = 'docs/architecture.md';

/** A file's node: its module or feature folder's name, or the file itself. */
function nodeOf(side, path) {
  const match = side.folder.exec(path);
  return match ? match[1] : path;
}
const isFolder = (node) => !node.includes('/');

/** side name → Map(node → Set(node it imports)), folders collapsed, tests left out. */
async function graphs() {
  const sides = SIDES.filter((side) => existsSync(side.root));
  const result = await cruise(
    sides.map((side) => side.root),
    {
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
      exclude: { path: ['node_modules', '(^|/)dist/', '\\.test\\.tsx?$'] },
      outputType: 'json',
    },
  );
  const { modules } = JSON.parse(String(result.output));
  return sides.map((side) => {
    const edges = new Map();
    for (const module of modules) {
      if (!module.source.startsWith(`${side.root}/`)) continue;
      const from = nodeOf(side, module.source);
      if (!edges.has(from)) edges.set(from, new Set());
      for (const dependency of module.dependencies) {
        if (!dependency.resolved.startsWith(`${side.root}/`)) continue;
        const to = nodeOf(side, dependency.resolved);
        if (to !== from) edges.get(from).add(to);
      }
    }
    return { side, edges };
  });
}

/** The strongly connected components (Tarjan) of more than one node that hold a folder: the folder cycles. */
function folderCycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 && component.some(isFolder)) cycles.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The folders and their edges as a Mermaid flowchart (an arrow reads "uses"). */
function mermaid(edges) {
  const lines = [];
  for (const [from, tos] of edges)
    for (const to of tos) if (isFolder(from) && isFolder(to)) lines.push(`  ${from} --> ${to}`);
  return ['flowchart LR', ...lines.sort()].join('\n');
}

const block = (name) =>
  new RegExp(
    `(<!-- module-graph:${name} -->\\n\`\`\`mermaid\\n)[\\s\\S]*?(\`\`\`\\n<!-- /module-graph:${name} -->)`,
  );

const found = await graphs();
const mode = process.argv[2];
if (mode === '--check') {
  const problems = [];
  for (const { side, edges } of found)
    for (const cycle of folderCycles(edges))
      problems.push(`${side.name}: a cycle between folders: ${cycle.join(', ')}`);
  const doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '';
  for (const { side, edges } of found) {
    const written = block(side.name).exec(doc);
    if (!written)
      problems.push(`${DOC} has no ${side.name} graph (<!-- module-graph:${side.name} --> block)`);
    else if (
      doc.slice(written.index + written[1].length, written.index + written[0].length - written[2].length) !==
      `${mermaid(edges)}\n`
    )
      problems.push(`${DOC}'s ${side.name} graph is stale: run npm run graph:modules -- --write`);
  }
  for (const problem of problems) console.error(problem);
  process.exit(problems.length ? 1 : 0);
} else if (mode === '--write') {
  let doc = readFileSync(DOC, 'utf8');
  for (const { side, edges } of found) doc = doc.replace(block(side.name), `$1${mermaid(edges)}\n$2`);
  writeFileSync(DOC, doc);
} else {
  for (const { side, edges } of found) console.log(`%% ${side.name}\n${mermaid(edges)}\n`);
}
