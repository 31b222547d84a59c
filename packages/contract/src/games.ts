import { z } from 'zod';

/** Every game the portal knows. */
export const GAMES = ['caliber', 'talesrunner', 'yggdra'] as const;
export type Game = (typeof GAMES)[number];
export const gameSchema = z.enum(GAMES, { message: 'Unknown game.' });

/** Games that /login/{game} and /register/{game} accept and that players register for from the profile. */
export const ROUTE_GAMES = ['caliber', 'talesrunner'] as const;
export type RouteGame = (typeof ROUTE_GAMES)[number];
export const routeGameSchema = z.enum(ROUTE_GAMES, { message: 'The game must be caliber or talesrunner.' });

/** Games with a webshop. */
export const SHOP_GAMES = ['yggdra', 'talesrunner'] as const;
export type ShopGame = (typeof SHOP_GAMES)[number];
export const shopGameSchema = z.enum(SHOP_GAMES, { message: 'The shop must be yggdra or talesrunner.' });

export const GAME_LABELS: Record<Game, string> = {
  caliber: 'Caliber',
  talesrunner: 'Tales Runner',
  yggdra: 'Yggdra',
};

export function isRouteGame(value: unknown): value is RouteGame {
  return typeof value === 'string' && (ROUTE_GAMES as readonly string[]).includes(value);
}
