import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/db/client';

/**
 * With DATABASE_URL set, the server suite runs on a real PostgreSQL: one migrated template database is
 * made here per run (its own name, so two runs on one server do not collide), and each test file clones
 * it (CREATE DATABASE ... TEMPLATE), so files never see each other's rows. Workers inherit the name.
 */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const template = `portal_test_template_${randomBytes(4).toString('hex')}`;
  process.env.PORTAL_TEST_TEMPLATE = template;
  await runSql(url, `create database ${template}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, template), dataDir: '' });
  await database.migrate();
  await database.close();
  return () => runSql(url, `drop database if exists ${template} with (force)`);
}

/** Runs one statement on its own connection (database-level commands cannot run in a transaction). */
export async function runSql(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
