import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { leaseEmbeddedDatabase } from './embedded-pool';
import { runSql, serverDatabasePrefix, withDatabase } from './global-setup';

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
  const name = `${serverDatabasePrefix()}${randomBytes(6).toString('hex')}`;
  await runSql(url, `create database ${name} template ${process.env.PORTAL_TEST_TEMPLATE}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: '' });
  return {
    ...database,
    close: async () => {
      await database.close();
      // Dropping takes the server about a third of a second: the next file need not wait for it. A drop
      // a worker's end cuts short is finished by the run's teardown (global-setup.ts), which drops every
      // database of the run.
      void runSql(url, `drop database if exists ${name} with (force)`).catch(() => {});
    },
  };
}
