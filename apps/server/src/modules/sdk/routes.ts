import { createReadStream } from 'node:fs';
import { sdkEndpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/endpoints';
import { loadSdkCatalog, sdkArchive, sdkList } from './service';

/** SDK downloads: the list with checksums, and the zip archives built by scripts/build-sdks.mjs. */
export async function sdkRoutes(app: FastifyInstance) {
  // Read per request: cheap (a small JSON file) and always matches the archives on disk.
  const catalog = () => loadSdkCatalog();

  route(app, sdkEndpoints.list, async ({ reply }) => {
    reply.header('cache-control', 'no-cache');
    return sdkList();
  });

  route(
    app,
    sdkEndpoints.download,
    async ({ params, reply }) => {
      const { path, entry } = sdkArchive(catalog(), params.id);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${entry.fileName}"`)
        .header('content-length', entry.size)
        .header('x-checksum-sha256', entry.sha256)
        .header('cache-control', 'public, max-age=300')
        .send(createReadStream(path));
    },
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
  );
}
