/**
 * Lighthouse 12 on the portal's key pages, as a player's browser loads them: the built portal (built first when
 * stale) on a fresh embedded database with demo data, audited with Debian's chromium, headless, mobile (default
 * throttling) and desktop presets. Signed-in pages get the demo player's or demo admin's session in local
 * storage, as the login pages store it. Every run starts with an empty HTTP cache. Prints the median scores,
 * LCP / TBT / CLS and their spread, the audits that cost points, and the targets missed. It reports figures: it
 * exits 0 whatever they are.
 *   npm run bench:web   (RUNS=3 per page and preset; PAGES=/login,/profile and PRESETS=mobile to narrow it;
 *                        CHROME_PATH=/usr/bin/chromium; THROTTLING=devtools to apply the throttling to the
 *                        browser instead of simulating it from an unthrottled load, Lighthouse's default;
 *                        REPORTS=dir to keep each run's whole report)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { DEMO_ADMIN, DEMO_PLAYER_PASSWORD } from '../apps/server/src/demo/seed';
import { countFromEnv } from './env';

const RUNS = countFromEnv('RUNS', 3);
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
/** A demo player with both webshops' games (apps/server/src/demo/seed.ts). */
const DEMO_PLAYER_EMAIL = 'carla@demo.local';

type Session = 'none' | 'player' | 'admin';
const PAGES: { path: string; session: Session; isPublic: boolean }[] = [
  { path: '/login', session: 'none', isPublic: true },
  { path: '/register/talesrunner', session: 'none', isPublic: true },
  { path: '/sdk-downloads', session: 'none', isPublic: true },
  { path: '/profile', session: 'player', isPublic: false },
  { path: '/webshop', session: 'player', isPublic: false },
  { path: '/TRWebshop', session: 'player', isPublic: false },
  { path: '/mlg/admin/dashboard', session: 'admin', isPublic: false },
];
const PRESETS = ['mobile', 'desktop'] as const;
type Preset = (typeof PRESETS)[number];

const TARGETS = {
  performance: { mobile: 90, desktop: 95 },
  cls: 0.05,
  accessibility: 100,
  bestPractices: 100,
  seo: 95,
};

function listFromEnv<T extends string>(name: string, all: readonly T[]): T[] {
  const raw = process.env[name];
  if (!raw) return [...all];
  const picked = raw.split(',').map((item) => item.trim());
  const unknown = picked.filter((item) => !all.includes(item as T));
  if (unknown.length > 0)
    throw new Error(`${name}: unknown ${unknown.join(', ')} (choose from ${all.join(', ')})`);
  return picked as T[];
}

const pages = listFromEnv(
  'PAGES',
  PAGES.map((page) => page.path),
).map((path) => PAGES.find((page) => page.path === path)!);
const presets = listFromEnv('PRESETS', PRESETS);
// Simulated (Lighthouse's and PageSpeed's default) replays an unthrottled load on a model of the slow link and
// CPU; applied ('devtools') slows the browser itself, which is slower to run and closer to a phone's load.
const THROTTLING = process.env.THROTTLING === 'devtools' ? 'devtools' : 'simulate';
// REPORTS=<dir>: each run's whole Lighthouse report is written there too (open one in the Lighthouse viewer).
const REPORTS = process.env.REPORTS;
if (REPORTS) mkdirSync(REPORTS, { recursive: true });

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

async function startPortal(): Promise<{ base: string; portal: ChildProcess; dataDir: string }> {
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
async function sessionStorageItems(base: string): Promise<Record<Session, Record<string, string>>> {
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

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

function figuresOf(lhr: Result): Figures {
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
  };
}

/** The audits below full marks that count in a category's score (performance metrics are in the table). */
function lostPoints(lhr: Result): string[] {
  const lost: string[] = [];
  for (const [id, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1 || ref.group === 'metrics')
        continue;
      lost.push(`${id}: ${ref.id} (${audit.displayValue || audit.title})`);
    }
  }
  return lost;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const { base, portal, dataDir } = await startPortal();
const chrome = await launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox'],
});
try {
  const sessions = await sessionStorageItems(base);
  // Playwright, over the same DevTools port, empties the HTTP cache and writes the session before each run;
  // Lighthouse then keeps storage as it is (disableStorageReset), so signed-in pages stay signed in.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const prepare = async (session: Session) => {
    const tab = await browser.contexts()[0]!.newPage();
    const cdp = await tab.context().newCDPSession(tab);
    await cdp.send('Network.clearBrowserCache');
    await tab.goto(`${base}/robots.txt`);
    await tab.evaluate((items) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, sessions[session]);
    await cdp.detach();
    await tab.close();
  };

  /** One Lighthouse run from an empty cache; a run Lighthouse itself gives up on (a lost trace) is run again. */
  const audit = async (page: (typeof PAGES)[number], preset: Preset): Promise<Result> => {
    for (let attempt = 1; ; attempt += 1) {
      await prepare(page.session);
      const result = await lighthouse(
        `${base}${page.path}`,
        {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          disableStorageReset: true,
          throttlingMethod: THROTTLING,
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      const problem = result ? result.lhr.runtimeError?.message : 'no result';
      if (!problem) return result!.lhr;
      if (attempt === 3) throw new Error(`${page.path} ${preset}: ${problem}`);
      console.error(`${page.path} ${preset}: ${problem}; running it again`);
    }
  };

  const rows: { page: (typeof PAGES)[number]; preset: Preset; runs: Figures[]; lost: Set<string> }[] = [];
  // Lighthouse times the page on this machine and scales it: a busy machine lowers every figure.
  const benchmarkIndexes: number[] = [];
  for (const page of pages) {
    for (const preset of presets) {
      const row = { page, preset, runs: [] as Figures[], lost: new Set<string>() };
      for (let run = 1; run <= RUNS; run += 1) {
        const lhr = await audit(page, preset);
        const landed = new URL(lhr.finalDisplayedUrl).pathname;
        if (landed !== page.path)
          throw new Error(`${page.path} landed on ${landed}: the session was not taken`);
        row.runs.push(figuresOf(lhr));
        if (REPORTS) {
          const name = `${page.path.slice(1).replaceAll('/', '-') || 'root'}-${preset}-${run}.json`;
          writeFileSync(join(REPORTS, name), JSON.stringify(lhr));
        }
        benchmarkIndexes.push(lhr.environment.benchmarkIndex);
        for (const item of lostPoints(lhr)) row.lost.add(item);
        console.error(`${page.path} ${preset} run ${run}/${RUNS}: performance ${figuresOf(lhr).performance}`);
      }
      rows.push(row);
    }
  }
  await browser.close();

  const cell = (runs: Figures[], key: keyof Figures, format: (value: number) => string) => {
    const values = runs.map((figures) => figures[key]);
    const spread = Math.max(...values) - Math.min(...values);
    return `${format(median(values))} ±${format(spread / 2)}`;
  };
  const whole = (value: number) => value.toFixed(0);
  const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const shift = (value: number) => value.toFixed(3);
  console.log(
    `\nLighthouse ${RUNS} run(s) per row, ${THROTTLING === 'devtools' ? 'applied' : 'simulated'} throttling: ` +
      'median ±half the spread (max−min)/2; machine: benchmark index ' +
      `${median(benchmarkIndexes).toFixed(0)} (median), load average ${loadavg()[0]!.toFixed(1)} at the end\n` +
      '| page | preset | performance | accessibility | best practices | SEO | LCP | TBT | CLS |\n' +
      '|---|---|---|---|---|---|---|---|---|',
  );
  for (const { page, preset, runs } of rows) {
    console.log(
      `| ${page.path} | ${preset} | ${cell(runs, 'performance', whole)} | ${cell(runs, 'accessibility', whole)} | ${cell(runs, 'bestPractices', whole)} | ${cell(runs, 'seo', whole)} | ${cell(runs, 'lcpMs', seconds)} | ${cell(runs, 'tbtMs', ms)} | ${cell(runs, 'cls', shift)} |`,
    );
  }

  const missed: string[] = [];
  for (const { page, preset, runs, lost } of rows) {
    const at = (key: keyof Figures) => median(runs.map((figures) => figures[key]));
    const where = `${page.path} ${preset}`;
    const performanceTarget = TARGETS.performance[preset];
    if (at('performance') < performanceTarget)
      missed.push(`${where}: performance ${at('performance')} < ${performanceTarget}`);
    if (at('cls') >= TARGETS.cls) missed.push(`${where}: CLS ${shift(at('cls'))} ≥ ${TARGETS.cls}`);
    if (at('accessibility') < TARGETS.accessibility)
      missed.push(`${where}: accessibility ${at('accessibility')} < ${TARGETS.accessibility}`);
    if (at('bestPractices') < TARGETS.bestPractices)
      missed.push(`${where}: best practices ${at('bestPractices')} < ${TARGETS.bestPractices}`);
    if (page.isPublic && at('seo') < TARGETS.seo) missed.push(`${where}: SEO ${at('seo')} < ${TARGETS.seo}`);
    for (const item of lost) console.log(`  ${where} loses points on ${item}`);
  }
  console.log(missed.length === 0 ? '\nEvery target met.' : `\nTargets missed:\n  ${missed.join('\n  ')}`);
} finally {
  chrome.kill();
  portal.kill('SIGTERM');
  await new Promise((resolve) => portal.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
