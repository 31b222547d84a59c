/**
 * "Return to this page after sign-in": a page that needs a signed-in player (the app authorization at
 * /authorize/{uid}, /activate) sends the visitor to `/login?next={path}`; once signed in by any method
 * (password with two-step, passkey, Google or Facebook) the login flow opens that path again. Only paths on
 * this origin under an allowlisted prefix are followed, so a crafted link cannot send a player elsewhere.
 * The path is kept in sessionStorage for the social sign-in's round trip through the provider.
 */

import { PAGES } from './pages';

const KEY = 'return_to';
const ALLOWED = [
  /^\/authorize\/[A-Za-z0-9_-]{1,100}$/,
  /^\/activate(\?user_code=[A-Za-z0-9-]{0,32})?$/,
  /^\/standing$/,
];

/** The path when it is a same-origin relative path the login flow may return to, else null. */
export function safeReturnPath(value: string | null | undefined): string | null {
  // Each pattern is anchored at a single leading slash: no scheme, no `//host`, no backslash.
  if (!value) return null;
  return ALLOWED.some((pattern) => pattern.test(value)) ? value : null;
}

/** The login link that comes back to `path` after sign-in. */
export const loginReturningTo = (path: string) => `${PAGES.login.path}?next=${encodeURIComponent(path)}`;

/** The login page remembers where to return (or forgets an old one when opened without `next`). */
export function rememberReturnPath(value: string | null): void {
  const path = safeReturnPath(value);
  try {
    if (path) sessionStorage.setItem(KEY, path);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the player lands on Profile as before.
  }
}

/** Where to go after signing in: the remembered path (once), else `fallback`. */
export function takeReturnPath(fallback: string): string {
  try {
    const path = safeReturnPath(sessionStorage.getItem(KEY));
    sessionStorage.removeItem(KEY);
    return path ?? fallback;
  } catch {
    return fallback;
  }
}
