import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withDatabase } from '../global-setup';
import { startSmtpCapture } from '../smtp-capture';
import { json, type PortalProcess, startPortal } from './processes';

export const SECRET_KEY = 'cluster-test-secret-key-0123456789abcdef';
export const DEMO_PASSWORD = 'PlayerDemo!2026';

/**
 * A fresh PostgreSQL database, an SMTP capture and two portal processes on it sharing Redis. The first
 * process migrates and seeds the demo data; the second starts on the ready database.
 */
export async function startWorld(options: { ports: [number, number]; env?: Record<string, string> }) {
  const serverUrl = process.env.DATABASE_URL!;
  const dbName = `portal_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const databaseUrl = withDatabase(serverUrl, dbName);
  let smtp = await startSmtpCapture();
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL!,
    SMTP_URL: smtp.url,
    SECRET_KEY,
    PUBLIC_URL: 'http://portal.cluster.test',
    // A fresh Redis namespace per run, so earlier runs' counters do not leak in.
    RATE_LIMIT_NAMESPACE: dbName,
    ...options.env,
  };
  const a = await startPortal(options.ports[0], { ...env, DEMO_SEED: 'true' });
  const b = await startPortal(options.ports[1], env);

  return {
    a,
    b,
    env,
    get smtp() {
      return smtp;
    },
    /** Stops the SMTP capture and brings it back on the same port. */
    async restartSmtp(down: () => Promise<void>) {
      const port = smtp.port;
      await smtp.close();
      await down();
      smtp = await startSmtpCapture({ port });
    },
    async sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return (await client.query(text, values)).rows as T[];
      } finally {
        await client.end();
      }
    },
    signIn: (target: PortalProcess, email: string, password = DEMO_PASSWORD) =>
      json<{ token: string }>(`${target.url}/login`, { body: { email, password } }),
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      await smtp.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${dbName} with (force)`);
      await dropper.end();
    },
  };
}
