import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import type { ServiceContext, TxContext } from './context';
import { iso } from './paging';
import { playerSessionsForExport } from './sessions';

/**
 * What an owner of tables (a module, or lib) holds about people (decisions 0052, 0075): every table it owns,
 * either personal (it names or belongs to a player or a staff member) with what erasing a player does to it,
 * or holding nothing personal with why; and its part of the player's export and erasure. `app.ts` hands
 * every owner's declaration to the privacy module; lint fails an owned table its owner does not declare, and
 * the privacy registry's test a table of the database that no registered declaration names.
 */
export interface PersonalData {
  /** Each table that names or belongs to a player or a staff member, with what a player's erasure does to it. */
  tables: Readonly<Record<string, string>>;
  /** Each table that holds nothing about a person, with why, in one line. */
  nothingPersonal?: Readonly<Record<string, string>>;
  /** The owner's sections of GET /api/account/export, in the order the file shows them. */
  export?(ctx: ServiceContext, userId: string): Promise<Record<string, unknown>>;
  /** Erases the player's rows inside the erasure's transaction. */
  erase?(tx: TxContext, userId: string): Promise<void>;
}

/** Every owner's declaration, in the order the export file shows their sections and the erasure runs them. */
export type PersonalDataRegistry = readonly PersonalData[];

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

const ERASED = ['access_tokens', 'account_tokens'] as const;

/**
 * lib's own tables. The player's sessions are in the export and deleted, with the links mailed to the player
 * (verification, reset, email change, "Secure my account"); the audit trail stays. The outbox
 * and the lockout's counters find the player by the address or by keys their callers compose, so those
 * callers erase them through lib (the address is gone once the account is anonymised).
 */
export const libPersonalData: PersonalData = {
  tables: {
    access_tokens: "deleted (the player's sessions; staff sessions are not a player's data)",
    account_tokens: 'deleted: the single-use links mailed to the player',
    audit_log: 'kept: the trail of staff and system actions, the erasure included',
    email_outbox:
      "the mails to the player's address deleted, by accounts' erasure before it clears the address",
    auth_failures:
      "the player's counters deleted by the modules that key them (accounts: the address, mfa: the codes, " +
      'game-login: the PIN); the per-address counters name no account and are forgotten within the hour',
  },
  nothingPersonal: {
    spent_challenges: 'hashes of spent proof-of-work signatures, kept until they expire',
  },
  async export(ctx, userId) {
    return { sessions: await exportRows(ctx, playerSessionsForExport(userId)) };
  },
  erase: (tx, userId) => deleteRowsOf(tx, userId, ERASED),
};
