/**
 * The world the browser tests run against, started by Playwright's webServer: a real SMTP capture (with a
 * small HTTP reader for the tests), then the built portal on a fresh embedded database with demo data, and a
 * second portal that requires two-step verification of staff (E2E.strictAdminPortal).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client';
import { createServerKey } from '../../apps/server/src/modules/events/keys';
import { startSmtpCapture } from '../../apps/server/test/smtp-capture';
import { E2E } from './ports';
import { startSocialWorld } from './social-launcher';

const smtp = await startSmtpCapture({ port: E2E.smtpPort });

// GET /mail?to=address → the messages captured for that address, newest last.
const mailReader = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const to = url.searchParams.get('to')?.toLowerCase();
  const found = smtp.messages.filter((m) => !to || m.to.includes(to));
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(found));
});
await new Promise<void>((resolve) => mailReader.listen(E2E.mailReaderPort, '127.0.0.1', resolve));

const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
// A Caliber game server key for the launcher tests (exchange of launcher codes), made before the portal opens
// the embedded database; fake Google/Facebook providers and a launcher page (e2e/support/social-launcher.ts).
const keyDb = await openDatabase({ dataDir: `${dataDir}/pglite` });
await keyDb.migrate();
const caliberServerKey = (await createServerKey(keyDb.db, 'caliber', 'e2e launcher')).key;
await keyDb.close();
const social = await startSocialWorld(() => caliberServerKey);
const portal = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(E2E.portalPort),
    PUBLIC_URL: E2E.baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: smtp.url,
    DEMO_SEED: 'true',
    LOG_LEVEL: 'warn',
    ...social.env,
    ...E2E.portalEnv,
  },
});

// The second portal (E2E.strictAdminPortal): its admin is created first, through the admin:create command.
const strict = E2E.strictAdminPortal;
const strictEnv = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: String(strict.port),
  PUBLIC_URL: strict.baseUrl,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-e2e-strict-')),
  DATABASE_URL: '',
  SMTP_URL: smtp.url,
  LOG_LEVEL: 'warn',
  ...E2E.portalEnv,
  ADMIN_MFA: 'required',
};
const { email, password, name } = strict.admin;
const created = await new Promise<number | null>((resolve) =>
  spawn(
    process.execPath,
    ['apps/server/dist/admin-create.js', '--email', email, '--password', password, '--name', name],
    { stdio: 'inherit', env: strictEnv },
  ).on('exit', resolve),
);
if (created !== 0) throw new Error(`admin:create for the strict admin portal exited with ${created}`);
const strictPortal = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: strictEnv,
});

const stop = async () => {
  portal.kill('SIGTERM');
  strictPortal.kill('SIGTERM');
  mailReader.close();
  await social.close();
  await smtp.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
for (const [label, child] of [
  ['portal', portal],
  ['strict admin portal', strictPortal],
] as const) {
  child.on('exit', (code) => {
    console.error(`${label} exited with ${code}`);
    process.exit(code ?? 1);
  });
}
