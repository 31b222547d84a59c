import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpointUrl, type SdkArchive, type SdkListReply, sdkEndpoints } from '@portal/contract';
import { notFound } from '../../lib/errors';

/**
 * Where the build (scripts/build-sdks.mjs) puts the archives: apps/server/dist/sdk. From the bundled
 * dist/main.js that is ./sdk; from the sources (tests, tsx) it is ../../../dist/sdk.
 */
const CANDIDATES = [
  fileURLToPath(new URL('./sdk/', import.meta.url)),
  fileURLToPath(new URL('../../../dist/sdk/', import.meta.url)),
];

interface ManifestEntry extends Omit<SdkArchive, 'downloadUrl'> {
  order: number;
}

export interface SdkCatalog {
  dir: string;
  entries: ManifestEntry[];
}

/** Reads the manifest of the built archives; an empty catalog when the build has not made them. */
export function loadSdkCatalog(dirs: string[] = CANDIDATES): SdkCatalog {
  for (const dir of dirs) {
    const path = join(dir, 'manifest.json');
    if (!existsSync(path)) continue;
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { sdks: ManifestEntry[] };
    return { dir, entries: parsed.sdks };
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
