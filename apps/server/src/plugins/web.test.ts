import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PRODUCTION_ENV, type TestApp } from '../../test/app';
import { sendWorkbook, streamWorkbook } from '../lib/spreadsheet';

const ASSET = `export default ${JSON.stringify('x'.repeat(4000))};`;
/** Open Sans's preload as the web build writes it into the head (apps/web/vite.config.ts). */
const FONT_PRELOAD =
  '<link rel="preload" as="font" type="font/woff2" crossorigin="" href="/assets/open-sans-f1.woff2">';
/** The entry script, its chunk and the font preload as Vite writes them into the built head. */
const BUILT_SCRIPTS =
  '<script type="module" crossorigin src="/assets/index-e1.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/react-d4.js">\n' +
  `    ${FONT_PRELOAD}\n`;

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    `<!doctype html><html><head><title>Games Portal</title>${BUILT_SCRIPTS}</head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(
    join(webDist, 'route-preloads.json'),
    JSON.stringify({
      routes: {
        '/login': ['/assets/LoginPage-a1.js', '/assets/TextField-b2.js'],
        '/login/:game': ['/assets/LoginPage-a1.js', '/assets/TextField-b2.js'],
        '/register/:game': ['/assets/RegisterPage-c3.js'],
      },
    }),
  );
  mkdirSync(join(webDist, 'prerendered', 'login'), { recursive: true });
  for (const scheme of ['light', 'dark'])
    writeFileSync(
      join(webDist, 'prerendered', 'login', `caliber.${scheme}.html`),
      `<!doctype html><html><head><title>Login | Games Portal</title>${BUILT_SCRIPTS}</head><body><div id="root" data-prerendered="${scheme}"><form aria-label="Login">${'<p>Sign in</p>'.repeat(200)}</form></div></body></html>`,
    );
  writeFileSync(
    join(webDist, 'prerendered.json'),
    JSON.stringify({
      pages: {
        '/login/caliber': {
          light: 'prerendered/login/caliber.light.html',
          dark: 'prerendered/login/caliber.dark.html',
        },
      },
    }),
  );
  writeFileSync(join(webDist, 'assets', 'page-abc123.js'), ASSET);
  writeFileSync(join(webDist, 'robots.txt'), 'User-agent: *\nDisallow: /api\n');
  writeFileSync(join(webDist, 'assets', 'page-abc123.js.br'), brotliCompressSync(ASSET));
  writeFileSync(join(webDist, 'assets', 'page-abc123.js.gz'), gzipSync(ASSET));
  t = await buildTestApp({
    deps: { webDist },
    extend: (app) => {
      app.get('/test/big-json', async () => ({
        rows: Array.from({ length: 100 }, (_, i) => ({ i, name: `row ${i}` })),
      }));
      app.get('/test/small-json', async () => ({ ok: true }));
      app.get('/test/xlsx', async (_request, reply) => {
        async function* batches() {
          yield Array.from({ length: 2000 }, (_, i) => ({ i }));
        }
        const columns = [{ header: 'N', value: (row: { i: number }) => row.i }];
        return sendWorkbook(
          reply,
          'Test.xlsx',
          streamWorkbook('Test', columns, batches(), () => {}),
        );
      });
    },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built web app', () => {
  it('answers deep links with index.html, revalidated on every visit', async () => {
    const res = await t.app.inject('/mlg/admin/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Games Portal</title>');
  });

  it("links an entry route's page chunks as modulepreload from the first response (no request chain)", async () => {
    const login = await t.app.inject('/login');
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(login.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/LoginPage-a1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/TextField-b2.js">',
    );
    const register = await t.app.inject('/register/talesrunner?ref=abc');
    expect(register.body).toContain('href="/assets/RegisterPage-c3.js"');
    expect(register.body).not.toContain('LoginPage');
    // A path of no entry route, or one segment more or less, preloads nothing but the entry's own chunk.
    for (const url of ['/mlg/admin/dashboard', '/register', '/register/caliber/extra', '/']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.body.match(/modulepreload/g)).toEqual(['modulepreload']);
      expect(res.body).not.toContain('as="font"');
    }
  });

  it("sends a prerendered path's page in the scheme the browser says its device prefers, light otherwise", async () => {
    const light = await get('/login/caliber');
    expect(light.statusCode).toBe(200);
    expect(light.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(light.headers['cache-control']).toBe('no-cache');
    expect(light.headers['accept-ch']).toBe('Sec-CH-Prefers-Color-Scheme');
    expect(light.headers.vary).toBe('accept-encoding, sec-ch-prefers-color-scheme');
    expect(light.body).toContain('<div id="root" data-prerendered="light"><form aria-label="Login">');
    // On screen from its HTML, the page starts its app once that is painted (decision 0078): the entry
    // script, its chunk and the route's chunks are listed as data, not fetched beside the page. The boot data
    // as on index.html; Open Sans preloaded, as the HTML's text is drawn in it.
    expect(light.body).toContain(
      `<title>Login | Games Portal</title>${FONT_PRELOAD}\n` +
        '<script type="application/json" id="portal-modules">{"entry":"/assets/index-e1.js","preloads":' +
        '["/assets/react-d4.js","/assets/LoginPage-a1.js","/assets/TextField-b2.js"]}</script>' +
        '<script defer src="/start-app-after-paint.js"></script>' +
        '<script type="application/json" id="portal-boot">{"test_payments":true}</script></head>',
    );
    expect(light.body).not.toContain('<script type="module"');
    expect(light.body).not.toContain('modulepreload');
    const dark = await t.app.inject({
      url: '/login/caliber',
      headers: { 'sec-ch-prefers-color-scheme': '"dark"' },
    });
    expect(dark.body).toContain('<div id="root" data-prerendered="dark">');
    const other = await t.app.inject({
      url: '/login/caliber',
      headers: { 'sec-ch-prefers-color-scheme': '"purple"' },
    });
    expect(other.body).toContain('data-prerendered="light"');
  });

  it('sends index.html for a prerendered path with a query (the page reads it) and for any other path', async () => {
    for (const url of ['/login/caliber?next=/activate', '/login/talesrunner', '/login']) {
      const res = await t.app.inject({ url, headers: { 'sec-ch-prefers-color-scheme': '"dark"' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      // Drawn by its app: the entry script and every chunk fetched at once.
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-e1.js"></script>');
      expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginPage-a1.js">');
      expect(res.body).not.toContain('portal-modules');
      // Drawn by its app, which asks for Open Sans once its text is drawn (apps/web/src/shell/fonts.ts).
      expect(res.body).not.toContain('as="font"');
      expect(res.headers['accept-ch']).toBe('Sec-CH-Prefers-Color-Scheme');
      expect(res.headers.vary).toBe('accept-encoding');
    }
  });

  it('answers a prerendered form sent before the app hydrated with its page again (303), nothing else', async () => {
    const early = await t.app.inject({
      method: 'POST',
      url: '/prerendered/login/caliber',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.test&password=secret',
    });
    expect(early.statusCode).toBe(303);
    expect(early.headers.location).toBe('/login/caliber');
    expect(early.body).not.toContain('secret');
    for (const url of ['/prerendered/login/talesrunner', '/prerendered/https://evil.test', '/prerendered/']) {
      const other = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(other.statusCode).toBe(404);
    }
  });

  it('compresses the pages as the client accepts (brotli, else gzip)', async () => {
    const plain = await get('/login/caliber');
    const br = await get('/login/caliber', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 5);
    const gz = await get('/login/caliber', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const index = await get('/mlg/admin/dashboard', 'br');
    expect(index.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(index.rawPayload).toString()).toContain('<title>Games Portal</title>');
  });

  it('carries the payment mode as JSON data (never a script that runs) in every page', async () => {
    for (const url of ['/login', '/login/caliber', '/TRWebshop', '/mlg/admin/dashboard']) {
      const res = await t.app.inject(url);
      expect(res.body).toContain(
        '<script type="application/json" id="portal-boot">{"test_payments":true}</script></head>',
      );
    }
  });

  it('in production with real payments, says so in every page, preloads the route and starts a drawn page after its paint', async () => {
    const production = await buildTestApp({
      env: { ...PRODUCTION_ENV, PUBLIC_URL: 'https://portal.example' },
      deps: { webDist },
    });
    try {
      const res = await production.app.inject('/login');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('id="portal-boot">{"test_payments":false}</script>');
      expect(res.body).toContain('href="/assets/LoginPage-a1.js"');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      // A page drawn by its HTML: the same page as in development (decision 0078), with production's boot data.
      const drawn = await production.app.inject('/login/caliber');
      expect(drawn.statusCode).toBe(200);
      expect(drawn.body).toContain('<div id="root" data-prerendered="light"><form aria-label="Login">');
      expect(drawn.body).toContain(
        '<script type="application/json" id="portal-modules">{"entry":"/assets/index-e1.js","preloads":' +
          '["/assets/react-d4.js","/assets/LoginPage-a1.js","/assets/TextField-b2.js"]}</script>' +
          '<script defer src="/start-app-after-paint.js"></script>' +
          '<script type="application/json" id="portal-boot">{"test_payments":false}</script></head>',
      );
      expect(drawn.body).not.toContain('<script type="module"');
      expect(drawn.headers['content-security-policy']).toContain("script-src 'self'");
    } finally {
      await production.close();
    }
    // A second app with production settings: 30-40 s on a loaded 2-core machine.
  }, 90_000);

  it('serves robots.txt as text, not the app', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe('User-agent: *\nDisallow: /api\n');
  });

  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject('/assets/page-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed brotli or gzip file as the client accepts, and the plain one otherwise', async () => {
    const br = await get('/assets/page-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
    const gz = await get('/assets/page-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);
    const plain = await get('/assets/page-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
    for (const res of [br, gz, plain]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const page = await get('/webshop');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>Games Portal</title>');
  });

  it('answers a missing asset (a page of an older release) with 404, never with the page', async () => {
    const res = await t.app.inject('/assets/page-old999.js');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such endpoint.', code: 'NOT_FOUND' });
  });
});

describe('a broken web build', () => {
  it('stops the start naming the file, rather than serve pages from a guess', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'portal-web-broken-'));
    try {
      writeFileSync(join(broken, 'index.html'), '<!doctype html><title>Games Portal</title>');
      writeFileSync(
        join(broken, 'prerendered.json'),
        JSON.stringify({ pages: {}, rendered: { '/webshop': { page: 'shop', game: 'caliber' } } }),
      );
      await expect(buildTestApp({ deps: { webDist: broken } })).rejects.toThrow(
        /prerendered\.json does not match what the build writes/,
      );
      writeFileSync(join(broken, 'prerendered.json'), JSON.stringify({ pages: {} }));
      writeFileSync(
        join(broken, 'route-preloads.json'),
        JSON.stringify({ routes: { '/login': '/assets/a.js' } }),
      );
      await expect(buildTestApp({ deps: { webDist: broken } })).rejects.toThrow(/route-preloads\.json/);
      // Without its entry script the server could not start the app of a page sent drawn.
      writeFileSync(join(broken, 'route-preloads.json'), JSON.stringify({ routes: {} }));
      await expect(buildTestApp({ deps: { webDist: broken } })).rejects.toThrow(
        "the web build's index.html has no module script",
      );
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});

describe('compression of replies', () => {
  it('compresses JSON over 1 KB with brotli or gzip, and leaves small replies alone', async () => {
    const br = await get('/test/big-json', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).rows).toHaveLength(100);
    const gz = await get('/test/big-json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).rows).toHaveLength(100);
    expect((await get('/test/big-json')).headers['content-encoding']).toBeUndefined();
    const small = await get('/test/small-json', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it('streams xlsx downloads as they are (already zips)', async () => {
    const res = await get('/test/xlsx', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('still serves /metrics as Prometheus text, compressed when asked', async () => {
    const res = await get('/metrics', 'gzip');
    expect(res.statusCode).toBe(200);
    const text =
      res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
  });
});

const WEB = join(import.meta.dirname, '../../../web');

/** The chunks a built chunk imports statically (`import{…}from"./x.js"`, `import"./x.js"`), by file name. */
const staticImportsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*"\.\/([\w-]+\.js)"/g)].map((match) => match[1]!);

describe('the web build', () => {
  it('is a production build with precompressed files even when NODE_ENV=development', async () => {
    const out = mkdtempSync(join(tmpdir(), 'portal-web-build-'));
    try {
      await promisify(execFile)(
        'npx',
        ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'],
        {
          cwd: WEB,
          env: { ...process.env, NODE_ENV: 'development' },
        },
      );
      const scripts = readdirSync(join(out, 'assets')).filter((f) => f.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(5);
      // React's development JSX runtime (jsxDEV) is in every page chunk of a development build.
      for (const file of scripts)
        expect(readFileSync(join(out, 'assets', file), 'utf8')).not.toContain('jsxDEV');
      // The entry script and its chunks in the form the server lists them from (plugins/web.ts, decision 0078).
      const html = readFileSync(join(out, 'index.html'), 'utf8');
      const entry = /<script type="module" crossorigin src="\/assets\/(index-[^"]+\.js)"><\/script>/.exec(
        html,
      )![1]!;
      expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/[\w-]+\.js">/);
      // The app's start in stages, a task each (main.tsx, decision 0085): the entry imports no stage's chunk
      // statically (the browser would evaluate it in the entry's task), and each stage's chunk is linked from
      // the head beside the entry, so no stage waits for the network.
      const entryImports = staticImportsOf(join(out, 'assets', entry));
      expect(entryImports.length).toBeGreaterThan(0);
      const linked = [
        ...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([\w-]+\.js)">/g),
      ].map((match) => match[1]);
      for (const stage of ['react', 'providers', 'start']) {
        expect(entryImports.filter((file) => file?.startsWith(`${stage}-`))).toEqual([]);
        expect(linked.filter((file) => file?.startsWith(`${stage}-`))).toHaveLength(1);
      }
      // Every page loads the head's chunks, the sign-in screens too: zod's chunk, with the schemas the signed-in
      // pages read (decision 0099), is none of them.
      expect(linked.filter((file) => file?.startsWith('zod-'))).toEqual([]);
      expect(existsSync(join(out, 'assets', `${entry}.br`))).toBe(true);
      expect(existsSync(join(out, 'assets', `${entry}.gz`))).toBe(true);
      const source = readFileSync(join(out, 'assets', entry));
      expect(brotliDecompressSync(readFileSync(join(out, 'assets', `${entry}.br`)))).toEqual(source);
      expect(gunzipSync(readFileSync(join(out, 'assets', `${entry}.gz`)))).toEqual(source);
      // apps/web/public is copied as is: robots.txt keeps crawlers out of the back office, the API and /dev.
      const robots = readFileSync(join(out, 'robots.txt'), 'utf8');
      expect(existsSync(join(out, 'start-app-after-paint.js'))).toBe(true);
      for (const path of ['/mlg/admin', '/api', '/dev']) expect(robots).toContain(`Disallow: ${path}\n`);
      expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<meta name="description"');
      // Each entry route's page chunks, for the server's modulepreload links: files of this build, each after
      // the chunks it imports (the order the app evaluates them in), so the page last.
      const { routes } = JSON.parse(readFileSync(join(out, 'route-preloads.json'), 'utf8')) as {
        routes: Record<string, string[]>;
      };
      expect(Object.keys(routes)).toEqual(
        expect.arrayContaining(['/login', '/register/:game', '/TRWebshop']),
      );
      expect(routes['/login']!.at(-1)).toMatch(/^\/assets\/LoginPage-[\w-]+\.js$/);
      // A guarded page's check comes first (the app starts it at once), after only what its module imports:
      // the player's session on /profile, the admin's two-step status on the back office's landing page.
      const importedBy = (file: string): string[] =>
        staticImportsOf(join(out, file)).flatMap((name) => [
          `/assets/${name}`,
          ...importedBy(`/assets/${name}`),
        ]);
      // /profile's page is in the chunk of its modules, `profile` (apps/web/vite.config.ts, decision 0098), its
      // session check's schemas in zod's (decision 0099).
      for (const [route, check, page] of [
        ['/profile', 'zod', 'profile'],
        ['/mlg/admin/dashboard', 'mfa', 'OverallDashboardPage'],
      ] as const) {
        const files = routes[route]!;
        const at = files.findIndex((file) => new RegExp(`^/assets/${check}-[\\w-]+\\.js$`).test(file));
        expect(at).toBeGreaterThanOrEqual(0);
        expect(files.slice(0, at).filter((file) => !importedBy(files[at]!).includes(file))).toEqual([]);
        expect(files.at(-1)).toMatch(new RegExp(`^/assets/${page}-[\\w-]+\\.js$`));
      }
      // /profile's modules in two chunks (decision 0098) and the schemas it reads in zod's (decision 0099): three
      // files to queue on HTTP/1.1's six connections before it draws (24 when the bundler cut them), and the
      // sign-in screens' bytes as they were: /login loads the chunk it shares with /profile, never /profile's
      // own nor zod's.
      expect([...routes['/profile']!].sort()).toEqual([
        expect.stringMatching(/^\/assets\/accounts-shared-[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/profile-[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/zod-[\w-]+\.js$/),
      ]);
      expect(routes['/login']!.filter((file) => /^\/assets\/(profile|zod)-/.test(file))).toEqual([]);
      for (const files of Object.values(routes))
        files.forEach((file, index) => {
          const imports = staticImportsOf(join(out, file)).map((name) => `/assets/${name}`);
          expect(imports.filter((imported) => files.indexOf(imported) > index)).toEqual([]);
        });
      for (const file of Object.values(routes).flat()) expect(existsSync(join(out, file))).toBe(true);
      expect(Object.values(routes).flat()).not.toContain(`/assets/${entry}`);
      // The theme's Open Sans is bundled (font-src 'self'), latin subset only, shown in a fallback font until loaded.
      const assets = readdirSync(join(out, 'assets'));
      const css = assets
        .filter((f) => f.endsWith('.css'))
        .map((f) => readFileSync(join(out, 'assets', f), 'utf8'))
        .join('');
      for (const weight of [400, 600, 700])
        expect(css).toMatch(
          new RegExp(
            `font-family:Open Sans;[^}]*font-display:swap;font-weight:${weight};src:url\\(/assets/open-sans-latin-${weight}-normal-[^)]+\\.woff2\\)`,
          ),
        );
      expect(assets.filter((f) => f.endsWith('.woff2') && !f.includes('-latin-'))).toEqual([]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 180_000);
});
