import type { SQL } from 'drizzle-orm';

/**
 * The accounts behind sessions as lib's guards and download links read them: statements to select from, one
 * row per account, written by the modules that own the tables (admin-auth's `staffAccounts`: id, role,
 * status, two_step_on; accounts' `playerAccounts`: id, role, account_status). lib sits below those modules,
 * so `app.ts` hands them in as it builds the app, as it does for lib/session-ends.ts.
 */
export interface SessionAccounts {
  staff: SQL;
  players: SQL;
}

let handedIn: SessionAccounts | null = null;

/** Called by `app.ts` before any route runs. */
export function useSessionAccounts(accounts: SessionAccounts): void {
  handedIn = accounts;
}

export function sessionAccounts(): SessionAccounts {
  if (!handedIn) throw new Error('The session accounts are handed in by app.ts (useSessionAccounts).');
  return handedIn;
}
