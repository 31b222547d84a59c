import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { ErrorBody } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { readBuildFile } from '../lib/build-files';
import { sdkList } from '../modules/sdk/index';
import type { CatalogCache } from '../modules/shop/index';
import { pageRenderer, type RenderedPage, renderedPageSchema } from './rendered-pages';

/** Built web app: apps/web/dist, the same depth from src/plugins and from the bundled dist/. */
const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));
/** The web build's render module (`vite build --ssr`), from the built app's folder. */
const RENDER_MODULE = '../dist-ssr/prerender.js';

/** What the first response tells the app before any request: only fixed, server-set values, never user text. */
type WebBoot = { test_payments: boolean };

/** `route-preloads.json` of the web build (apps/web/vite.config.ts): entry route pattern → its page's chunks. */
const routePreloadsSchema = z.object({ routes: z.record(z.string(), z.array(z.string())) });
type RoutePreloads = z.infer<typeof routePreloadsSchema>;

type Scheme = 'light' | 'dark';

/**
 * `prerendered.json` of the web build (scripts/prerender-web.mjs, decision 0050): path → its page prerendered
 * in each colour scheme (an HTML file under the build, index.html with the page and its critical CSS), and
 * the pages the server renders with data only it knows (path → what they need, decision 0062).
 */
const prerenderedSchema = z.object({
  pages: z.record(z.string(), z.object({ light: z.string(), dark: z.string() })),
  rendered: z.record(z.string(), renderedPageSchema).default({}),
});

/** The scheme a browser says its device prefers (`Sec-CH-Prefers-Color-Scheme`, once asked by `Accept-CH`). */
const COLOR_SCHEME_HINT = 'sec-ch-prefers-color-scheme';

function schemeOf(hint: string | string[] | undefined): Scheme {
  return typeof hint === 'string' && hint.replaceAll('"', '').trim() === 'dark' ? 'dark' : 'light';
}

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]))
  );
}

/**
 * One page as the server sends it, compressed once on first demand (brotli or gzip, as the client accepts):
 * the fallback answers are no route of @fastify/compress, and a prerendered page is 50 KB of HTML.
 */
class Page {
  private readonly encoded = new Map<'br' | 'gzip', Buffer>();
  constructor(readonly html: string) {}

  body(acceptEncoding: string | undefined): { encoding?: 'br' | 'gzip'; payload: string | Buffer } {
    const encoding = /\bbr\b/.test(acceptEncoding ?? '')
      ? 'br'
      : /\bgzip\b/.test(acceptEncoding ?? '')
        ? 'gzip'
        : undefined;
    if (!encoding) return { payload: this.html };
    let payload = this.encoded.get(encoding);
    if (!payload) {
      payload =
        encoding === 'br'
          ? brotliCompressSync(this.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(this.html, { level: 9 });
      this.encoded.set(encoding, payload);
    }
    return { encoding, payload };
  }
}

/** The app's entry script and the chunks Vite links from the built head (index.html and the pages made from it). */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
/** The head's Open Sans preloads (apps/web/vite.config.ts): a page the app draws asks for its faces later. */
const FONT_PRELOAD = /<link rel="preload" as="font"[^>]*>\s*/g;

/** The classic script that starts the app once a page drawn by its HTML is on screen (apps/web/public). */
const START_AFTER_PAINT = '/start-app-after-paint.js';

/**
 * index.html as each entry route's first response: the route's page chunks linked as `modulepreload` (no
 * request chain: fetched beside the entry script, not after it ran) and the boot values as JSON in a
 * `<script type="application/json">`, which the CSP (script-src 'self') lets through as data, never run.
 * A prerendered path has its prerendered page in each colour scheme, a rendered one the page the server
 * rendered, with the same links and boot values. Those pages are on screen from their HTML, so their app
 * starts once that is painted (decision 0078): the entry script and every chunk are listed as data instead,
 * and `START_AFTER_PAINT` adds them after the first paint, which no script then delays on a phone. Worked out
 * once at startup (a rendered page once per render); a path of no entry route gets the plain page with the
 * boot values.
 */
function entryPages(
  html: string,
  preloads: RoutePreloads,
  boot: WebBoot,
  prerendered: Record<string, Record<Scheme, string>>,
) {
  if (!ENTRY_SCRIPT.test(html)) throw new Error("the web build's index.html has no module script");
  const bootData = JSON.stringify(boot).replaceAll('<', '\\u003c');
  const head = (page: string, tags: string) =>
    page.replace(
      '</head>',
      `${tags}<script type="application/json" id="portal-boot">${bootData}</script></head>`,
    );
  // A page the app draws asks for Open Sans once it has drawn its text (apps/web/src/shell/fonts.ts).
  const appDrawn = html.replace(FONT_PRELOAD, '');
  const withHead = (links: string[]) =>
    new Page(
      head(appDrawn, links.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('')),
    );
  const drawnWithHead = (page: string, links: string[]) => {
    const entry = ENTRY_SCRIPT.exec(page)?.[1];
    if (!entry) throw new Error('a page rendered ahead has no module script');
    const chunks = [...page.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
    const modules = JSON.stringify({ entry, preloads: [...chunks, ...links] });
    const withoutScripts = page.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
    return new Page(
      head(
        withoutScripts,
        `<script type="application/json" id="portal-modules">${modules}</script>` +
          `<script defer src="${START_AFTER_PAINT}"></script>`,
      ),
    );
  };
  const routes = Object.entries(preloads.routes).map(([pattern, links]) => ({ pattern, links }));
  const linksOf = (path: string) => routes.find((route) => matches(route.pattern, path))?.links ?? [];
  const pages = routes.map(({ pattern, links }) => ({ pattern, page: withHead(links) }));
  const ready = new Map(
    Object.entries(prerendered).map(([path, schemes]) => [
      path,
      {
        light: drawnWithHead(schemes.light, linksOf(path)),
        dark: drawnWithHead(schemes.dark, linksOf(path)),
      },
    ]),
  );
  const fallback = withHead([]);
  // The last rendered document of each page and scheme, compressed once (kept while it is the latest).
  const rendered = new Map<string, { document: string; page: Page }>();
  return {
    page: (path: string) => pages.find((entry) => matches(entry.pattern, path))?.page ?? fallback,
    prerendered: (path: string, scheme: Scheme) => ready.get(path)?.[scheme],
    rendered: (path: string, scheme: Scheme, document: string) => {
      const key = `${path} ${scheme}`;
      const last = rendered.get(key);
      if (last?.document === document) return last.page;
      const page = drawnWithHead(document, linksOf(path));
      rendered.set(key, { document, page });
      return page;
    },
  };
}

function readPrerendered(root: string): {
  pages: Record<string, Record<Scheme, string>>;
  rendered: Map<string, RenderedPage>;
} {
  const manifest = `${root}/prerendered.json`;
  if (!existsSync(manifest)) return { pages: {}, rendered: new Map() };
  const { pages, rendered } = readBuildFile(manifest, prerenderedSchema);
  return {
    pages: Object.fromEntries(
      Object.entries(pages).map(([path, files]) => [
        path,
        {
          light: readFileSync(`${root}/${files.light}`, 'utf8'),
          dark: readFileSync(`${root}/${files.dark}`, 'utf8'),
        },
      ]),
    ),
    rendered: new Map(Object.entries(rendered)),
  };
}

interface WebOptions {
  webDist?: string;
  boot: WebBoot;
  /** The app's catalog cache, which the shop pages are rendered with. */
  catalog: CatalogCache;
}

/**
 * Serves the built web app with history fallback: any GET outside /api and /assets that matches no file
 * gets index.html, so deep links such as /mlg/admin/dashboard load the app. Unknown API paths and missing
 * assets answer 404: a script that is not there must fail as a script (the app then offers a reload), not
 * arrive as a page.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: WebOptions) => {
  const root = opts.webDist ?? WEB_DIST;
  const hasWeb = existsSync(`${root}/index.html`);
  const preloadsFile = `${root}/route-preloads.json`;
  const template = hasWeb ? readFileSync(`${root}/index.html`, 'utf8') : '';
  const prerendered = hasWeb
    ? readPrerendered(root)
    : { pages: {}, rendered: new Map<string, RenderedPage>() };
  const pageFor = hasWeb
    ? entryPages(
        template,
        existsSync(preloadsFile) ? readBuildFile(preloadsFile, routePreloadsSchema) : { routes: {} },
        opts.boot,
        prerendered.pages,
      )
    : undefined;
  // The shops and the SDK page, rendered here with their data when the build has its render module
  // (decision 0062).
  const modulePath = join(root, RENDER_MODULE);
  const renderer =
    hasWeb && prerendered.rendered.size > 0 && existsSync(modulePath)
      ? pageRenderer({
          modulePath,
          template,
          catalog: opts.catalog,
          sdkList,
          testPayments: opts.boot.test_payments,
          clock: app.ctx.clock,
        })
      : undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // Hashed assets never change; index.html must always be revalidated. (The plugin's own
      // cacheControl would replace these with max-age=0.)
      cacheControl: false,
      // The build writes .br and .gz beside each file (scripts/build-web.mjs): sent as the client accepts,
      // so nothing is compressed per request. Every file varies by Accept-Encoding, whichever one is sent.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  /** A page rendered with its data as it is now; the plain page (drawn by the app) if that fails. */
  const rendered = async (path: string, scheme: Scheme) => {
    const page = prerendered.rendered.get(path);
    if (!renderer || !pageFor || !page) return undefined;
    try {
      return pageFor.rendered(path, scheme, await renderer.render(path, page, scheme));
    } catch (err) {
      app.log.error({ err, path }, 'page render failed; sending the page unrendered');
      return undefined;
    }
  };

  app.setNotFoundHandler(async (request, reply) => {
    const [path = '', query] = request.url.split('?');
    const isApi = path === '/api' || path.startsWith('/api/');
    const isAsset = path.startsWith('/assets/');
    if (pageFor && !isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache');
      // Asks the browser for its colour scheme on the next page it opens here (Chromium sends it).
      reply.header('accept-ch', 'Sec-CH-Prefers-Color-Scheme');
      // A page rendered ahead, for an address without a query (which the page could read) only.
      const scheme = schemeOf(request.headers[COLOR_SCHEME_HINT]);
      const ahead =
        query === undefined
          ? (pageFor.prerendered(path, scheme) ?? (await rendered(path, scheme)))
          : undefined;
      const { encoding, payload } = (ahead ?? pageFor.page(path)).body(request.headers['accept-encoding']);
      reply.header('vary', ahead ? `accept-encoding, ${COLOR_SCHEME_HINT}` : 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.type('text/html; charset=utf-8').send(payload);
    }
    // A prerendered page's form sent before the app hydrated (scripts/prerender-web.mjs): back to the page,
    // whose script then handles the form; what was sent is dropped, never echoed or logged.
    const sentEarly = path.startsWith('/prerendered/') ? path.slice('/prerendered'.length) : undefined;
    if (pageFor && request.method === 'POST' && sentEarly && pageFor.prerendered(sentEarly, 'light')) {
      return reply.redirect(sentEarly, 303);
    }
    // The address is not echoed: nothing a visitor typed comes back in a reply.
    return reply.status(404).send({ message: 'No such endpoint.', code: 'NOT_FOUND' } satisfies ErrorBody);
  });
});
