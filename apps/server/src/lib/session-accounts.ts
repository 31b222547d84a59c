import type { SQL } from 'drizzle-orm';

/**
 * The accounts behind sessions as lib's guards and download links, and two-step (mfa), read them: statements
 * to select from, one row per account, written by the modules that own the tables (admin-auth's
 * `staffAccounts`: id, role, status, two_step_on, email, name, password_hash; accounts' `playerAccounts`: id,
 * role, account_status, email, name, password_hash). lib sits below those modules and mfa is imported by
 * both, so `app.ts` hands them in as it builds the app, as it does for lib/session-ends.ts.
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
