import type { Game, RouteGame } from '@portal/contract';

// The contract keeps its game constants beside zod schemas, and importing them would put all of zod into
// the first page load. The shell mirrors the few it needs, typed against the contract (a new game fails to
// compile) and compared with it in games.test.ts.
const ROUTE_GAME_FLAGS: Record<RouteGame, true> = { caliber: true, talesrunner: true };

export const ROUTE_GAMES = Object.keys(ROUTE_GAME_FLAGS) as RouteGame[];

export const GAME_LABELS: Record<Game, string> = {
  caliber: 'Caliber',
  talesrunner: 'Tales Runner',
  yggdra: 'Yggdra',
};

export function isRouteGame(value: unknown): value is RouteGame {
  return typeof value === 'string' && Object.hasOwn(ROUTE_GAME_FLAGS, value);
}
