import { mkdirSync } from 'node:fs';
import { Redis } from 'ioredis';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { systemClock } from './lib/clock';
import { createServiceContext, type ServiceContext } from './lib/context';
import { createMailer } from './lib/mail/mailer';
import { claimDataDir } from './lib/pid-lock';

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

/**
 * The configured database for a command-line tool. On the embedded database it first claims DATA_DIR, so
 * a tool never opens it while the portal runs (PGlite has no lock of its own; two processes corrupt it).
 * Throws a message for the user when the directory is in use; `close()` releases the claim.
 */
export async function openToolDatabase(config: Config): Promise<DatabaseHandle> {
  let release = () => {};
  if (!config.DATABASE_URL) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    try {
      release = claimDataDir(config.DATA_DIR);
    } catch (error) {
      throw new Error(
        `${(error as Error).message}\nThe embedded database allows one process at a time: stop the portal, run this command, then start it again (or use DATABASE_URL).`,
      );
    }
  }
  try {
    const database = await openConfiguredDatabase(config);
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** A command-line tool's service context over its database: the system clock, mail into the outbox. */
export function toolContext(config: Config, database: DatabaseHandle): ServiceContext {
  return createServiceContext({
    db: database.db,
    clock: systemClock,
    config,
    mailer: createMailer({ db: database.db, clock: systemClock, from: config.MAIL_FROM }),
  });
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
