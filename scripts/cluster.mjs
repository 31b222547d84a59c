// npm run start:cluster — N portal processes sharing one port (Node's cluster module balances connections).
// They share PostgreSQL (DATABASE_URL, required: the embedded database belongs to one process) and Redis
// (REDIS_URL, for shared rate limits). A worker that dies is replaced.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { buildStale } from './build-stale.mjs';

const workers = Number(process.env.WORKERS ?? Math.max(2, availableParallelism()));
if (!process.env.DATABASE_URL) {
  console.error('start:cluster needs DATABASE_URL: several processes cannot share the embedded database.');
  process.exit(1);
}
if (!process.env.REDIS_URL) console.warn('REDIS_URL is not set: rate limits are per process.');

buildStale();
cluster.setupPrimary({ exec: 'apps/server/dist/main.js', execArgv: ['--enable-source-maps'] });
let stopping = false;
for (let i = 0; i < workers; i += 1) cluster.fork();
cluster.on('exit', (worker, code) => {
  if (stopping) return;
  console.error(`worker ${worker.process.pid} exited (${code}); starting a new one`);
  cluster.fork();
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  });
}
