import type { AdminUserRow, Game, TableQuery } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import {
  andAll,
  countRows,
  decodePosition,
  iso,
  keyset,
  likePattern,
  type PageLinks,
  type Position,
  pageLinks,
  positionAtOffset,
} from '../../lib/paging';
import { type RegistrationListing, type RegistrationRow, registrationListing } from '../accounts';
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
 * The registrations a listing shows (read through accounts). A search is probed first (one trigram lookup,
 * at most NARROW_SEARCH + 1 ids): a narrow one ('santos 12', 'ref12') keeps an id list, so its few rows are
 * fetched and sorted; a broad one ('japan', 80,000 players) stays a per-row check while walking the date
 * index, which finds a page of matches within a few hundred rows. Either plan is slow for the other kind.
 */
async function registrationsOf(
  ctx: ServiceContext,
  listing: UserListing,
  q: Filters,
): Promise<RegistrationListing> {
  let players: ((userId: SQL) => SQL) | null = null;
  if (q.search) {
    const pattern = likePattern(q.search);
    const ids = rowsOf<{ user_id: string }>(
      await ctx.db.execute(
        sql`select user_id from user_search where doc like ${pattern} limit ${NARROW_SEARCH + 1}`,
      ),
    ).map((r) => r.user_id);
    players =
      ids.length <= NARROW_SEARCH
        ? (userId) => sql`${userId} = any(${`{${ids.join(',')}}`}::uuid[])`
        : (userId) =>
            sql`exists (select 1 from user_search s where s.user_id = ${userId} and s.doc like ${pattern})`;
  }
  return registrationListing({
    game: listing.game,
    referredOnly: Boolean(listing.referredOnly),
    range: q,
    players,
  });
}

function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function shapeRow(row: RegistrationRow): AdminUserRow {
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
  const registrations = await registrationsOf(ctx, listing, q);
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
        ? await countedPositionAtOffset(execute, counted, registrations, offset)
        : await positionAtOffset(execute, registrations, offset));
  const ks = keyset(registrations.at, registrations.id, after, before);
  const [count, fetched] = await Promise.all([
    counted
      ? countedTotal(execute, counted).then((total) => ({ total, estimated: false }))
      : countRows(execute, registrations.from, registrations.where),
    ctx.db
      .execute(registrations.rows(andAll([registrations.where, ks.where]), ks.order, q.per_page + 1))
      .then((r) => rowsOf<RegistrationRow>(r)),
  ]);
  const more = fetched.length > q.per_page;
  const raw = fetched.slice(0, q.per_page);
  if (ks.reverse) raw.reverse();
  const pos = (r: RegistrationRow | undefined): Position | null =>
    r ? { at: r.pos_at, id: r.pos_id } : null;
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
  const registrations = await registrationsOf(ctx, listing, q);
  let after: Position | null = null;
  for (;;) {
    const ks = keyset(registrations.at, registrations.id, after, null);
    const raw = rowsOf<RegistrationRow>(
      await ctx.db.execute(registrations.rows(andAll([registrations.where, ks.where]), ks.order, batchSize)),
    );
    if (raw.length === 0) return;
    yield raw.map(shapeRow);
    if (raw.length < batchSize) return;
    const last = raw[raw.length - 1]!;
    after = { at: last.pos_at, id: last.pos_id };
  }
}
