// Builds the downloadable SDK archives: one zip per folder of sdks/ (with its sdk.json; without its test/
// folder), plus manifest.json with sizes and SHA-256 checksums, into apps/server/dist/sdk (or --out DIR).
// Dependency-free zip writer; the archives are reproducible (sorted entries, fixed timestamps), so rebuilding
// gives the same bytes.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const SDK_SOURCE_DIR = join(ROOT, 'sdks');
export const SDK_OUT_DIR = join(ROOT, 'apps/server/dist/sdk');

// 2026-01-01 00:00 in MS-DOS date/time form.
const DOS_TIME = 0;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

/** A zip archive of `entries` ({ name, data }) with deflate compression. */
export function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const deflated = deflateRawSync(data, { level: 9 });
    const stored = deflated.length >= data.length;
    const body = stored ? data : deflated;
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(stored ? 0 : 8, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, nameBytes, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x031e, 4); // made by: Unix, 3.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(stored ? 0 : 8, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt16LE(0, 30); // extra
    central.writeUInt16LE(0, 32); // comment
    central.writeUInt16LE(0, 34); // disk
    central.writeUInt16LE(0, 36); // internal attributes
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // -rw-r--r--
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + body.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (
      entry.name.startsWith('.') ||
      // Build output, and the SDKs' own tests (they read the shared sdks/webhook-vector.json, not shipped).
      ['node_modules', 'bin', 'obj', 'out', '__pycache__', 'test'].includes(entry.name)
    )
      continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** Builds every archive and the manifest; returns the manifest. */
export function buildSdks({ sourceDir = SDK_SOURCE_DIR, outDir = SDK_OUT_DIR } = {}) {
  mkdirSync(outDir, { recursive: true });
  const sdks = [];
  for (const entry of readdirSync(sourceDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = join(sourceDir, entry.name);
    const meta = JSON.parse(readFileSync(join(dir, 'sdk.json'), 'utf8'));
    const folder = `caliber-portal-sdk-${meta.id}-${meta.version}`;
    const files = filesUnder(dir).filter((f) => relative(dir, f) !== 'sdk.json');
    const archive = zip(
      files.map((f) => ({
        name: `${folder}/${relative(dir, f).split('\\').join('/')}`,
        data: readFileSync(f),
      })),
    );
    const fileName = `${folder}.zip`;
    const tmp = join(outDir, `.${fileName}.${process.pid}.tmp`);
    writeFileSync(tmp, archive);
    renameSync(tmp, join(outDir, fileName));
    sdks.push({
      id: meta.id,
      language: meta.language,
      order: meta.order ?? 99,
      version: meta.version,
      targets: meta.targets,
      checked: meta.checked,
      fileName,
      size: statSync(join(outDir, fileName)).size,
      sha256: createHash('sha256').update(archive).digest('hex'),
      files: files.length,
    });
  }
  sdks.sort((a, b) => a.order - b.order);
  const manifest = { sdks };
  const tmp = join(outDir, `.manifest.${process.pid}.tmp`);
  writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(tmp, join(outDir, 'manifest.json'));
  return manifest;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outIndex = process.argv.indexOf('--out');
  const outDir = outIndex > 0 ? process.argv[outIndex + 1] : SDK_OUT_DIR;
  const manifest = buildSdks({ outDir });
  console.log(`sdk archives built: ${manifest.sdks.map((s) => s.fileName).join(', ')}`);
}
