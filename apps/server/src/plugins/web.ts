import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Built web app: apps/web/dist, the same depth from src/plugins and from the bundled dist/. */
const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** What the first response tells the app before any request: only fixed, server-set values, never user text. */
type WebBoot = { test_payments: boolean };

/** `route-preloads.json` of the web build (apps/web/vite.config.ts): entry route pattern → its page's chunks. */
type RoutePreloads = { routes: Record<string, string[]> };

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]))
  );
}

/**
 * index.html as each entry route's first response: the route's page chunks linked as `modulepreload` (no
 * request chain: fetched beside the entry script, not after it ran) and the boot values as JSON in a
 * `<script type="application/json">`, which the CSP (script-src 'self') lets through as data, never run.
 * Worked out once at startup; a path of no entry route gets the plain page with the boot values.
 */
function entryPages(html: string, preloads: RoutePreloads, boot: WebBoot) {
  const withHead = (links: string[]) =>
    html.replace(
      '</head>',
      `${links.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('')}` +
        `<script type="application/json" id="portal-boot">${JSON.stringify(boot).replaceAll('<', '\\u003c')}</script></head>`,
    );
  const pages = Object.entries(preloads.routes).map(([pattern, links]) => ({
    pattern,
    html: withHead(links),
  }));
  const fallback = withHead([]);
  return (path: string) => pages.find((page) => matches(page.pattern, path))?.html ?? fallback;
}

/**
 * Serves the built web app with history fallback: any GET outside /api and /assets that matches no file
 * gets index.html, so deep links such as /mlg/admin/dashboard load the app. Unknown API paths and missing
 * assets answer 404: a script that is not there must fail as a script (the app then offers a reload), not
 * arrive as a page.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist?: string; boot: WebBoot }) => {
  const root = opts.webDist ?? WEB_DIST;
  const hasWeb = existsSync(`${root}/index.html`);
  const preloadsFile = `${root}/route-preloads.json`;
  const pageFor = hasWeb
    ? entryPages(
        readFileSync(`${root}/index.html`, 'utf8'),
        existsSync(preloadsFile)
          ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as RoutePreloads)
          : { routes: {} },
        opts.boot,
      )
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
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    const isAsset = path.startsWith('/assets/');
    if (pageFor && !isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(pageFor(path));
    }
    // The address is not echoed: nothing a visitor typed comes back in a reply.
    return reply.status(404).send({ message: 'No such endpoint.' });
  });
});
