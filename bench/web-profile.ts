/**
 * Where a page's start goes on a slow phone, as a CPU profile tells it (the measurements of decisions 0080–0082):
 * the built portal on a fresh embedded database with demo data, each page loaded in Debian's chromium with the
 * CPU slowed 4×, a 412 px touch window and an empty cache, a CPU profile from the navigation to 1.5 s after the
 * network went quiet. Prints, per page, the medians over the loads: blocking time (the long tasks' time over
 * 50 ms, the profiler on), the scripts fetched and their bytes on the wire, and the evaluation of each chunk's
 * modules (inclusive: what its top-level code calls, zod's schema building included). Compare two builds by
 * running it in each checkout the same hour. It reports figures: it exits 0 whatever they are.
 *   npm run bench:web-profile   (PAGES=/webshop,/profile by default, any page of bench:web; RUNS=7 loads each;
 *                                CHROME_PATH=/usr/bin/chromium)
 */
import { loadavg } from 'node:os';
import { type CDPSession, chromium } from '@playwright/test';
import { countFromEnv } from './env';
import { median, pagesFromEnv, sessionStorageItems, startPortal, stopPortal } from './web-portal';

const RUNS = countFromEnv('RUNS', 7);
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const CHUNKS_SHOWN = 15;
const pages = pagesFromEnv(['/webshop', '/profile']);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

interface Load {
  blockingMs: number;
  scripts: number;
  scriptBytes: number;
  /** chunk file name → its modules' evaluation, ms */
  evaluation: Map<string, number>;
}

/** Inclusive time of each chunk's module evaluation: the profile's top-level function of each asset. */
function evaluationByChunk(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    self.set(id, (self.get(id) ?? 0) + profile.timeDeltas[index]!);
  });
  const inclusive = new Map<number, number>();
  const total = (id: number): number => {
    const known = inclusive.get(id);
    if (known !== undefined) return known;
    const sum =
      (self.get(id) ?? 0) + (byId.get(id)!.children ?? []).reduce((acc, child) => acc + total(child), 0);
    inclusive.set(id, sum);
    return sum;
  };
  const byChunk = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (functionName !== '' || lineNumber !== 0 || columnNumber !== 0 || !url.includes('/assets/')) continue;
    const chunk = url.slice(url.lastIndexOf('/') + 1);
    byChunk.set(chunk, (byChunk.get(chunk) ?? 0) + total(node.id) / 1000);
  }
  return byChunk;
}

const started = await startPortal();
const { base } = started;
const browser = await chromium.launch({ executablePath: CHROME_PATH });
try {
  const sessions = await sessionStorageItems(base);
  for (const page of pages) {
    const loads: Load[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      await context.addInitScript((items) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
        const tasks: number[] = [];
        (window as unknown as { longTasks: number[] }).longTasks = tasks;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push(entry.duration);
        }).observe({ type: 'longtask', buffered: true });
      }, sessions[page.session]);
      const tab = await context.newPage();
      const scriptSizes: Promise<number>[] = [];
      tab.on('requestfinished', (request) => {
        if (request.resourceType() === 'script')
          scriptSizes.push(request.sizes().then((sizes) => sizes.responseBodySize));
      });
      const cdp: CDPSession = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await tab.goto(`${base}${page.path}`, { waitUntil: 'networkidle' });
      await tab.waitForTimeout(1500);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      const landed = new URL(tab.url()).pathname;
      if (landed !== page.path)
        throw new Error(`${page.path} landed on ${landed}: the session was not taken`);
      const longTasks = await tab.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
      const sizes = await Promise.all(scriptSizes);
      loads.push({
        blockingMs: longTasks.reduce((sum, duration) => sum + Math.max(0, duration - LONG_TASK_MS), 0),
        scripts: sizes.length,
        scriptBytes: sizes.reduce((sum, size) => sum + size, 0),
        evaluation: evaluationByChunk(profile),
      });
      await context.close();
      console.error(`${page.path} load ${run}/${RUNS}: blocking ${loads.at(-1)!.blockingMs.toFixed(0)} ms`);
    }
    const range = (values: number[]) =>
      `${median(values).toFixed(0)} ms (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
    const chunks = [...new Set(loads.flatMap((load) => [...load.evaluation.keys()]))]
      .map((chunk) => ({ chunk, ms: median(loads.map((load) => load.evaluation.get(chunk) ?? 0)) }))
      .sort((a, b) => b.ms - a.ms);
    console.log(
      `\n${page.path}: ${RUNS} loads, CPU slowed ${CPU_SLOWDOWN}×; medians (range)\n` +
        `  blocking (profiler on): ${range(loads.map((load) => load.blockingMs))}\n` +
        `  scripts: ${median(loads.map((load) => load.scripts))}, ` +
        `${(median(loads.map((load) => load.scriptBytes)) / 1024).toFixed(1)} KB on the wire\n` +
        `  evaluation of every chunk: ${range(loads.map((load) => [...load.evaluation.values()].reduce((a, b) => a + b, 0)))}\n` +
        `  the chunks' evaluation, largest first (named after their first module):`,
    );
    for (const { chunk, ms } of chunks.slice(0, CHUNKS_SHOWN))
      console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${chunk}`);
  }
  console.log(`\nload average ${loadavg()[0]!.toFixed(1)} at the end`);
} finally {
  await browser.close();
  await stopPortal(started);
}
