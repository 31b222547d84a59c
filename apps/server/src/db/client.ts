import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

type Schema = typeof schema;
/** The one database type every service takes: PGlite and node-postgres share it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL and returns rows; used by health checks, the scheduler and tests. */
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  migrate(): Promise<void>;
  /**
   * Runs `fn` only if no other process holds the advisory lock `key`; returns false when it was held.
   * The lock lives on one dedicated connection for the whole run.
   */
  withAdvisoryLock(key: number, fn: () => Promise<unknown>): Promise<boolean>;
  close(): Promise<void>;
}

/** Source: src/db/migrations. Bundled server: dist/migrations (the build copies it beside main.js). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

// Several processes may start at once against one server: only one migrates at a time.
const MIGRATION_LOCK_ID = 727_001;

/** The extensions the embedded database loads (the migrations create pg_trgm). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Opens PostgreSQL at `databaseUrl`, or the embedded PGlite in `dataDir` when no URL is given.
 * `dataDir` may be 'memory://' for tests, which may also start it from `snapshot`, a data directory dumped
 * by PGlite (a migrated one loads in a fraction of the time a fresh one takes to create and migrate).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  snapshot?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A dropped connection must not crash the process; queries on it fail and the pool replaces it. An
    // idle client's error reaches the pool; a checked-out one's (held for an advisory lock, or between the
    // statements of a transaction) only the client itself, so each gets a listener too.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db: Database = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      query: async (text, values) => (await pool.query(text, values as unknown[])).rows,
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
          client.release();
        }
      },
      withAdvisoryLock: async (key, fn) => {
        const client = await pool.connect();
        try {
          const { rows } = await client.query('select pg_try_advisory_lock($1) as locked', [key]);
          if (!rows[0]?.locked) return false;
          try {
            await fn();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [key]);
          }
          return true;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(options.dataDir, {
    extensions: PGLITE_EXTENSIONS,
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
  });
  return embeddedHandle(client, () => client.close());
}

/** The handle on an open embedded database; `close` ends it (the tests' pool hands the engine on instead). */
export function embeddedHandle(client: PGlite, close: () => Promise<void>): DatabaseHandle {
  return {
    db: drizzlePglite(client, { schema }),
    kind: 'pglite',
    query: async (text, values) => (await client.query(text, values as unknown[])).rows as never,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    // One embedded database belongs to one process, so there is nobody to exclude.
    withAdvisoryLock: async (_key, fn) => {
      await fn();
      return true;
    },
    close,
  };
}
