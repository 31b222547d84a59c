import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ISOLATED_WEB_TESTS } from '../../../web/src/test/isolated';
import { ISOLATED, ONCE, SDK_FILES } from '../engines';

const SERVER = fileURLToPath(new URL('../..', import.meta.url));
const WEB = fileURLToPath(new URL('../../../web', import.meta.url));

/** Every *.test.ts(x) under `dir` (but dependencies and builds), relative to `root`. */
function testFiles(dir = SERVER, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path, root);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

/** The files of `files` (relative to `root`) that replace a module with vi.mock. */
const mockingIn = (root: string, files: string[]) =>
  files.filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(root, file), 'utf8'))).sort();

const isDatabaseTest = (file: string) => !file.startsWith('test/cluster/');

describe('which engine runs which server test file (test/engines.ts)', () => {
  const files = testFiles();

  it('lists only files that exist, each in one list', () => {
    const lists = [Object.keys(ONCE), Object.keys(ISOLATED), SDK_FILES];
    for (const file of lists.flat()) expect(files, file).toContain(file);
    expect(new Set(lists.flat()).size).toBe(lists.flat().length);
  });

  it('runs every file that mocks a module with a module cache of its own (a shared one would not apply it)', () => {
    expect(mockingIn(SERVER, files)).toEqual(Object.keys(ISOLATED).sort());
  });

  it('runs every web file that mocks a module in web-isolated (apps/web/src/test/isolated.ts)', () => {
    expect(mockingIn(WEB, testFiles(join(WEB, 'src'), WEB))).toEqual([...ISOLATED_WEB_TESTS].sort());
  });

  it('leaves no test file outside the projects: each is under src/ or test/, where the server projects look', () => {
    const outside = files.filter((file) => !/^(src|test)\//.test(file));
    expect(outside).toEqual([]);
    expect(files.filter(isDatabaseTest).length).toBeGreaterThan(Object.keys(ONCE).length + SDK_FILES.length);
  });

  it('gives every file run once, or isolated, a reason', () => {
    for (const [file, reason] of Object.entries({ ...ONCE, ...ISOLATED }))
      expect(reason.length, file).toBeGreaterThan(10);
  });
});
