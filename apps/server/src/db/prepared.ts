import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { rowsOf } from './rows';

/**
 * A query prepared once per database handle (the app's, or a test's own): for the statements every
 * sign-in and every authenticated request runs. drizzle then builds their text once instead of on every
 * call, and the name lets node-postgres have PostgreSQL parse and plan them once per connection. Values
 * go in through `sql.placeholder(…)`; names must be unique across the app.
 */
export function preparedOnce<Query extends object>(
  prepare: (db: Database) => Query,
): (db: Database) => Query {
  const byDatabase = new WeakMap<Database, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) {
      query = prepare(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}

const dialect = new PgDialect();

/** A raw SQL statement with placeholders, prepared under `name`; answers its rows. */
export function preparedStatement<Row>(
  name: string,
  statement: SQL,
): (db: Database, values: Record<string, unknown>) => Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const prepared = preparedOnce((db) => db._.session.prepareQuery(query, undefined, name, false));
  return async (db, values) => rowsOf<Row>(await prepared(db).execute(values));
}
