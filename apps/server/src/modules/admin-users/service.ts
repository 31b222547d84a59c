import type { AdminUserRow, Game, TableQuery } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import {
  andAll,
  countRows,
  dateRange,
  decodePosition,
  iso,
  keyset,
  likePattern,
  type PageLinks,
  type Position,
  pageLinks,
  positionAtOffset,
  positionKey,
} from '../../lib/paging';
import { countedPositionAtOffset, countedTotal } from './month-counts';

/**
 * Which registrations a users table lists: players registered for `game` (Caliber Users, Yggdra Users),
 * optionally only those who registered with a referral code (the Referral Codes per-user table).
 */
export interface UserListing {
  game: Game;
  referredOnly?: boolean;
}

type Filters = Pick<TableQuery, 'search' | 'fromDate' | 'toDate'>;

/** Searches matching at most this many players are resolved to ids first; broader ones walk the date index. */
const NARROW_SEARCH = 5_000;

/**
 * The WHERE of a listing. A search is probed first (one trigram lookup, at most NARROW_SEARCH + 1 ids):
 * a narrow one ('santos 12', 'ref12') becomes an id list, so its few rows are fetched and sorted; a broad
 * one ('japan', 80,000 players) stays a per-row check while walking the date index, which finds a page of
 * matches within a few hundred rows. Either plan is slow for the other kind of search.
 */
async function filterSql(ctx: ServiceContext, listing: UserListing, q: Filters): Promise<SQL> {
  let search: SQL | null = null;
  if (q.search) {
    const pattern = likePattern(q.search);
    const ids = rowsOf<{ user_id: string }>(
      await ctx.db.execute(
        sql`select user_id from user_search where doc like ${pattern} limit ${NARROW_SEARCH + 1}`,
      ),
    ).map((r) => r.user_id);
    search =
      ids.length <= NARROW_SEARCH
        ? sql`ug.user_id = any(${`{${ids.join(',')}}`}::uuid[])`
        : sql`exists (select 1 from user_search s where s.user_id = ug.user_id and s.doc like ${pattern})`;
  }
  return andAll([
    sql`ug.game = ${listing.game}`,
    listing.referredOnly ? sql`ug.referral_code is not null` : null,
    dateRange(sql`ug.created_at`, q),
    search,
  ]);
}

interface RawRow {
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

function selectRows(listing: UserListing, where: SQL, order: SQL, limit: number, offset: number): SQL {
  return sql`
    select ${positionKey(sql`ug.created_at`)} as pos_at, ug.id as pos_id,
      u.id, u.name, u.email, u.phone_number, coalesce(ug.referral_code, u.referral_code) as referral_code,
      u.account_status,
      u.created_at, ug.created_at as registered_at, p.gender, p.birthdate::text as birthdate,
      (select coalesce(json_agg(json_build_object('name', g.game, 'updated_at', g.updated_at, 'level', g.level,
          'session_start', g.session_start) order by (g.game = ${listing.game}) desc, g.created_at), '[]'::json)
        from user_games g where g.user_id = u.id) as games,
      (select coalesce(json_agg(a.country order by a.id), '[]'::json) from user_addresses a where a.user_id = u.id)
        as countries
    from user_games ug
      join users u on u.id = ug.user_id
      left join user_profiles p on p.user_id = u.id
    where ${where}
    order by ${order}
    limit ${limit} offset ${offset}`;
}

function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function shapeRow(row: RawRow): AdminUserRow {
  const games = parseJson<
    { name: string; updated_at: string; level: number; session_start: string | null }[]
  >(row.games);
  const countries = parseJson<(string | null)[]>(row.countries);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phone_number,
    referral_code: row.referral_code,
    created_at: iso(row.created_at)!,
    registered_at: iso(row.registered_at)!,
    games: games.map((g) => ({
      name: g.name,
      updated_at: iso(g.updated_at)!,
      caliber:
        g.name === 'caliber' ? { level: Number(g.level ?? 0), session_start: iso(g.session_start) } : null,
    })),
    addresses: countries.map((country) => ({ country })),
    profile:
      row.gender === null && row.birthdate === null ? null : { gender: row.gender, birthdate: row.birthdate },
    account_status: row.account_status,
  };
}

/** One page of a users table in the spec's paginated shape. */
export async function listUsers(
  ctx: ServiceContext,
  listing: UserListing,
  q: TableQuery,
  path: string,
): Promise<{ data: AdminUserRow[] } & PageLinks> {
  const execute = (query: SQL) => ctx.db.execute(query);
  const before = q.after ? null : decodePosition(q.before);
  const given = decodePosition(q.after);
  const where = await filterSql(ctx, listing, q);
  // Without a search or a date range, the month counts give exact totals and cheap jumps (month-counts.ts).
  const counted =
    !q.search && !(q.fromDate && q.toDate)
      ? { game: listing.game, referredOnly: Boolean(listing.referredOnly) }
      : null;
  const offset = (q.page - 1) * q.per_page;
  const after =
    given ??
    (before
      ? null
      : counted
        ? await countedPositionAtOffset(execute, counted, offset)
        : await positionAtOffset(
            execute,
            { from: sql`user_games ug`, where, at: sql`ug.created_at`, id: sql`ug.id` },
            offset,
          ));
  const ks = keyset(sql`ug.created_at`, sql`ug.id`, after, before);
  const [count, fetched] = await Promise.all([
    counted
      ? countedTotal(execute, counted).then((total) => ({ total, estimated: false }))
      : countRows(execute, sql`user_games ug`, where),
    ctx.db
      .execute(selectRows(listing, andAll([where, ks.where]), ks.order, q.per_page + 1, 0))
      .then((r) => rowsOf<RawRow>(r)),
  ]);
  const more = fetched.length > q.per_page;
  const raw = fetched.slice(0, q.per_page);
  if (ks.reverse) raw.reverse();
  const pos = (r: RawRow | undefined): Position | null => (r ? { at: r.pos_at, id: r.pos_id } : null);
  return {
    data: raw.map(shapeRow),
    ...pageLinks(path, q, count, pos(raw[0]), pos(raw[raw.length - 1]), ks.reverse ? raw.length > 0 : more),
  };
}

/** Every row matching the filters, newest first, in keyset batches: memory stays flat however many rows. */
export async function* allUsers(
  ctx: ServiceContext,
  listing: UserListing,
  q: Filters,
  batchSize = 2_000,
): AsyncGenerator<AdminUserRow[]> {
  const where = await filterSql(ctx, listing, q);
  let after: Position | null = null;
  for (;;) {
    const ks = keyset(sql`ug.created_at`, sql`ug.id`, after, null);
    const raw = rowsOf<RawRow>(
      await ctx.db.execute(selectRows(listing, andAll([where, ks.where]), ks.order, batchSize, 0)),
    );
    if (raw.length === 0) return;
    yield raw.map(shapeRow);
    if (raw.length < batchSize) return;
    const last = raw[raw.length - 1]!;
    after = { at: last.pos_at, id: last.pos_id };
  }
}
