import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import type { ServiceContext, TxContext } from './context';
import { iso } from './paging';

/**
 * How a module holds personal data (decision 0052): every table of its that names a player or a staff
 * member, what erasing a player does to each, and the module's part of the player's export. The privacy
 * module's registry lists every module's declaration; its test fails on a table no declaration names.
 */
export interface PersonalData {
  /** Each table that names a player or a staff member, with what a player's erasure does to its rows. */
  tables: Readonly<Record<string, string>>;
  /** The module's sections of GET /api/account/export, in the order the file shows them. */
  export?(ctx: ServiceContext, userId: string): Promise<Record<string, unknown>>;
  /** Erases the player's rows inside the erasure's transaction. */
  erase?(tx: TxContext, userId: string): Promise<void>;
}

/** Timestamps as ISO strings, so the file reads the same from PGlite and PostgreSQL. */
function withIsoDates(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? iso(value) : value]),
  );
}

/**
 * An export section's rows. Columns are named one by one in `query`, so no secret (password or PIN hashes,
 * session tokens, TOTP secrets, recovery codes) can slip in when a table grows.
 */
export async function exportRows(ctx: ServiceContext, query: SQL): Promise<Record<string, unknown>[]> {
  return rowsOf<Record<string, unknown>>(await ctx.db.execute(query)).map(withIsoDates);
}

/** Deletes every row of `tables` whose user_id is the player's. */
export async function deleteRowsOf(tx: TxContext, userId: string, tables: readonly string[]): Promise<void> {
  for (const table of tables)
    await tx.db.execute(sql`delete from ${sql.identifier(table)} where user_id = ${userId}`);
}
