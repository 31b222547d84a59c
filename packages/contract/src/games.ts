import { z } from 'zod';
import { GAMES, ROUTE_GAMES, SHOP_GAMES } from './game-list';

export * from './game-list';

export const gameSchema = z.enum(GAMES, { message: 'Unknown game.' });
export const routeGameSchema = z.enum(ROUTE_GAMES, { message: 'The game must be caliber or talesrunner.' });
export const shopGameSchema = z.enum(SHOP_GAMES, { message: 'The shop must be yggdra or talesrunner.' });
