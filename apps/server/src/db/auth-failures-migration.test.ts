import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSql, withDatabase } from '../../test/global-setup';
import { type DatabaseHandle, MIGRATIONS_DIR, openDatabase } from './client';

const MIGRATION = '0013_auth_failures';

interface Journal {
  entries: { tag: string }[];
}

/** A copy of the migrations folder that stops before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'migrations-'));
  const journal = JSON.parse(await readFile(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as Journal;
  const entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  await mkdir(join(folder, 'meta'));
  await writeFile(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    await copyFile(join(MIGRATIONS_DIR, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  return folder;
}

/** An empty database of the engine under test (a scratch database on the server with DATABASE_URL). */
async function openEmptyDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ dataDir: 'memory://' });
  const name = `portal_migration_test_${randomBytes(6).toString('hex')}`;
  await runSql(url, `create database ${name}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: '' });
  return {
    ...database,
    close: async () => {
      await database.close();
      await runSql(url, `drop database if exists ${name} with (force)`);
    },
  };
}

const row = (
  scope: string,
  key: string,
  failures: number,
  lastFailureAt: Date,
  lockedUntil: Date | null,
) => ({
  scope,
  key,
  failures,
  last_failure_at: lastFailureAt,
  locked_until: lockedUntil,
});

describe(`migration ${MIGRATION}`, () => {
  let database: DatabaseHandle;
  let earlier: string;
  beforeAll(async () => {
    database = await openEmptyDatabase();
    earlier = await migrationsBefore(MIGRATION);
  });
  afterAll(async () => {
    await database.close();
    await rm(earlier, { recursive: true, force: true });
  });

  it('moves the rows of the three lockout tables into auth_failures, each under its scope', async () => {
    const migrationsFolder = earlier;
    if (database.kind === 'pglite')
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    else await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
    await database.query(`insert into login_failures (email_key, failures, locked_until, last_failure_at) values
      ('player@example.test', 6, '2026-06-01T12:02:00Z', '2026-06-01T12:00:00Z'),
      ('ghost@example.test', 2, null, '2026-06-01T11:00:00Z')`);
    await database.query(`insert into admin_login_failures (email, failures, locked_until, last_failure_at) values
      ('admin@example.test', 5, '2026-06-01T12:01:00Z', '2026-06-01T12:00:00Z')`);
    await database.query(`insert into pin_failures (subject_key, failures, locked_until, last_failure_at) values
      ('7b0c1f9e-8a55-4c3e-9d61-2f4b8e0a6c11', 5, '2026-06-01T12:15:00Z', '2026-06-01T12:00:00Z'),
      ('unknown:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', 1, null,
       '2026-06-01T12:00:00Z')`);

    await database.migrate();

    const rows = await database.query(
      'select scope, key, failures, last_failure_at, locked_until from auth_failures order by scope, key',
    );
    const at = (time: string) => new Date(`2026-06-01T${time}:00Z`);
    const unknown = 'unknown:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
    expect(rows).toEqual([
      row('admin-password', 'admin@example.test', 5, at('12:00'), at('12:01')),
      row('pin', '7b0c1f9e-8a55-4c3e-9d61-2f4b8e0a6c11', 5, at('12:00'), at('12:15')),
      row('pin', unknown, 1, at('12:00'), null),
      row('player-password', 'ghost@example.test', 2, at('11:00'), null),
      row('player-password', 'player@example.test', 6, at('12:00'), at('12:02')),
    ]);
    const [old] = await database.query<{ tables: string }>(
      `select count(*)::text as tables from pg_tables
       where tablename in ('login_failures', 'admin_login_failures', 'pin_failures')`,
    );
    expect(old?.tables).toBe('0');
  });
});
