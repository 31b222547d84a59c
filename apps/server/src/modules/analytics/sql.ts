import { REPORTING_TIME_ZONE } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * Helpers for the raw SQL of the analytics rollups. Tables and columns always come from the schema
 * objects, so renaming one breaks the type check instead of a query at run time. An interpolated column
 * renders qualified ("table"."column"), which SQL refuses in an INSERT's column list, an ON CONFLICT
 * target and a SET target: those take the bare names below. An alias made with alias() renders only its
 * name in a raw template, so its FROM item is written `${table} ${x}` (`"table" "x"`); its columns render
 * `"x"."column"`.
 */

/** The reporting zone as an SQL literal, for `at time zone`. */
export const reportingZone = sql.raw(`'${REPORTING_TIME_ZONE}'`);

/** Bare column names, comma-separated: `"game", "day"`. */
export function columnNames(...columns: AnyPgColumn[]): SQL {
  return sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
}

/** `excluded."column"`: the value proposed for insertion, in `on conflict ... do update`. */
export function excluded(column: AnyPgColumn): SQL {
  return sql`excluded.${sql.identifier(column.name)}`;
}

/** `"column" = value`, a SET item of an update or an upsert. */
export function assign(column: AnyPgColumn, value: SQL): SQL {
  return sql`${sql.identifier(column.name)} = ${value}`;
}

/** SET items of an upsert that adds the proposed values to the stored ones. */
export function addExcluded(...columns: AnyPgColumn[]): SQL {
  return sql.join(
    columns.map((column) => assign(column, sql`${column} + ${excluded(column)}`)),
    sql`, `,
  );
}
