import type { SQL } from 'drizzle-orm';

/**
 * The portal's accounts as statements to select from, written by the modules that own the tables and handed
 * in by `app.ts` as it builds the app (as it does for lib/session-ends.ts). They are for lib, which sits below
 * those modules (the session guards, download links), and for the modules that accounts and admin-auth
 * import and so cannot import back (mfa, standing, referrals): each reads them inside its own statement, so
 * no request runs more queries than before.
 */
export interface AccountDirectory {
  /** accounts' `playerAccounts`: id, role, account_status, email, name, password_hash. */
  players: SQL;
  /** accounts' `playerGameRegistrations`: user_id, game, nickname, referral_code, created_at. */
  playerGames: SQL;
  /** admin-auth's `staffAccounts`: id, role, status, two_step_on, email, name, password_hash. */
  staff: SQL;
}

let handedIn: AccountDirectory | null = null;

/** Called by `app.ts` before any route runs. */
export function useAccountDirectory(directory: AccountDirectory): void {
  handedIn = directory;
}

export function accountDirectory(): AccountDirectory {
  if (!handedIn) throw new Error('The account directory is handed in by app.ts (useAccountDirectory).');
  return handedIn;
}
