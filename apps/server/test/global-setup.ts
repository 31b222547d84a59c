import pg from 'pg';
import { openDatabase } from '../src/db/client';

export const TEMPLATE_DB = 'portal_test_template';

/**
 * With DATABASE_URL set, the server suite runs on a real PostgreSQL: one migrated template database is
 * made here, and each test file clones it (CREATE DATABASE ... TEMPLATE), so files never see each other's rows.
 */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const template = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DB), dataDir: '' });
  await template.migrate();
  await template.close();
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
