// No React, no contract schemas: main.tsx imports this before any of the app's stages (decision 0096).
import { FIRST_REQUEST_PATHS, pathWith } from '@portal/contract/constants';
import { startEarly } from '../lib/early-requests';
import { storage } from '../lib/storage';
import { PAGE_KEYS, PAGES, type PageKey } from './pages';

/**
 * The first data of the pages that ask for it as they open (router.tsx, PAGE_DATA), besides the checks every
 * player or back-office page makes. `first-requests.test.ts` holds each page's list to what start.tsx asks.
 */
const PAGE_DATA_PATHS: Partial<Record<PageKey, string>> = {
  profile: FIRST_REQUEST_PATHS.profile,
  editProfile: FIRST_REQUEST_PATHS.profile,
  orders: FIRST_REQUEST_PATHS.myOrders,
  webshopCart: pathWith(FIRST_REQUEST_PATHS.cart, { game: 'yggdra' }),
  talesRunnerCart: pathWith(FIRST_REQUEST_PATHS.cart, { game: 'talesrunner' }),
};

/**
 * The GETs the app makes first on the page at `pathname` (start.tsx's `startFirstRequests`), with the session
 * they need: a player page's session check and first data, a back-office page's two-step status and role.
 * Pages whose path has a parameter are left out (nothing here matches patterns): they start as before.
 */
export function firstRequestsOf(pathname: string): { session: 'player' | 'admin'; paths: string[] } | null {
  const key = PAGE_KEYS.find((candidate) => PAGES[candidate].path === pathname);
  if (!key) return null;
  const { audience } = PAGES[key];
  const data = PAGE_DATA_PATHS[key];
  if (audience === 'player')
    return { session: 'player', paths: [FIRST_REQUEST_PATHS.userInfo, ...(data ? [data] : [])] };
  if (audience === 'admin')
    return { session: 'admin', paths: [FIRST_REQUEST_PATHS.adminMfaStatus, FIRST_REQUEST_PATHS.staffAccess] };
  return null;
}

/**
 * Starts from the entry the first GETs of the page the app opens with, when that page's session is stored: on
 * a phone the app could ask only once React, MUI, the router and the endpoints' schemas have loaded and run
 * (0.5–1 s at 4× CPU), and these answers are on their way by then (decision 0096).
 */
export function startFirstRequestsEarly(): void {
  const first = firstRequestsOf(window.location.pathname);
  if (!first) return;
  const player = first.session === 'player';
  const token = player ? storage.getToken() : storage.getAdminToken();
  const signedIn = player ? storage.isAuthenticated() : storage.isAdminAuthenticated();
  if (token && signedIn) startEarly(first.paths, token);
}
