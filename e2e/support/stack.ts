/**
 * The world the browser tests run against, started by Playwright's webServer: a real SMTP capture (with a
 * small HTTP reader for the tests), then the built portal on a fresh database with demo data, a
 * second portal that requires two-step verification of staff (E2E.strictAdminPortal) and a third where a
 * sign-in is never a recent proof by itself (E2E.pastSignInPortal).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client';
import { createServerKey } from '../../apps/server/src/modules/events/keys';
import { dropDatabasesStartingWith, runSql, withDatabase } from '../../apps/server/test/global-setup';
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

/**
 * Where the portals keep their data. Each portal has a database of its own, copied from one migrated while
 * still empty: a copy opens in a third of a second, where creating and migrating one costs four to five
 * seconds of a processor. On the PostgreSQL server named by E2E_DATABASE_URL (npm test names the one it
 * uses when a server answers) a copy is a database cloned from a migrated template, and the portal's queries
 * run in the server's processes; otherwise each portal's embedded database is a copy of a migrated data
 * folder, run in the portal's own process, one statement at a time.
 */
const serverUrl = process.env.E2E_DATABASE_URL || undefined;
/** Data folders (each embedded database 40–65 MB): removed when the stack stops, as are this run's databases. */
const dataDirs: string[] = [];
const runId = randomBytes(4).toString('hex');
const runDatabasePrefix = `portal_e2e_${runId}_`;
let serverCopies = 0;

const migrated = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
dataDirs.push(migrated);
const template = `${runDatabasePrefix}template`;
if (serverUrl) {
  // What an earlier stack could not drop (one stopped part-way through starting, or killed): no other stack
  // is running, since this one holds the suite's ports (the mail reader's, above).
  await dropDatabasesStartingWith(serverUrl, 'portal_e2e_');
  await runSql(serverUrl, `create database ${template}`);
}
const templateDb = await openDatabase({
  databaseUrl: serverUrl && withDatabase(serverUrl, template),
  dataDir: `${migrated}/pglite`,
});
await templateDb.migrate();
await templateDb.close();

/** A portal's DATA_DIR and DATABASE_URL: a fresh copy of the migrated database. */
async function newPortalDatabase(): Promise<{ DATA_DIR: string; DATABASE_URL: string }> {
  const DATA_DIR = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  dataDirs.push(DATA_DIR);
  if (!serverUrl) {
    cpSync(`${migrated}/pglite`, `${DATA_DIR}/pglite`, { recursive: true });
    return { DATA_DIR, DATABASE_URL: '' };
  }
  const name = `${runDatabasePrefix}${serverCopies++}`; // counted before the await: portals are made side by side
  await runSql(serverUrl, `create database ${name} template ${template}`);
  return { DATA_DIR, DATABASE_URL: withDatabase(serverUrl, name) };
}

// A Caliber game server key for the launcher tests (exchange of launcher codes), made before the portal opens
// its database; fake Google/Facebook providers and a launcher page (e2e/support/social-launcher.ts).
const mainDatabase = await newPortalDatabase();
const keyDb = await openDatabase({
  databaseUrl: mainDatabase.DATABASE_URL,
  dataDir: `${mainDatabase.DATA_DIR}/pglite`,
});
const caliberServerKey = (await createServerKey({ db: keyDb.db }, 'caliber', 'e2e launcher')).key;
await keyDb.close();
const social = await startSocialWorld(() => caliberServerKey);
/** The portals started so far: stopped with the stack, also when it fails part-way through starting. */
const started: ChildProcess[] = [];
process.on('exit', () => {
  for (const child of started) child.kill('SIGTERM');
});
/** The built portal, started with `env`. */
function startPortal(env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    stdio: 'inherit',
    env,
  });
  started.push(child);
  return child;
}
const portal = startPortal({
  ...process.env,
  NODE_ENV: 'development',
  PORT: String(E2E.portalPort),
  PUBLIC_URL: E2E.baseUrl,
  ...mainDatabase,
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
    ...(await newPortalDatabase()),
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'warn',
    ...E2E.portalEnv,
    ...settings,
  };
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
  if (serverUrl) await dropDatabasesStartingWith(serverUrl, runDatabasePrefix);
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
