/**
 * The load side of `npm run bench:auth`, run as its own process so that the client's own work (200
 * sockets, parsing replies) neither slows the server's event loop nor delays the poller's timings.
 * Reads {base, concurrency, warmup, signins, accounts: [{email, password}], pollerAuth} as JSON on stdin;
 * writes 'measuring' on stdout when the warm-up sign-ins are done, then one JSON line of results (with the
 * CPU time this process spent during the measured storm).
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

interface Job {
  base: string;
  concurrency: number;
  signins: number;
  warmup: number;
  accounts: { email: string; password: string }[];
  pollerAuth: Record<string, string>;
  pollIntervalMs: number;
}

let input = '';
for await (const chunk of process.stdin) input += chunk;
const job = JSON.parse(input) as Job;

/**
 * One kept-alive HTTP/1.1 connection sending one request at a time, reading only the status line and
 * Content-Length of each reply (the server always sends it). A few microseconds per request where node:http
 * spends a few hundred: on a small machine the client's CPU is taken from the server being measured (wrk
 * does the same in C).
 */
class Connection {
  private readonly socket: Socket;
  private readonly ready: Promise<void>;
  private pending: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (status: number) => void; reject: (error: Error) => void } | null = null;

  constructor(base: string) {
    const { hostname, port } = new URL(base);
    this.socket = connect({ host: hostname, port: Number(port), noDelay: true });
    this.ready = once(this.socket, 'connect').then(() => undefined);
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (error) => this.waiting?.reject(error));
    this.socket.on('close', () => this.waiting?.reject(new Error('the server closed the connection')));
  }

  async send(request: Buffer): Promise<number> {
    await this.ready;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.end();
  }

  private read(chunk: Buffer): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const headEnd = this.pending.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.pending.toString('latin1', 0, headEnd);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
    if (!Number.isInteger(length)) {
      this.waiting?.reject(new Error(`a reply without Content-Length: ${head}`));
      return;
    }
    if (this.pending.length < headEnd + 4 + length) return;
    this.pending = this.pending.subarray(headEnd + 4 + length);
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve(Number(head.slice(9, 12)));
  }
}

/** The bytes of one request, built once. */
function requestBytes(method: string, path: string, headers: Record<string, string>, body = ''): Buffer {
  const lines = Object.entries({
    host: 'bench',
    ...headers,
    'content-length': String(Buffer.byteLength(body)),
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return Buffer.from(`${method} ${path} HTTP/1.1\r\n${lines}\r\n${body}`);
}

const pollRequest = requestBytes('GET', '/api/user-info', job.pollerAuth);
const signInRequests = job.accounts.map((account) =>
  requestBytes('POST', '/login', { 'content-type': 'application/json' }, JSON.stringify(account)),
);
const connections = Array.from({ length: job.concurrency + 1 }, () => new Connection(job.base));
const pollerConnection = connections.pop()!;

let stormOver = false;
let measuring = false;
const pollLatencies: number[] = [];
const polling = (async () => {
  while (!stormOver) {
    const start = performance.now();
    const status = await pollerConnection.send(pollRequest);
    if (status !== 200) throw new Error(`user-info answered ${status}`);
    if (measuring) pollLatencies.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, job.pollIntervalMs));
  }
})();

/** `count` sign-ins, `job.concurrency` at a time; answers how many succeeded and the failures by status. */
async function signIns(count: number): Promise<{ ok: number; failures: Record<number, number> }> {
  let next = 0;
  let ok = 0;
  const failures: Record<number, number> = {};
  await Promise.all(
    connections.map(async (connection) => {
      for (let i = next++; i < count; i = next++) {
        const status = await connection.send(signInRequests[i % signInRequests.length]!);
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
for (const connection of [...connections, pollerConnection]) connection.close();
process.stdout.write(`${JSON.stringify({ ok, failures, stormSeconds, pollLatencies, clientCpuMs })}\n`);
