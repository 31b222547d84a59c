/**
 * The load side of `npm run bench:auth`, run as its own process so that the client's own work (200
 * sockets, parsing replies) neither slows the server's event loop nor delays the poller's timings.
 * Reads {base, concurrency, warmup, signins, accounts: [{email, password}], pollerAuth} as JSON on stdin;
 * writes 'measuring' on stdout when the warm-up sign-ins are done, then one JSON line of results (with the
 * CPU time this process spent during the measured storm).
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

interface Job {
  base: string;
  concurrency: number;
  signins: number;
  warmup: number;
  accounts: { email: string; password: string }[];
  pollerAuth: Record<string, string>;
}

let input = '';
for await (const chunk of process.stdin) input += chunk;
const job = JSON.parse(input) as Job;

/**
 * node:http with kept-alive sockets: about half the client CPU of fetch per request, which on a small
 * machine is CPU taken from the server being measured.
 */
const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency + 1 });
function send(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${job.base}${path}`,
      { agent, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

let stormOver = false;
let measuring = false;
const pollLatencies: number[] = [];
const polling = (async () => {
  while (!stormOver) {
    const start = performance.now();
    const status = await send('/api/user-info', { headers: job.pollerAuth });
    if (status !== 200) throw new Error(`user-info answered ${status}`);
    if (measuring) pollLatencies.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
})();

/** `count` sign-ins, `job.concurrency` at a time; answers how many succeeded and the failures by status. */
async function signIns(count: number): Promise<{ ok: number; failures: Record<number, number> }> {
  let next = 0;
  let ok = 0;
  const failures: Record<number, number> = {};
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      for (let i = next++; i < count; i = next++) {
        const account = job.accounts[i % job.accounts.length]!;
        const status = await send('/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(account),
        });
        if (status === 200) ok += 1;
        else failures[status] = (failures[status] ?? 0) + 1;
      }
    }),
  );
  return { ok, failures };
}

// Warm-up, not measured: until V8 has optimized the code of both sides, a sign-in costs both processes
// far more CPU (baseline code, compiler threads) than it does in a server that has been up a while.
await signIns(job.warmup);
process.stdout.write('measuring\n');
measuring = true;
const cpuStart = process.cpuUsage();
const stormStart = performance.now();
const { ok, failures } = await signIns(job.signins);
const stormSeconds = (performance.now() - stormStart) / 1000;
const cpu = process.cpuUsage(cpuStart);
const clientCpuMs = (cpu.user + cpu.system) / 1000;
stormOver = true;
await polling;
agent.destroy();
process.stdout.write(`${JSON.stringify({ ok, failures, stormSeconds, pollLatencies, clientCpuMs })}\n`);
