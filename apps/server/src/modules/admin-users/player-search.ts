import { type Game, PLAYER_SEARCH_LIMIT, type PlayerSearchReply } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import { likePattern } from '../../lib/paging';
import { playersFound, playersNamedBy, playersWithNicknameLike } from '../accounts';
import { playerOfTxnid } from '../orders';

/** Trigrams need three characters: a shorter term is matched exactly only (decision 0018). */
const PARTIAL_MIN = 3;

/**
 * The statement behind support's search box (decision 0046): every probe is an index lookup, so it stays
 * fast over a million players. Exact matches (player id, email, nickname in any game, txnid) come first,
 * then players whose name, email, phone or referral code (user_search) or nickname contains the term.
 * The owners write their probes (accounts, orders); this module ranks them. Exported for the plan test.
 */
export function playerSearchSql(term: string): SQL {
  const exact = [...playersNamedBy(term), playerOfTxnid(term)];
  const partial: SQL[] = [];
  if (term.length >= PARTIAL_MIN) {
    const pattern = likePattern(term);
    partial.push(
      sql`select user_id from user_search where doc like ${pattern} limit ${PLAYER_SEARCH_LIMIT}`,
      playersWithNicknameLike(pattern, PLAYER_SEARCH_LIMIT),
    );
  }
  const hits = [
    ...exact.map((probe) => sql`select user_id, 0 as rank from (${probe}) p`),
    ...partial.map((probe) => sql`select user_id, 1 from (${probe}) p`),
  ];
  return playersFound(sql.join(hits, sql` union all `), PLAYER_SEARCH_LIMIT);
}

/** GET /api/admin/players/search: players of every game by email, nickname, player id or txnid. */
export async function searchPlayers(ctx: ServiceContext, term: string): Promise<PlayerSearchReply> {
  const players = rowsOf<{ id: string; name: string; email: string; games: Game[] }>(
    await ctx.db.execute(playerSearchSql(term)),
  );
  return { players };
}
