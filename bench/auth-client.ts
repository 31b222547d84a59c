/**
 * The load side of `npm run bench:auth`, run as its own process so that the client's own work (200
 * sockets, parsing replies) neither slows the server's event loop nor delays the poller's timings.
 * Reads {base, concurrency, signins, accounts: [{email, password}], pollerAuth} as JSON on stdin and
 * writes one JSON line of results on stdout.
 */
import { performance } from 'node:perf_hooks';

interface Job {
  base: string;
  concurrency: number;
  signins: number;
  accounts: { email: string; password: string }[];
  pollerAuth: Record<string, string>;
}

let input = '';
for await (const chunk of process.stdin) input += chunk;
const job = JSON.parse(input) as Job;

let stormOver = false;
const pollLatencies: number[] = [];
const polling = (async () => {
  while (!stormOver) {
    const start = performance.now();
    const res = await fetch(`${job.base}/api/user-info`, { headers: job.pollerAuth });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`user-info answered ${res.status}`);
    pollLatencies.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
})();

let next = 0;
let ok = 0;
const failures: Record<number, number> = {};
const stormStart = performance.now();
await Promise.all(
  Array.from({ length: job.concurrency }, async () => {
    for (let i = next++; i < job.signins; i = next++) {
      const account = job.accounts[i % job.accounts.length]!;
      const res = await fetch(`${job.base}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(account),
      });
      await res.arrayBuffer();
      if (res.status === 200) ok += 1;
      else failures[res.status] = (failures[res.status] ?? 0) + 1;
    }
  }),
);
const stormSeconds = (performance.now() - stormStart) / 1000;
stormOver = true;
await polling;
process.stdout.write(`${JSON.stringify({ ok, failures, stormSeconds, pollLatencies })}\n`);
