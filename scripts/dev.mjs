// npm run dev — the server with reload on change (port 3000) and Vite's dev server for the web app
// (http://localhost:5173, proxying API calls to the server). Embedded database and demo data by default.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { DEMO_SEED: 'true', ...process.env },
  }),
  spawn('npx', ['vite'], { cwd: 'apps/web', stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
