/**
 * The world the browser tests run against, started by Playwright's webServer: a real SMTP capture (with a
 * small HTTP reader for the tests), then the built portal on a fresh embedded database with demo data, a
 * second portal that requires two-step verification of staff (E2E.strictAdminPortal) and a third where a
 * sign-in is never a recent proof by itself (E2E.pastSignInPortal).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
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
/** Each portal's data folder (an embedded database, 40–65 MB): removed when the stack stops. */
const dataDirs = [dataDir];
// A Caliber game server key for the launcher tests (exchange of launcher codes), made before the portal opens
// the embedded database; fake Google/Facebook providers and a launcher page (e2e/support/social-launcher.ts).
let keyDb = await openDatabase({ dataDir: `${dataDir}/pglite` });
await keyDb.migrate();
await keyDb.close();
// The migrated database, still empty, for the other two portals: a copy opens in a third of a second, where
// creating and migrating one costs four to five seconds of a processor, while the main portal seeds its data.
const migrated = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
dataDirs.push(migrated);
cpSync(`${dataDir}/pglite`, `${migrated}/pglite`, { recursive: true });
keyDb = await openDatabase({ dataDir: `${dataDir}/pglite` });
const caliberServerKey = (await createServerKey({ db: keyDb.db }, 'caliber', 'e2e launcher')).key;
await keyDb.close();
const social = await startSocialWorld(() => caliberServerKey);
/** The built portal, started with `env`. */
const startPortal = (env: NodeJS.ProcessEnv) =>
  spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { stdio: 'inherit', env });
const portal = startPortal({
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
});

/**
 * A portal of its own (no demo data) whose one admin, an owner, is created first through the admin:create
 * command; `settings` are what sets it apart from the main one.
 */
async function startPortalWithAdmin(
  label: string,
  portal: { port: number; baseUrl: string; admin: { email: string; password: string; name: string } },
  settings: Record<string, string>,
) {
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(portal.port),
    PUBLIC_URL: portal.baseUrl,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-e2e-')),
    DATABASE_URL: '',
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'warn',
    ...E2E.portalEnv,
    ...settings,
  };
  dataDirs.push(env.DATA_DIR);
  cpSync(`${migrated}/pglite`, `${env.DATA_DIR}/pglite`, { recursive: true });
  const { email, password, name } = portal.admin;
  const created = await new Promise<number | null>((resolve) =>
    spawn(
      process.execPath,
      ['apps/server/dist/admin-create.js', '--email', email, '--password', password, '--name', name],
      { stdio: 'inherit', env },
    ).on('exit', resolve),
  );
  if (created !== 0) throw new Error(`admin:create for the ${label} exited with ${created}`);
  return startPortal(env);
}

const [strictPortal, pastSignInPortal] = await Promise.all([
  startPortalWithAdmin('strict admin portal', E2E.strictAdminPortal, { ADMIN_MFA: 'required' }),
  startPortalWithAdmin('past sign-in portal', E2E.pastSignInPortal, { RECENT_SIGN_IN_SECONDS: '0' }),
]);

const portals = [portal, strictPortal, pastSignInPortal];
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit');
let stopping = false;
// Playwright signals the stack's process group and waits (`gracefulShutdown` in playwright.config.ts): the
// portals stop, then their data folders go.
const stop = async () => {
  stopping = true;
  for (const child of portals) child.kill('SIGTERM');
  mailReader.close();
  await Promise.all([social.close(), smtp.close(), ...portals.map(exited)]);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
for (const [label, child] of [
  ['portal', portal],
  ['strict admin portal', strictPortal],
  ['past sign-in portal', pastSignInPortal],
] as const) {
  child.on('exit', (code) => {
    if (stopping) return;
    console.error(`${label} exited with ${code}`);
    process.exit(code ?? 1);
  });
}
