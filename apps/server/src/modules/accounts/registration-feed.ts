import { type SQL, sql } from 'drizzle-orm';

/**
 * The registrations made at or after `since` (a timestamptz expression) as analytics' registration rollups
 * count them: the game, when, the player's birthdate, the country of their first address (those with a
 * country first; null without one) and the referral code given. A statement for the caller to select from,
 * so a rollup reads it in its own statement and transaction.
 */
export const registrationsSince = (since: SQL): SQL => sql`
  select ug.game, ug.created_at, p.birthdate,
    (select a.country from user_addresses a where a.user_id = ug.user_id order by a.country is null, a.id limit 1)
      as country,
    ug.referral_code
  from user_games ug
  left join user_profiles p on p.user_id = ug.user_id
  where ug.created_at >= ${since}`;
