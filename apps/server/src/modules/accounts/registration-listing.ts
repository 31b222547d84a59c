import type { AdminUserRow, Game, TableQuery } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { andAll, dateRange, positionKey } from '../../lib/paging';

/**
 * Which registrations a users table lists (admin-users: each game's Users, the Referral Codes page's referred
 * players): one game's, optionally only those made with a referral code, within a day range, and of the
 * players `players` keeps, a predicate on the player's id (the caller's search over its own index).
 */
export interface RegistrationFilter {
  game: Game;
  referredOnly: boolean;
  range: Pick<TableQuery, 'fromDate' | 'toDate'>;
  players: ((userId: SQL) => SQL) | null;
}

/**
 * A registration as a users table shows it: the position (`positionKey` of its time, its id), the player's
 * account and profile, every game of the player (the listed one first) and their addresses' countries (JSON).
 */
export interface RegistrationRow {
  pos_at: string;
  pos_id: string;
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  referral_code: string | null;
  created_at: unknown;
  registered_at: unknown;
  gender: string | null;
  birthdate: string | null;
  games: unknown;
  countries: unknown;
  account_status: AdminUserRow['account_status'];
}

/**
 * The filter's registrations, newest first on (registration time, id), in the shape lib/paging's
 * positionAtOffset and countRows take a listing, with the statement reading their rows. A caller pages and
 * counts with these parts, so it never names this module's tables.
 */
export interface RegistrationListing {
  from: SQL;
  where: SQL;
  at: SQL;
  id: SQL;
  /** The rows `where` (the listing's, with the caller's keyset) keeps, in `order`, at most `limit`. */
  rows(where: SQL, order: SQL, limit: number): SQL;
}

export function registrationListing(filter: RegistrationFilter): RegistrationListing {
  return {
    from: sql`user_games ug`,
    where: andAll([
      sql`ug.game = ${filter.game}`,
      filter.referredOnly ? sql`ug.referral_code is not null` : null,
      dateRange(sql`ug.created_at`, filter.range),
      filter.players?.(sql`ug.user_id`),
    ]),
    at: sql`ug.created_at`,
    id: sql`ug.id`,
    rows: (where, order, limit) => sql`
      select ${positionKey(sql`ug.created_at`)} as pos_at, ug.id as pos_id,
        u.id, u.name, u.email, u.phone_number, coalesce(ug.referral_code, u.referral_code) as referral_code,
        u.account_status,
        u.created_at, ug.created_at as registered_at, p.gender, p.birthdate::text as birthdate,
        (select coalesce(json_agg(json_build_object('name', g.game, 'updated_at', g.updated_at, 'level', g.level,
            'session_start', g.session_start) order by (g.game = ${filter.game}) desc, g.created_at), '[]'::json)
          from user_games g where g.user_id = u.id) as games,
        (select coalesce(json_agg(a.country order by a.id), '[]'::json) from user_addresses a where a.user_id = u.id)
          as countries
      from user_games ug
        join users u on u.id = ug.user_id
        left join user_profiles p on p.user_id = u.id
      where ${where}
      order by ${order}
      limit ${limit}`,
  };
}
