/**
 * npm run bench:admin [-- --runs 30]
 *
 * Against the PostgreSQL at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/portal_scale, filled
 * by `npm run seed:scale`): builds and starts the real portal (dist/main.js) on a free port, signs in an
 * admin, and prints the p50/p95 of each admin table endpoint (first page, a search, a date range, a deep
 * page by Next links and a deep page by page number), the player detail page's reply and the audit trail
 * (topped up to a million entries), then streams the full unfiltered Caliber export and prints its rows,
 * size and the peak RSS of the server process while exporting.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import ExcelJS from 'exceljs';
import pg from 'pg';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_scale';
const i = process.argv.indexOf('--runs');
const runs = i >= 0 ? Number(process.argv[i + 1]) : 30;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0);
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  server.close();
  return port;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const email = `bench-${Date.now()}@bench.test`;
const password = 'Bench-Admin-2026!';
const env = { ...process.env, DATABASE_URL: url, NODE_ENV: 'test', LOG_LEVEL: 'warn' };
/** Runs a command to completion, failing the benchmark when it fails. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}
// The built server, as production runs it: one process, so its RSS is the server's own.
await run('npm', ['run', 'build', '-w', 'apps/server']);
await run(process.execPath, ['apps/server/dist/admin-create.js', '--email', email, '--password', password]);
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

for (let tries = 0; ; tries++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  if (tries > 120) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 500));
}
const login = await fetch(`${base}/api/admin/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password }),
});
const { token } = (await login.json()) as { token: string };
const headers = { authorization: `Bearer ${token}` };

async function time(path: string): Promise<{ p50: number; p95: number; total?: number }> {
  const times: number[] = [];
  let total: number | undefined;
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    const body = (await res.json()) as { total?: number; message?: string };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${body.message}`);
    times.push(performance.now() - started);
    total = body.total;
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(runs * 0.5)]!,
    p95: times[Math.min(runs - 1, Math.ceil(runs * 0.95) - 1)]!,
    total,
  };
}

/** The URL of page `pages` reached by following next_page_url (what the web client does). */
async function deepByLinks(path: string, pages: number): Promise<string> {
  let next: string | null = path;
  let last = path;
  for (let p = 1; p < pages && next; p++) {
    last = next;
    const page: Response = await fetch(`${base}${next}`, { headers });
    next = ((await page.json()) as { next_page_url: string | null }).next_page_url;
  }
  return next ?? last;
}

const rows: [string, string][] = [];
for (const game of ['caliber', 'yggdra']) {
  const p = `/api/users/paginate/${game}`;
  rows.push([`${game} first page`, `${p}?per_page=10`]);
  rows.push([`${game} search 'santos 12'`, `${p}?per_page=10&search=santos%2012`]);
  rows.push([`${game} search 'japan'`, `${p}?per_page=10&search=japan`]);
  rows.push([`${game} date range (1 month)`, `${p}?per_page=10&fromDate=2025-01-01&toDate=2025-01-31`]);
  rows.push([`${game} deep page by links (page 200)`, await deepByLinks(`${p}?per_page=100`, 200)]);
  rows.push([`${game} deep page by number (5000 x 100)`, `${p}?per_page=100&page=5000`]);
}
rows.push(['referral users first page', '/api/referralCodes/caliber?per_page=10']);
rows.push(['referral users search', '/api/referralCodes/caliber?per_page=10&search=ref12']);
rows.push(['referral codes first page', '/api/all-referralCodes?per_page=10']);
rows.push(['referral codes search', '/api/all-referralCodes?per_page=10&search=p1234']);

// The audit trail at a million entries: top it up set-based (twenty actions, staff and player targets).
const AUDIT_ROWS = 1_000_000;
const db = new pg.Client({ connectionString: url });
await db.connect();
const { rows: counted } = await db.query<{ n: number }>('select count(*)::int as n from audit_log');
const missing = AUDIT_ROWS - counted[0]!.n;
if (missing > 0) {
  console.log(`adding ${missing} audit entries…`);
  await db.query(
    `insert into audit_log (actor_kind, actor_id, action, target, details, ip, created_at)
     select 'admin', (select id from admins order by created_at limit 1),
       'bench.action_' || chr(97 + g % 20), 'user:' || md5(g::text)::uuid, jsonb_build_object('n', g), '203.0.113.' || (g % 250),
       now() - (g || ' seconds')::interval
     from generate_series(1, $1::int) g`,
    [missing],
  );
  await db.query('analyze audit_log');
}
const { rows: sampleTarget } = await db.query<{ target: string }>(
  "select target from audit_log where action = 'bench.action_h' order by created_at desc limit 1",
);
await db.end();
const firstPlayer = (await (
  await fetch(`${base}/api/users/paginate/caliber?per_page=10`, { headers })
).json()) as {
  data: { id: string }[];
};
rows.push(['player detail (support)', `/api/admin/users/${firstPlayer.data[0]!.id}`]);
rows.push(['audit trail first page', '/api/admin/audit']);
rows.push(['audit trail by action', '/api/admin/audit?action=bench.action_h']);
rows.push(['audit trail by target', `/api/admin/audit?target=${sampleTarget[0]?.target ?? 'user:x'}`]);
rows.push(['audit trail one day', '/api/admin/audit?from=2025-06-01&to=2025-06-01']);

console.log(`\nadmin table endpoints, ${runs} runs each (ms)`);
console.log('endpoint'.padEnd(44), 'p50'.padStart(8), 'p95'.padStart(8), 'rows'.padStart(10));
for (const [label, path] of rows) {
  const r = await time(path);
  console.log(
    label.padEnd(44),
    r.p50.toFixed(1).padStart(8),
    r.p95.toFixed(1).padStart(8),
    String(r.total ?? '').padStart(10),
  );
}

// Full export with RSS sampling of the server process.
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}
let peak = await rssOf(server.pid!);
const before = peak;
const sampler = setInterval(async () => {
  peak = Math.max(peak, await rssOf(server.pid!));
}, 250);
const started = performance.now();
const res = await fetch(`${base}/api/users/paginate/caliber/export`, { headers });
const buffer = Buffer.from(await res.arrayBuffer());
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const reader = new ExcelJS.stream.xlsx.WorkbookReader((await import('node:stream')).Readable.from(buffer), {
  sharedStrings: 'ignore',
  styles: 'ignore',
  worksheets: 'emit',
});
let exported = 0;
for await (const sheet of reader) for await (const _row of sheet) exported++;
console.log(
  `\nexport caliber (all rows): ${exported - 1} rows, ${(buffer.length / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s; server RSS before ${(before / 1e6).toFixed(0)} MB, peak ${(peak / 1e6).toFixed(0)} MB`,
);
stop();
process.exit(0);
