import { z } from 'zod';
import { GAMES } from './game-list';

/** The most players one support search lists: a search is for finding one player, not for browsing. */
export const PLAYER_SEARCH_LIMIT = 20;

/** GET /api/admin/players/search?q=: an email, a nickname, a player id or a txnid (or part of a name or email). */
export const playerSearchQuerySchema = z.object({
  q: z
    .string({ message: 'Type what to search for.' })
    .trim()
    .min(1, { message: 'Type what to search for.' })
    .max(255, { message: 'The search may have at most 255 characters.' }),
});
export type PlayerSearchQuery = z.infer<typeof playerSearchQuerySchema>;

export const playerSearchReplySchema = z.object({
  players: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      /** The games the player is registered for, in the portal's game order. */
      games: z.array(z.enum(GAMES)),
    }),
  ),
});
export type PlayerSearchReply = z.infer<typeof playerSearchReplySchema>;
export type PlayerSearchHit = PlayerSearchReply['players'][number];
