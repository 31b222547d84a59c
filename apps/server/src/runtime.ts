import { mkdirSync } from 'node:fs';
import { Redis } from 'ioredis';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';

/** Opens the database of the runtime contract: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR. */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: `${config.DATA_DIR}/pglite`,
  });
  await database.migrate();
  return database;
}

export function openRedis(config: Config): Redis | undefined {
  if (!config.REDIS_URL) return undefined;
  // Rate limits must not take the portal down with Redis: commands fail fast and the limiter lets through.
  return new Redis(config.REDIS_URL, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
  });
}
