import type { DehydratedState } from '@tanstack/react-query';
import { storage } from '../lib/storage';

/**
 * The query cache a page rendered by the server was rendered with (a shop's catalog, decision 0062): taken
 * over as it is, so the first render draws what the page shows. A page without it asks the API as usual.
 */
export function pageData(doc: Document = document): DehydratedState | undefined {
  const text = doc.getElementById('portal-data')?.textContent;
  if (!text) return undefined;
  try {
    const data: unknown = JSON.parse(text);
    const queries = (data as Partial<DehydratedState> | null)?.queries;
    return Array.isArray(queries) ? { queries, mutations: [] } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The server sends some screens rendered, in the device's colour scheme as far as it knows it (decisions 0050
 * and 0062): `data-prerendered` on #root names that scheme, `data-session="player"` says it was rendered for
 * a signed-in player (a shop), none for a visitor with nothing stored. Neither has a stored preference; the
 * page is hydrated only if this visitor's first render is the same.
 */
export function hydratable(scheme: string | undefined, session: string | undefined): boolean {
  if (scheme !== 'light' && scheme !== 'dark') return false;
  // Another session than the page's: a guest-only screen or a player page redirects, the chrome differs (a
  // staff session, or a player of the admin role, has more in it).
  const sameSession =
    session === 'player'
      ? storage.isAuthenticated() &&
        Boolean(storage.getToken()) &&
        storage.getRole() !== 'admin' &&
        !storage.getAdminToken()
      : !storage.getToken() && !storage.getAdminToken();
  return sameSession && storage.isDarkMode() === (scheme === 'dark') && storage.getAccent() === 'primary';
}
