/**
 * The game list without zod: the web's first page load (shell, router, login) imports it through
 * `@portal/contract/constants` and so stays free of the schema library.
 */

/** Every game the portal knows. */
export const GAMES = ['caliber', 'talesrunner', 'yggdra'] as const;
export type Game = (typeof GAMES)[number];

/** Games that /login/{game} and /register/{game} accept and that players register for from the profile. */
export const ROUTE_GAMES = ['caliber', 'talesrunner'] as const;
export type RouteGame = (typeof ROUTE_GAMES)[number];

/** Games with a webshop. */
export const SHOP_GAMES = ['yggdra', 'talesrunner'] as const;
export type ShopGame = (typeof SHOP_GAMES)[number];

export const GAME_LABELS: Record<Game, string> = {
  caliber: 'Caliber',
  talesrunner: 'Tales Runner',
  yggdra: 'Yggdra',
};

/** A game's name as people read it; a value that is not a game's key is shown as it is. */
export const gameName = (value: string): string =>
  (GAMES as readonly string[]).includes(value) ? GAME_LABELS[value as Game] : value;

export function isRouteGame(value: unknown): value is RouteGame {
  return typeof value === 'string' && (ROUTE_GAMES as readonly string[]).includes(value);
}

export function isShopGame(value: unknown): value is ShopGame {
  return typeof value === 'string' && (SHOP_GAMES as readonly string[]).includes(value);
}
