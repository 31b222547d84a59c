import { ApiError } from './api';

/**
 * The standing token a refused sign-in hands out (403 ACCOUNT_SANCTIONED, issue #37): it opens the Account
 * standing page and an appeal for a player a ban keeps out, for 30 minutes, and nothing else.
 *
 * It is kept in this tab's sessionStorage, never in an address the server sees: the sign-in pages store it
 * as they show the refusal and link to the plain `/standing`; a launcher or a game that holds one opens
 * `/standing#token=…` (a fragment never leaves the browser), and the page moves it here and takes it out of
 * the address at once. Closing the tab forgets it.
 */
const KEY = 'standing_token';

export function keepStandingToken(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Storage disabled (private mode): the standing page then asks the player to sign in.
  }
}

export function standingToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetStandingToken(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** A refusal because of a sanction: the server's message, and the standing token when it handed one. */
export interface SanctionRefusal {
  message: string;
  token: string | null;
}

/** The refusal of a sign-in or a checkout by a sanction (403 ACCOUNT_SANCTIONED), else null. */
export function sanctionRefusalOf(error: unknown): SanctionRefusal | null {
  if (!(error instanceof ApiError) || error.code !== 'ACCOUNT_SANCTIONED') return null;
  const token = (error.body as { standing_token?: unknown }).standing_token;
  return { message: error.body.message, token: typeof token === 'string' && token ? token : null };
}
