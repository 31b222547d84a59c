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
 *                        REPORTS=dir to keep each run's whole report; EDGE=h2 to load the pages through an
 *                        HTTPS edge speaking HTTP/2, as production serves them, bench/edge.ts; LCP_GRAPH=1 to
 *                        print each simulated mobile run's LCP graph, bench/lcp-graph.ts)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { startEdge } from './edge';
import { countFromEnv } from './env';
import { lcpGraphLines } from './lcp-graph';
import {
  listFromEnv,
  median,
  pagesFromEnv,
  type Session,
  sessionStorageItems,
  startPortal,
  stopPortal,
  type WebPage,
} from './web-portal';

const RUNS = countFromEnv('RUNS', 3);
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

const PRESETS = ['mobile', 'desktop'] as const;
type Preset = (typeof PRESETS)[number];

const TARGETS = {
  performance: { mobile: 90, desktop: 95 },
  // Issue #35's on a phone.
  mobileLcpMs: 2_500,
  mobileTbtMs: 200,
  cls: 0.05,
  accessibility: 100,
  bestPractices: 100,
  seo: 95,
};

const pages = pagesFromEnv();
const presets = listFromEnv('PRESETS', PRESETS);
// Simulated (Lighthouse's and PageSpeed's default) replays an unthrottled load on a model of the slow link and
// CPU; applied ('devtools') slows the browser itself, which is slower to run and closer to a phone's load.
const THROTTLING = process.env.THROTTLING === 'devtools' ? 'devtools' : 'simulate';
// REPORTS=<dir>: each run's whole Lighthouse report is written there too (open one in the Lighthouse viewer).
const REPORTS = process.env.REPORTS;
if (REPORTS) mkdirSync(REPORTS, { recursive: true });
// EDGE=h2: through an HTTPS edge speaking HTTP/2, as production serves the portal (its load balancer);
// otherwise the portal itself, HTTP/1.1 on localhost.
const EDGE = process.env.EDGE === 'h2' ? 'h2' : undefined;
// LCP_GRAPH=1: the requests Lighthouse's simulation puts on each mobile run's LCP, with their simulated times.
const LCP_GRAPH = process.env.LCP_GRAPH === '1';

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

const started = await startPortal();
const { portal, dataDir } = started;
const edge = EDGE ? await startEdge(started.base, dataDir) : undefined;
const base = edge?.base ?? started.base;
const chrome = await launch({
  chromePath: CHROME_PATH,
  // The edge's certificate is self-signed for the run.
  chromeFlags: ['--headless=new', '--no-sandbox', ...(edge ? ['--ignore-certificate-errors'] : [])],
});
try {
  const sessions = await sessionStorageItems(started.base);
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
  const audit = async (page: WebPage, preset: Preset): Promise<Result> => {
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
      if (!problem) {
        if (LCP_GRAPH && preset === 'mobile' && THROTTLING === 'simulate')
          console.error((await lcpGraphLines(result!)).join('\n'));
        return result!.lhr;
      }
      if (attempt === 3) throw new Error(`${page.path} ${preset}: ${problem}`);
      console.error(`${page.path} ${preset}: ${problem}; running it again`);
    }
  };

  const rows: { page: WebPage; preset: Preset; runs: Figures[]; lost: Set<string> }[] = [];
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
      `${median(benchmarkIndexes).toFixed(0)} (median), load average ${loadavg()[0]!.toFixed(1)} at the end; ` +
      `${edge ? 'through an HTTPS edge speaking HTTP/2' : 'the portal itself, HTTP/1.1'}\n` +
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
    if (preset === 'mobile' && at('lcpMs') >= TARGETS.mobileLcpMs)
      missed.push(`${where}: LCP ${seconds(at('lcpMs'))} ≥ ${seconds(TARGETS.mobileLcpMs)}`);
    if (preset === 'mobile' && at('tbtMs') >= TARGETS.mobileTbtMs)
      missed.push(`${where}: TBT ${ms(at('tbtMs'))} ≥ ${ms(TARGETS.mobileTbtMs)}`);
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
  edge?.edge.close();
  await stopPortal({ portal, dataDir });
}
