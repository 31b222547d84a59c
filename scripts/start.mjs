// npm start: build what is missing or stale, then run the portal with the embedded database and demo data
// (demo data never in production: its passwords are published).
import { spawn } from 'node:child_process';
import { buildStale } from './build-stale.mjs';

buildStale();

const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: { ...(process.env.NODE_ENV === 'production' ? {} : { DEMO_SEED: 'true' }), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
