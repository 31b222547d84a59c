import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Built web app: apps/web/dist, the same depth from src/plugins and from the bundled dist/. */
const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/**
 * Serves the built web app with history fallback: any GET outside /api and /assets that matches no file
 * gets index.html, so deep links such as /mlg/admin/dashboard load the app. Unknown API paths and missing
 * assets answer 404: a script that is not there must fail as a script (the app then offers a reload), not
 * arrive as a page.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist?: string }) => {
  const root = opts.webDist ?? WEB_DIST;
  const hasWeb = existsSync(`${root}/index.html`);
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
    if (hasWeb && !isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    // The address is not echoed: nothing a visitor typed comes back in a reply.
    return reply.status(404).send({ message: 'No such endpoint.' });
  });
});
