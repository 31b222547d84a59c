/**
 * Sign-in benchmark: 200 concurrent POST /login while another client polls GET /api/user-info (both from
 * a separate client process, bench/auth-client.ts). Prints
 * sign-ins per second against the machine's raw argon2id verify rate (target ≥ 80 %) and the p99 of
 * user-info during the storm (target < 50 ms). Runs the real app on PGlite in memory, or on PostgreSQL
 * when DATABASE_URL is set.
 *   npm run bench:auth            (CONCURRENCY=200 SIGNINS=600 WARMUP=400 ACCOUNTS=50 POLL_MS=5 to change the
 *                                  load: POLL_MS is the poller's pause between user-info requests;
 *                                  LOG_LEVEL=silent to measure without the access log)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { countFromEnv } from './env';

const CONCURRENCY = countFromEnv('CONCURRENCY', 200);
const SIGNINS = countFromEnv('SIGNINS', 600);
const WARMUP = countFromEnv('WARMUP', 400, 0);
const ACCOUNTS = countFromEnv('ACCOUNTS', 50);
const POLL_MS = countFromEnv('POLL_MS', 5);

const { hashSecret, verifySecret } = await import('../apps/server/src/lib/hashing');
const { createPlayer, FIXTURE_PASSWORD } = await import('../apps/server/test/fixtures');

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// 1. The machine's raw argon2id verify rate, with as many verifications in flight as the thread pool runs.
// Measured before and after the storm (a shared machine's speed drifts by ±10 % over a minute), the mean
// is the reference.
const threads = countFromEnv('UV_THREADPOOL_SIZE', 4);
const hash = await hashSecret(FIXTURE_PASSWORD);
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
async function rawVerifyRate(): Promise<{ rate: number; cpuMsPerVerify: number }> {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let verified = 0;
  await Promise.all(
    Array.from({ length: threads }, async () => {
      while (performance.now() - start < 4000) {
        await verifySecret(hash, FIXTURE_PASSWORD);
        verified += 1;
      }
    }),
  );
  return {
    rate: verified / ((performance.now() - start) / 1000),
    cpuMsPerVerify: cpuMs(process.cpuUsage(cpuStart)) / verified,
  };
}
const rawBefore = await rawVerifyRate();

/** CPU milliseconds (utime + stime) in the text of a /proc/…/stat file; 0 for an empty one. */
function statCpuMs(stat: string): number {
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
}

/** CPU milliseconds spent so far by every PostgreSQL process of this machine (0 when none is visible). */
async function postgresCpuMs(): Promise<number> {
  let ms = 0;
  for (const pid of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    if (stat.includes('(postgres)')) ms += statCpuMs(stat);
  }
  return ms;
}

/** CPU milliseconds of this process's main thread (the event loop) and of all its other threads. */
async function threadCpuMs(): Promise<{ main: number; others: number }> {
  const result = { main: 0, others: 0 };
  for (const tid of await readdir('/proc/self/task').catch(() => [])) {
    const ms = statCpuMs(await readFile(`/proc/self/task/${tid}/stat`, 'utf8').catch(() => ''));
    if (tid === String(process.pid)) result.main += ms;
    else result.others += ms;
  }
  return result;
}

// 2. The app with players.
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
await database.migrate();
const config = loadConfig({
  NODE_ENV: 'test',
  PORT: '0',
  DATA_DIR: '/nonexistent',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  // Every sign-in comes from 127.0.0.1: the per-IP limits must not refuse the storm.
  AUTH_RATE_LIMIT_MAX: String((SIGNINS + WARMUP) * 10),
});
// Logging as in production (one access line per request at 'info', through pino's asynchronous writer), into /dev/null.
const app = await buildApp({ config, database, logger: { level: config.LOG_LEVEL, file: '/dev/null' } });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
console.log(
  `database: ${database.kind}; ${availableParallelism()} CPUs; libuv pool ${threads}; preparing ${ACCOUNTS} players…`,
);
const players: Awaited<ReturnType<typeof createPlayer>>[] = [];
for (let i = 0; i < ACCOUNTS; i += 1) players.push(await createPlayer(app.ctx));
const poller = players[0]!;

// 3. The storm, from a client process, with a poller measuring user-info latency meanwhile.
const client = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./auth-client.ts', import.meta.url))],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
  },
);
client.stdin.end(
  JSON.stringify({
    base,
    concurrency: CONCURRENCY,
    warmup: WARMUP,
    signins: SIGNINS,
    accounts: players.map((p) => ({ email: p.user.email, password: FIXTURE_PASSWORD })),
    pollerAuth: poller.auth,
    pollIntervalMs: POLL_MS,
  }),
);
// The CPU counters start when the client reports the end of its warm-up.
const lines = createInterface({ input: client.stdout });
const exited = once(client, 'exit');
let stormCpuStart = process.cpuUsage();
let postgresCpuStart = 0;
let threadCpuStart = { main: 0, others: 0 };
let output = '';
for await (const line of lines) {
  if (line === 'measuring') {
    stormCpuStart = process.cpuUsage();
    postgresCpuStart = await postgresCpuMs();
    threadCpuStart = await threadCpuMs();
  } else output = line;
}
const [code] = await exited;
const serverCpuMs = cpuMs(process.cpuUsage(stormCpuStart));
const databaseCpuMs = (await postgresCpuMs()) - postgresCpuStart;
const threadCpuEnd = await threadCpuMs();
if (code !== 0) throw new Error(`the load client exited ${code}`);
const { ok, failures, stormSeconds, pollLatencies, clientCpuMs } = JSON.parse(output) as {
  ok: number;
  failures: Record<string, number>;
  stormSeconds: number;
  pollLatencies: number[];
  clientCpuMs: number;
};

const rawAfter = await rawVerifyRate();
const rawRate = (rawBefore.rate + rawAfter.rate) / 2;
const hashCpuMs = (rawBefore.cpuMsPerVerify + rawAfter.cpuMsPerVerify) / 2;
const signInRate = ok / stormSeconds;
const sorted = pollLatencies.sort((a, b) => a - b);
const p99 = percentile(sorted, 99);
console.log(
  `raw argon2id verify rate:  ${rawRate.toFixed(1)}/s (${threads} in parallel; ${rawBefore.rate.toFixed(1)} before the storm, ${rawAfter.rate.toFixed(1)} after)`,
);
console.log(
  `sign-ins:                  ${ok} of ${SIGNINS} in ${stormSeconds.toFixed(1)} s with ${CONCURRENCY} concurrent = ${signInRate.toFixed(1)}/s`,
);
if (Object.keys(failures).length > 0) console.log(`failed sign-ins by status:  ${JSON.stringify(failures)}`);
console.log(
  `sign-ins vs raw verify:    ${((signInRate / rawRate) * 100).toFixed(0)} % (target ≥ 80 %): ${signInRate >= rawRate * 0.8 ? 'met' : 'NOT met'}`,
);
console.log(
  `user-info during storm:    ${sorted.length} requests, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (target < 50 ms): ${p99 < 50 ? 'met' : 'NOT met'}`,
);

// Where the machine's CPU went, per successful sign-in (the poller's requests included): the event loop is
// the main thread; argon2 runs on the libuv pool, next to V8's garbage collection threads.
const perSignIn = (ms: number) => (ms / Math.max(1, ok)).toFixed(1);
console.log(
  `CPU per sign-in:           pool and GC threads ${perSignIn(threadCpuEnd.others - threadCpuStart.others)} ms (raw argon2 ${hashCpuMs.toFixed(1)}), event loop ${perSignIn(threadCpuEnd.main - threadCpuStart.main)} ms, PostgreSQL ${perSignIn(databaseCpuMs)} ms, load client ${perSignIn(clientCpuMs)} ms; ${availableParallelism()} CPUs busy ${(((serverCpuMs + databaseCpuMs + clientCpuMs) / (stormSeconds * 1000 * availableParallelism())) * 100).toFixed(0)} %`,
);

await app.close();
await database.close();
