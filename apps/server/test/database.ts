import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { leaseEmbeddedDatabase } from './embedded-pool';
import { withDatabase } from './global-setup';

/** The migrated data directory of this run (global-setup.ts), read once per worker. */
let snapshot: Promise<Blob> | undefined;

/**
 * A fresh, migrated database: PGlite in memory by default (an engine of this worker emptied back to the
 * migrated state, or one loaded from the run's migrated snapshot: test/embedded-pool.ts), or a clone of the
 * migrated template on the real server when DATABASE_URL is set.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const file = process.env.PORTAL_TEST_SNAPSHOT;
    if (!file)
      throw new Error('PORTAL_TEST_SNAPSHOT is unset: run the server suite through vitest (global-setup.ts)');
    return leaseEmbeddedDatabase(() => (snapshot ??= readFile(file).then((bytes) => new Blob([bytes]))));
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${process.env.PORTAL_TEST_TEMPLATE}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: '' });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
