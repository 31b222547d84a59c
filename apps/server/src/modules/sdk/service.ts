import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  endpointUrl,
  type SdkArchive,
  type SdkListReply,
  sdkArchiveSchema,
  sdkEndpoints,
} from '@portal/contract';
import { z } from 'zod';
import { readBuildFile } from '../../lib/build-files';
import { notFound } from '../../lib/errors';

/**
 * Where the build (scripts/build-sdks.mjs) puts the archives: apps/server/dist/sdk. From the bundled
 * dist/main.js that is ./sdk; from the sources (tests, tsx) it is ../../../dist/sdk.
 */
const CANDIDATES = [
  fileURLToPath(new URL('./sdk/', import.meta.url)),
  fileURLToPath(new URL('../../../dist/sdk/', import.meta.url)),
];

/** What scripts/build-sdks.mjs writes: each archive as the list shows it, named by a file in the same folder. */
const manifestSchema = z.object({
  sdks: z.array(
    sdkArchiveSchema.omit({ downloadUrl: true }).extend({
      fileName: z.string().regex(/^[\w.-]+\.zip$/, 'an archive file name in the manifest folder'),
      order: z.number(),
    }),
  ),
});
type ManifestEntry = z.infer<typeof manifestSchema>['sdks'][number];

export interface SdkCatalog {
  dir: string;
  entries: ManifestEntry[];
}

/**
 * Reads the manifest of the built archives; an empty catalog when the build has not made them. A manifest
 * that does not parse is a broken build: it throws, naming the file, rather than list or serve a guess.
 */
export function loadSdkCatalog(dirs: string[] = CANDIDATES): SdkCatalog {
  for (const dir of dirs) {
    const path = join(dir, 'manifest.json');
    if (!existsSync(path)) continue;
    return { dir, entries: readBuildFile(path, manifestSchema).sdks };
  }
  return { dir: '', entries: [] };
}

function listSdks(catalog: SdkCatalog): SdkArchive[] {
  return catalog.entries.map((e) => ({
    id: e.id,
    language: e.language,
    version: e.version,
    targets: e.targets,
    checked: e.checked,
    fileName: e.fileName,
    size: e.size,
    sha256: e.sha256,
    downloadUrl: endpointUrl(sdkEndpoints.download, { id: e.id }),
  }));
}

export function sdkArchive(catalog: SdkCatalog, id: string): { path: string; entry: ManifestEntry } {
  const entry = catalog.entries.find((e) => e.id === id);
  if (!entry) throw notFound('There is no SDK with this name.');
  const path = join(catalog.dir, entry.fileName);
  if (!existsSync(path)) throw notFound('This SDK archive has not been built.');
  return { path, entry };
}

/** GET /api/sdk's reply: the archives on disk now (the manifest is small, so it is read on each call). */
export function sdkList(): SdkListReply {
  return { sdks: listSdks(loadSdkCatalog()) };
}
