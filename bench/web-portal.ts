/**
 * What the web benchmarks share (bench:web, bench:web-profile): the built portal started on a fresh embedded
 * database with demo data, the pages they load and the session each needs, as the login pages store it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ADMIN, DEMO_PLAYER_PASSWORD } from '../apps/server/src/demo/seed';

/** A demo player with both webshops' games (apps/server/src/demo/seed.ts). */
const DEMO_PLAYER_EMAIL = 'carla@demo.local';

export type Session = 'none' | 'player' | 'admin';
export type WebPage = { path: string; session: Session; isPublic: boolean };
export const PAGES: WebPage[] = [
  { path: '/login', session: 'none', isPublic: true },
  { path: '/register/talesrunner', session: 'none', isPublic: true },
  { path: '/sdk-downloads', session: 'none', isPublic: true },
  { path: '/profile', session: 'player', isPublic: false },
  { path: '/webshop', session: 'player', isPublic: false },
  { path: '/TRWebshop', session: 'player', isPublic: false },
  { path: '/mlg/admin/dashboard', session: 'admin', isPublic: false },
  // Where support lands: three tables of players, each fetched on its own.
  { path: '/mlg/admin/allUsers', session: 'admin', isPublic: false },
];

/** The items of a comma-separated knob, each one of `all`; `fallback` (all of them unless said) when unset. */
export function listFromEnv<T extends string>(
  name: string,
  all: readonly T[],
  fallback: readonly T[] = all,
): T[] {
  const raw = process.env[name];
  if (!raw) return [...fallback];
  const picked = raw.split(',').map((item) => item.trim());
  const unknown = picked.filter((item) => !all.includes(item as T));
  if (unknown.length > 0)
    throw new Error(`${name}: unknown ${unknown.join(', ')} (choose from ${all.join(', ')})`);
  return picked as T[];
}

/** The pages the PAGES knob names (by path), `fallback` when it is unset. */
export function pagesFromEnv(fallback: readonly string[] = PAGES.map((page) => page.path)): WebPage[] {
  const paths = listFromEnv(
    'PAGES',
    PAGES.map((page) => page.path),
    fallback,
  );
  return paths.map((path) => PAGES.find((page) => page.path === path)!);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startPortal(): Promise<{ base: string; portal: ChildProcess; dataDir: string }> {
  const build = spawnSync(process.execPath, ['scripts/build-stale.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-web-'));
  // Development mode only because demo data is refused in production; the web build is the same either way.
  const portal = spawn(process.execPath, ['apps/server/dist/main.js'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_SEED: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  // A fresh database and the demo data: a minute or more on a loaded machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (portal.exitCode !== null) throw new Error(`the portal exited with ${portal.exitCode}`);
    const ready = await fetch(`${base}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { base, portal, dataDir };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  portal.kill();
  throw new Error('the portal did not answer /healthz within 180 s');
}

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<T>;
}

/** The local storage each kind of visitor has: the keys and values the login pages write (lib/storage.ts). */
export async function sessionStorageItems(base: string): Promise<Record<Session, Record<string, string>>> {
  const player = await postJson<{ token: string; user: { role?: string | null } }>(`${base}/login`, {
    email: DEMO_PLAYER_EMAIL,
    password: DEMO_PLAYER_PASSWORD,
  });
  const admin = await postJson<{ token: string; admin: unknown }>(`${base}/api/admin/login`, {
    email: DEMO_ADMIN.email,
    password: DEMO_ADMIN.password,
  });
  return {
    none: {},
    player: {
      token: player.token,
      isAuthenticated: 'true',
      user: JSON.stringify(player.user),
      role: player.user.role || 'member',
    },
    admin: { admin_token: admin.token, adminAuthenticated: 'true', admin: JSON.stringify(admin.admin) },
  };
}

/** Stops the portal started by `startPortal` and removes its database. */
export async function stopPortal({ portal, dataDir }: { portal: ChildProcess; dataDir: string }) {
  portal.kill('SIGTERM');
  await new Promise((resolve) => portal.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
