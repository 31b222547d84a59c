import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { pidFile } from '../../src/lib/pid-lock';
import { openToolDatabase } from '../../src/runtime';

const dirs: string[] = [];
function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'portal-tools-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const embedded = (dir: string) => loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: '' });

describe('command-line tools on the embedded database', () => {
  it('refuse to open it while a portal runs on it, with what to do', async () => {
    const dir = dataDir();
    // A live process other than this one holds the directory (the parent stands in for a running portal).
    writeFileSync(pidFile(dir), String(process.ppid));
    await expect(openToolDatabase(embedded(dir))).rejects.toThrow(
      /in use by a running portal[\s\S]*stop the portal/,
    );
    expect(existsSync(join(dir, 'pglite'))).toBe(false);
  });

  it('claim the directory while open and release it on close (a stale pid file is ignored)', async () => {
    const dir = dataDir();
    writeFileSync(pidFile(dir), '999999999');
    const database = await openToolDatabase(embedded(dir));
    expect(readFileSync(pidFile(dir), 'utf8')).toBe(String(process.pid));
    expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
    await database.close();
    expect(existsSync(pidFile(dir))).toBe(false);
  });

  it('admin:create creates an admin with a role, refuses a weak password or unknown role, and says which flag is wrong', () => {
    const dir = dataDir();
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin-create.ts', ...args], {
        env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: '' },
        encoding: 'utf8',
        cwd: join(import.meta.dirname, '../../../..'),
      });
    const created = run('--email', 'ops@example.test', '--password', 'Ops-Admin-2026');
    expect(created.stdout).toContain('Admin created: ops@example.test (ops, owner)');
    expect(created.status).toBe(0);
    const support = run('--email', 'desk@example.test', '--password', 'Desk-Admin-2026', '--role', 'support');
    expect(support.stdout).toContain('Admin created: desk@example.test (desk, support)');
    const unknownRole = run('--email', 'x@example.test', '--password', 'Desk-Admin-2026', '--role', 'boss');
    expect(unknownRole.status).toBe(1);
    expect(unknownRole.stderr).toMatch(/^--role: The role must be owner, support, finance or analyst\./);
    const weak = run('--email', 'second@example.test', '--password', 'short');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toMatch(/^--password: /);
    const again = run('--email', 'ops@example.test', '--password', 'Ops-Admin-2026');
    expect(again.status).toBe(1);
    expect(existsSync(pidFile(dir))).toBe(false);
  }, 60_000);
});
