import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';
// By its path, not as `@portal/contract`: Vite bundles the config's relative imports only, and Node cannot load
// the package's TypeScript.
import { PAGE_PATHS, type PageKey } from '../../packages/contract/src/pages.ts';

const server = 'http://localhost:3000';

/**
 * React Router's production code: its package exports only its development build (with its development
 * checks and warnings on), whatever NODE_ENV says (remix-run/react-router#14102); a build takes the
 * production build beside it (decision 0094).
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router')),
  '../production/index.mjs',
);

// The server answers these paths outside /api (spec section 7); the dev server forwards only POSTs there so
// that the same paths still render their pages on a GET.
const postOnlyPaths = [
  '/login',
  '/register',
  '/profile/update',
  '/profile/register-game',
  '/resendEmail',
  '/sendForgotPassword',
  '/reset-password',
  '/verifyemail',
];

const postOnly = {
  target: server,
  bypass: (req: { method?: string; url?: string }) => (req.method === 'POST' ? undefined : req.url),
};

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every emitted text file of 1 KB or more, which the
 * server sends as the client accepts (`preCompressed` in apps/server/src/plugins/web.ts): the best ratio,
 * paid once at build instead of per request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'portal-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => /\.(js|css|html|svg|json|txt)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file);
          const content = await readFile(path);
          if (content.length < 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gz(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/** A build plugin that links from index.html's head the files `pick` names in the bundle, with `attributes`. */
function linkFromHead(
  name: string,
  pick: (bundle: Rolldown.OutputBundle) => string[],
  attributes: Record<string, string | boolean>,
): Plugin {
  return {
    name,
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) =>
        pick(context.bundle ?? {}).map((file) => ({
          tag: 'link',
          attrs: { ...attributes, href: `/${file}` },
          injectTo: 'head',
        })),
    },
  };
}

/**
 * Preloads from index.html the Open Sans faces every first screen draws (400 text, 600 links, 700 headings
 * and buttons), for the pages sent drawn, whose text is on screen from their HTML. 500 is left to load on use.
 * The server takes the links off the pages the app draws, which ask for the faces once they have drawn their
 * text (apps/web/src/shell/fonts.ts, decision 0100).
 */
const preloadFonts = () =>
  linkFromHead(
    'portal-preload-fonts',
    (bundle) =>
      Object.keys(bundle).filter((file) => /open-sans-latin-(400|600|700)-normal-[\w-]+\.woff2$/.test(file)),
    { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '' },
  );

type Chunk = Rolldown.OutputChunk;

const chunksOf = (bundle: Rolldown.OutputBundle) =>
  new Map(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file]] : [])));

/**
 * The chunks `start` imports, and theirs, statically (what the browser loads with them), each after the chunks
 * it imports (a cycle aside): the order in which the app evaluates a page's chunks (main.tsx).
 */
function staticClosure(
  chunks: Map<string, Chunk>,
  start: readonly string[],
  into = new Set<string>(),
  seen = new Set<string>(),
) {
  for (const name of start) {
    if (seen.has(name)) continue;
    seen.add(name);
    staticClosure(chunks, chunks.get(name)?.imports ?? [], into, seen);
    into.add(name);
  }
  return into;
}

/**
 * The chunks the app's start loads: the entry's closure, which Vite links from the head, and the closure of the
 * stages the entry imports one after the other (main.tsx, decision 0085), which it does not.
 */
function appStart(chunks: Map<string, Chunk>) {
  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
  const linked = staticClosure(
    chunks,
    entries.map((chunk) => chunk.fileName),
  );
  const staged = staticClosure(
    chunks,
    entries.flatMap((chunk) => chunk.dynamicImports),
  );
  return { all: new Set([...linked, ...staged]), staged: [...staged].filter((name) => !linked.has(name)) };
}

/**
 * Links the chunks of main.tsx's stages from the head as `modulepreload`, as Vite links the entry's own: each
 * stage then finds its modules fetched, and the server lists them with the entry for a page sent drawn
 * (apps/server/src/plugins/web.ts reads the head's links).
 */
const preloadStartStages = () =>
  linkFromHead('portal-preload-start-stages', (bundle) => appStart(chunksOf(bundle)).staged, {
    rel: 'modulepreload',
    crossorigin: true,
  });

/** What a chunking pass tells of a module: the modules it imports statically. */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * What `id` imports statically, and what those import, itself included, leaving the contract to the bundler:
 * its modules are side-effect free, so what a chunk imports of them and does not use is dropped, and the
 * endpoints load with their first call (decision 0060).
 */
function closure(graph: ModuleGraph, id: string, into = new Set<string>()) {
  if (into.has(id) || /packages[\\/]contract[\\/]/.test(id)) return into;
  into.add(id);
  for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) closure(graph, imported, into);
  return into;
}

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The app's own chunks, each module's chunk worked out once from the module graph:
 * - main.tsx's stages after React, one chunk each: what `shell/Providers.tsx` imports, then what `start.tsx`
 *   imports besides, leaving out what the entry itself imports (which would otherwise pull a stage into the
 *   entry's task). Left to the bundler, the stages were cut into a score of small chunks by which stage and
 *   which pages reached each module: each one more request, over HTTP/1.1's six connections, before a page the
 *   app draws could start (decision 0085). A module of a stage is loaded by every page anyway.
 * - /profile's modules besides those, in two chunks: what the sign-in screens load too, and the rest. It is
 *   the one first screen the app draws (the others are sent drawn, decisions 0050 and 0062) and the page a
 *   sign-in leads to; left to the bundler its modules came in twenty chunks by which pages share each one, the
 *   same queue before the profile could draw (decision 0098). The split keeps the sign-in screens' bytes as
 *   they were; a page that shares one module of a chunk loads it whole. The contract's messages the sign-in
 *   screens show go in the first (in a chunk of their own they were one more request for both).
 */
function appChunkGroups() {
  const entry = source('src/main.tsx');
  const stages = [
    { name: 'providers', module: source('src/shell/Providers.tsx') },
    { name: 'start', module: source('src/start.tsx') },
  ];
  let chunkOf: Map<string, string> | undefined;
  const assign = (graph: ModuleGraph) => {
    const taken = closure(graph, entry);
    // What the entry imports (its scripts: the typed-values keeper, Vite's preload helper), in a chunk of its
    // own: a group takes its modules' imports with them, so a stage's chunk would take these, and the entry
    // would import that chunk, evaluating the stage in its own task.
    const chunks = new Map(
      [...taken]
        .filter((module) => module !== entry && !module.endsWith('.css'))
        .map((module) => [module, 'boot']),
    );
    for (const stage of stages)
      for (const module of closure(graph, stage.module))
        if (!taken.has(module)) {
          taken.add(module);
          chunks.set(module, stage.name);
        }
    const signIn = closure(graph, source('src/features/accounts/LoginPage.tsx'));
    closure(graph, source('src/features/accounts/RegisterPage.tsx'), signIn);
    for (const module of closure(graph, source('src/features/accounts/ProfilePage.tsx')))
      if (!taken.has(module) && !module.endsWith('.css'))
        chunks.set(module, signIn.has(module) ? 'accounts-shared' : 'profile');
    chunks.set(source('../../packages/contract/src/account-messages.ts'), 'accounts-shared');
    return chunks;
  };
  const chunkIn = (names: string[]) => (id: string, graph: ModuleGraph) => {
    chunkOf ??= assign(graph);
    const chunk = chunkOf.get(id);
    return chunk && names.includes(chunk) ? chunk : null;
  };
  return [
    { debugName: 'start stages', name: chunkIn(['boot', ...stages.map((stage) => stage.name)]) },
    // Only the modules named: a group takes a module's imports with it, which would pull the contract's
    // schemas (and zod) into the chunk the sign-in screens share.
    {
      debugName: 'profile',
      includeDependenciesRecursively: false,
      name: chunkIn(['accounts-shared', 'profile']),
    },
  ];
}

/**
 * The contract's modules every signed-in page parses with, the player's session check's (`endpoints/accounts`)
 * and /profile's, and what they import that the sign-in screens do not load: in zod's chunk (decision 0099).
 * Each was a chunk of its own, six more requests before /profile could draw. Named here, not worked out from
 * the module graph: the contract's index imports every module, so the graph cannot tell which ones a page's
 * build keeps. The web build's test (apps/server/src/plugins/web.test.ts) holds /profile to three chunks and
 * /login clear of this one.
 */
const SIGNED_IN_SCHEMAS = [
  'accounts.ts',
  'challenge.ts',
  'game-login.ts',
  'games.ts',
  'mfa.ts',
  'privacy.ts',
  'privacy-messages.ts',
  'validation.ts',
  'endpoints/accounts.ts',
  'endpoints/privacy.ts',
].map((path) => source(`../../packages/contract/src/${path}`));

/**
 * The first screens a visitor opens by address. Their paths are the contract's; the module each one renders
 * is router.tsx's (every page a lazy chunk), and whether it is a player's page shell/pages.ts's: both are
 * read from those files at build rather than written again here.
 */
const ENTRY_PAGES: PageKey[] = [
  'login',
  'loginForGame',
  'register',
  'registerForGame',
  'forgotPassword',
  'resendConfirmation',
  'sdkDownloads',
  'profile',
  'webshop',
  'talesRunnerWebshop',
];

/**
 * Modules the player pages' guard imports on its first render (the session check, shell/guards.tsx): the
 * endpoint declarations load with their first call (decision 0060), so without a preload they would be
 * fetched only once the entry has run, before the session check could start.
 */
const SESSION_CHECK_MODULES = ['packages/contract/src/endpoints/accounts.ts'];

/**
 * The same for back-office pages: the admin's two-step status, which every admin page waits for, and what the
 * role allows (started beside it, start.tsx).
 */
const ADMIN_CHECK_MODULES = [
  'packages/contract/src/endpoints/mfa.ts',
  'packages/contract/src/endpoints/staff.ts',
];

/** The entries of the object literal `name` declares in `file` (keyed by page), each as its source text. */
async function pageEntries(file: string, name: string): Promise<Map<string, string>> {
  const { default: ts } = await import('typescript');
  const path = fileURLToPath(new URL(file, import.meta.url));
  const source = ts.createSourceFile(path, await readFile(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const entries = new Map<string, string>();
  const visit = (node: import('typescript').Node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === name) {
      let value = node.initializer;
      while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value))) value = value.expression;
      for (const property of value && ts.isObjectLiteralExpression(value) ? value.properties : [])
        if (ts.isPropertyAssignment(property))
          entries.set(property.name.getText(source), property.initializer.getText(source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return entries;
}

/**
 * Writes `route-preloads.json`: for each entry route, the page's chunk and every chunk it imports that the
 * entry does not already import, each after the chunks it imports. The server links them as `modulepreload`
 * from the page's first response (apps/server/src/plugins/web.ts), so the browser fetches them beside the
 * entry script instead of after it has run and matched the route (a request chain of two to three round trips
 * on a phone, decision 0048).
 */
function routePreloads(): Plugin {
  return {
    name: 'portal-route-preloads',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const [modules, declarations] = await Promise.all([
        pageEntries('src/router.tsx', 'PAGE_MODULES'),
        pageEntries('src/shell/pages.ts', 'DECLARATIONS'),
      ]);
      const chunks = chunksOf(bundle);
      const closure = (start: string[]) => staticClosure(chunks, start);
      const entry = appStart(chunks).all;
      const routes: Record<string, string[]> = {};
      // A page is its own chunk, or in a group's (/profile, appChunkGroups); a module imported on first use may
      // share one (the chunk that holds it).
      const chunkOf = (source: string, route: string) => {
        const all = [...chunks.values()];
        const chunk =
          all.find((c) => c.facadeModuleId?.endsWith(`/${source}`)) ??
          all.find((c) => c.moduleIds.some((id) => id.endsWith(`/${source}`)));
        if (!chunk) this.error(`route-preloads: no chunk for ${source} (${route})`);
        return chunk.fileName;
      };
      // Staff work in the back office all day: any of its pages may be the one reloaded or opened from a
      // bookmark, so each is an entry page too (decision 0091).
      const audienceOf = (key: string) => /audience: '(\w+)'/.exec(declarations.get(key) ?? '')?.[1];
      const backOffice = [...declarations.keys()].filter((key) => audienceOf(key) === 'admin') as PageKey[];
      for (const key of [...ENTRY_PAGES, ...backOffice]) {
        const route = PAGE_PATHS[key];
        // `login: () => import('./features/accounts/LoginPage')`
        const module = /import\('\.\/(.+)'\)/.exec(modules.get(key) ?? '')?.[1];
        if (!module) this.error(`route-preloads: no module for ${key} in router.tsx's PAGE_MODULES`);
        const audience = audienceOf(key);
        const checks = { player: SESSION_CHECK_MODULES, admin: ADMIN_CHECK_MODULES }[audience ?? ''] ?? [];
        // The session check's modules first: the browser fetches the links in their order, six at a time, so
        // the check (started as the app starts) does not wait for the page's chunks.
        const starts = [...checks, `src/${module}.tsx`];
        const linked = closure(starts.map((start) => chunkOf(start, route)));
        routes[route] = [...linked].filter((name) => !entry.has(name)).map((n) => `/${n}`);
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify({ routes }) });
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is always a production build: NODE_ENV=development in the environment (a shell, `npm start`)
  // would otherwise bundle React's development code. Vite reads NODE_ENV after loading this file; only
  // `npm run dev` (command 'serve') serves development code.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    ...(command === 'build' && {
      resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
    }),
    // `vite build --ssr src/prerender.tsx`: the render of the first screens, run by scripts/prerender-web.mjs
    // at build (decision 0050) and by the server for the shops (decision 0062), everything bundled in (the
    // server's production install has no web dependency), nothing served. The start stages are linked before
    // the fonts: a page the app draws needs its scripts first and the browser takes the links in order, six at
    // a time (/profile, applied mobile throttling: LCP 6.36 -> 5.89 s); a page sent drawn lists the stages as
    // data instead and fetches them after its paint, so its fonts still come first.
    plugins: isSsrBuild
      ? [react()]
      : [react(), preloadStartStages(), preloadFonts(), routePreloads(), precompress()],
    build: isSsrBuild
      ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
      : {
          outDir: 'dist',
          // All of zod in one chunk: left to itself the bundler put zod's date and coercion helpers in the
          // chunk of one contract module (sanctions), so every page that parsed a date evaluated that module's
          // schemas too (decision 0082). /login loads no zod either way. The schemas every signed-in page reads
          // go with it, only those named (decision 0099).
          // React in one chunk too, the first of the app's start stages (main.tsx): left to itself the bundler
          // cut it into four by which stage reached each part, about 2 KB more to send (decision 0085).
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'zod',
                    includeDependenciesRecursively: false,
                    test: (id: string) =>
                      /node_modules[\\/]zod[\\/]/.test(id) || SIGNED_IN_SCHEMAS.includes(id),
                  },
                  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                  ...appChunkGroups(),
                ],
              },
            },
          },
        },
    // The prerender runs React's and MUI's production code, as the browser does (same class names): bundled
    // whole, with the production define. Only there: the web tests (which run through Vite's server-side
    // modules) would otherwise transform every package they import, 43 s of a 3-minute suite.
    ...(isSsrBuild && {
      ssr: { noExternal: true },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    }),
    server: {
      proxy: {
        '/api': server,
        '/dev': server,
        ...Object.fromEntries(postOnlyPaths.map((path) => [`^${path}(/|$)`, postOnly])),
      },
    },
    // The projects `web` and `web-isolated` (vitest.config.ts) add what they run and how.
    test: {
      environment: 'jsdom',
      setupFiles: ['src/test/setup.ts'],
      // Form tests type and wait like a person: on a busy 2-core CI machine one took 5–6 s (the default 5 s).
      testTimeout: 20_000,
      // Two workers on two cores (Vitest's default leaves one idle).
      maxWorkers: 2,
    },
  };
});
