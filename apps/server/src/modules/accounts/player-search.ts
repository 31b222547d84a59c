import { GAMES } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../../lib/ids';
import { playerWithEmail } from './users';

/*
 * The accounts' part of support's player search (admin-users, decision 0046): statements selecting the
 * `user_id` of the players a term finds, each one index lookup, which the search ranks with its own probes;
 * and the statement reading the players found. One statement in all, so the search stays one query.
 */

const gameList = sql.raw(`array[${GAMES.map((g) => `'${g}'`).join(',')}]`);

/** The players `term` names exactly: by email, by nickname in any game, by id when it is one. */
export function playersNamedBy(term: string): SQL[] {
  const lower = term.toLowerCase();
  const probes = [
    playerWithEmail(term),
    sql`select user_id from user_games
        where game = any(${gameList}) and lower(nickname) = ${lower} and nickname is not null`,
  ];
  if (isUuid(term)) probes.push(sql`select id as user_id from users where id = ${lower}::uuid`);
  return probes;
}

/** Players with a nickname matching `pattern` (a LIKE pattern, over the trigram index), at most `limit`. */
export const playersWithNicknameLike = (pattern: string, limit: number): SQL =>
  sql`select user_id from user_games where coalesce(lower(nickname), '') like ${pattern} limit ${limit}`;

/**
 * The players of `hits` (`user_id`, `rank`), each once at their best (lowest) rank, then by name: id, name,
 * email and their games in the games' order; at most `limit`.
 */
export const playersFound = (hits: SQL, limit: number): SQL => sql`
    with hits as (${hits}),
    best as (select user_id, min(rank) as rank from hits group by user_id)
    select u.id, u.name, u.email,
      coalesce((select json_agg(g.game order by array_position(${gameList}, g.game))
                from user_games g where g.user_id = u.id), '[]') as games
    from best join users u on u.id = best.user_id
    order by best.rank, lower(u.name), u.id
    limit ${limit}`;
