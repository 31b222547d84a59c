import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSdkCatalog } from './service';

const ENTRY = {
  id: 'node',
  language: 'TypeScript',
  version: '1.0.0',
  targets: 'Node.js 18+',
  checked: 'compiled with tsc',
  fileName: 'portal-sdk-node.zip',
  size: 1234,
  sha256: 'a'.repeat(64),
  order: 1,
};

function folderWith(manifest: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'sdk-manifest-'));
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('loadSdkCatalog', () => {
  it('reads the first folder that has a manifest', () => {
    const empty = mkdtempSync(join(tmpdir(), 'sdk-none-'));
    const dir = folderWith({ sdks: [ENTRY] });
    expect(loadSdkCatalog([empty, dir])).toEqual({ dir, entries: [ENTRY] });
  });

  it('is empty when no folder has one (the archives are not built)', () => {
    expect(loadSdkCatalog([mkdtempSync(join(tmpdir(), 'sdk-none-'))])).toEqual({ dir: '', entries: [] });
  });

  it('refuses a manifest that names a file outside its folder or lacks a field', () => {
    const outside = folderWith({ sdks: [{ ...ENTRY, fileName: '../../etc/passwd' }] });
    expect(() => loadSdkCatalog([outside])).toThrow(/manifest\.json does not match what the build writes/);
    const { sha256: _missing, ...partial } = ENTRY;
    expect(() => loadSdkCatalog([folderWith({ sdks: [partial] })])).toThrow(/sha256/);
    const notJson = mkdtempSync(join(tmpdir(), 'sdk-manifest-'));
    writeFileSync(join(notJson, 'manifest.json'), '{"sdks": [');
    expect(() => loadSdkCatalog([notJson])).toThrow(/manifest\.json is not JSON/);
  });
});
