import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { BELOW_EVERY_ROW, type Position, positionKey } from '../../lib/paging';
import type { RegistrationListing } from '../accounts';

/*
 * Unfiltered listings (no search, no date range) read user_game_month_counts, which triggers keep exact
 * (migration 0008): their page total is exact at any size, and a jump to page N walks at most ~24 month
 * counts and then the rows of one month, instead of N pages of index entries (page 5,000 of 100 rows:
 * 500,000 entries, ~100 ms). Counts and rows are read in one statement, so both see the same snapshot.
 */

type Execute = (query: SQL) => Promise<unknown>;

export interface CountedListing {
  game: string;
  referredOnly: boolean;
}

function monthTotals(listing: CountedListing): SQL {
  return sql`select month, sum(count)::bigint as n from user_game_month_counts
    where game = ${listing.game} ${listing.referredOnly ? sql`and referred` : sql``} group by month`;
}

/** The exact number of registrations an unfiltered listing shows. */
export async function countedTotal(execute: Execute, listing: CountedListing): Promise<number> {
  const [row] = rowsOf<{ total: string | number | null }>(
    await execute(sql`select sum(n) as total from (${monthTotals(listing)}) m`),
  );
  return Number(row?.total ?? 0);
}

/**
 * The keyset position just before row `offset` (0-based) of the newest-first unfiltered listing (its
 * registrations, from accounts): the same answer as paging.positionAtOffset, found through the month
 * counts. Past the end, a position below every row (an empty page).
 */
export async function countedPositionAtOffset(
  execute: Execute,
  listing: CountedListing,
  registrations: RegistrationListing,
  offset: number,
): Promise<Position | null> {
  if (offset <= 0) return null;
  const skip = offset - 1;
  const at = registrations.at;
  const [row] = rowsOf<{ pos_at: string; pos_id: string }>(
    await execute(sql`
      with m as (${monthTotals(listing)}),
        running as (select month, n, sum(n) over (order by month desc) as upto from m),
        target as (select month, upto - n as before from running where upto > ${skip} order by month desc limit 1)
      select ${positionKey(sql`k.at`)} as pos_at, k.id as pos_id
      from target, lateral (
        select ${at} as at, ${registrations.id} as id from ${registrations.from}
        where ${registrations.where}
          and ${at} >= target.month
          and ${at} < ((target.month at time zone 'UTC') + interval '1 month') at time zone 'UTC'
        order by ${at} desc, ${registrations.id} desc
        limit 1 offset ${skip}::bigint - target.before) k`),
  );
  return row ? { at: row.pos_at, id: row.pos_id } : BELOW_EVERY_ROW;
}
