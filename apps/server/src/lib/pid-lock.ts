import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite has no lock of its own: two processes opening one data directory corrupt it. The portal writes
 * `${DATA_DIR}/portal.pid` while it runs on the embedded database; tools check it before opening.
 */
export function pidFile(dataDir: string): string {
  return join(dataDir, 'portal.pid');
}

/** The pid of a live portal using `dataDir`, or null (a stale file from a crash is ignored). */
function runningPortalPid(dataDir: string): number | null {
  const file = pidFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Claims the data directory for this process; returns a release function. */
export function claimDataDir(dataDir: string): () => void {
  const other = runningPortalPid(dataDir);
  if (other) throw new Error(`The data directory ${dataDir} is in use by a running portal (pid ${other}).`);
  const file = pidFile(dataDir);
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
    } catch {
      // already gone
    }
  };
}
