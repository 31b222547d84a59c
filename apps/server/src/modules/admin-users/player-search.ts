import { GAMES, type Game, PLAYER_SEARCH_LIMIT, type PlayerSearchReply } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import { likePattern } from '../../lib/paging';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Trigrams need three characters: a shorter term is matched exactly only (decision 0018). */
const PARTIAL_MIN = 3;
const gameList = sql.raw(`array[${GAMES.map((g) => `'${g}'`).join(',')}]`);

/**
 * The statement behind support's search box (decision 0046): every probe is an index lookup, so it stays
 * fast over a million players. Exact matches (player id, email, nickname in any game, txnid) come first,
 * then players whose name, email, phone or referral code (user_search) or nickname contains the term.
 * Exported for the plan test.
 */
export function playerSearchSql(term: string): SQL {
  const lower = term.toLowerCase();
  const probes: SQL[] = [
    sql`select id as user_id, 0 as rank from users where lower(email) = ${lower}`,
    sql`select user_id, 0 from user_games
        where game = any(${gameList}) and lower(nickname) = ${lower} and nickname is not null`,
    sql`select user_id, 0 from orders where txnid = ${term}`,
  ];
  if (UUID.test(term)) probes.push(sql`select id, 0 from users where id = ${lower}::uuid`);
  if (term.length >= PARTIAL_MIN) {
    const pattern = likePattern(term);
    probes.push(
      sql`(select user_id, 1 from user_search where doc like ${pattern} limit ${PLAYER_SEARCH_LIMIT})`,
      sql`(select user_id, 1 from user_games
          where coalesce(lower(nickname), '') like ${pattern} limit ${PLAYER_SEARCH_LIMIT})`,
    );
  }
  return sql`
    with hits as (${sql.join(probes, sql` union all `)}),
    best as (select user_id, min(rank) as rank from hits group by user_id)
    select u.id, u.name, u.email,
      coalesce((select json_agg(g.game order by array_position(${gameList}, g.game))
                from user_games g where g.user_id = u.id), '[]') as games
    from best join users u on u.id = best.user_id
    order by best.rank, lower(u.name), u.id
    limit ${PLAYER_SEARCH_LIMIT}`;
}

/** GET /api/admin/players/search: players of every game by email, nickname, player id or txnid. */
export async function searchPlayers(ctx: ServiceContext, term: string): Promise<PlayerSearchReply> {
  const players = rowsOf<{ id: string; name: string; email: string; games: Game[] }>(
    await ctx.db.execute(playerSearchSql(term)),
  );
  return { players };
}
