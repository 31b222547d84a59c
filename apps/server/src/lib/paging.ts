import type { TableQuery } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { badRequest } from './errors';
import { isUuid } from './ids';

/**
 * Paging shared by every admin table. Links carry a keyset position (`after` / `before`: the sort key of
 * the last / first row shown), so following Next or Previous costs the same on page 2 and page 50,000.
 * A bare `page=N` (no position) falls back to OFFSET.
 */
export interface Position {
  at: string;
  id: string;
}

const POSITION = /^((\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d{1,6})?)\|(.{36})$/;

const PAGE_LINK_INVALID = 'This page link is no longer valid.';

/** The opaque form of a position that page links and paging replies carry. */
export function encodePosition(p: Position): string {
  return Buffer.from(`${p.at}|${p.id}`).toString('base64url');
}

/** A UTC instant PostgreSQL takes as a timestamp: a real day and time, from year 1 (there is no year 0). */
function isRealInstant(day: string, time: string): boolean {
  const at = new Date(`${day}T${time}Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(`${day}T${time}`) && day >= '0001';
}

/**
 * The position a page link carries, or null without one. A link that does not decode to a real instant and
 * uuid (edited or truncated) is a 400 before any query: cast in SQL, it failed as a 500.
 */
export function decodePosition(value: string | undefined): Position | null {
  if (value === undefined) return null;
  const match = POSITION.exec(Buffer.from(value, 'base64url').toString('utf8'));
  if (!match || !isRealInstant(match[2]!, match[3]!) || !isUuid(match[4]!))
    throw badRequest(PAGE_LINK_INVALID);
  return { at: match[1]!, id: match[4]! };
}

/** `%term%` for LIKE on a lower-cased document, with LIKE's wildcards taken literally. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The date range as a half-open UTC interval on `column`: [fromDate 00:00, toDate + 1 day 00:00). */
export function dateRange(column: SQL, q: Pick<TableQuery, 'fromDate' | 'toDate'>): SQL | null {
  if (!q.fromDate || !q.toDate) return null;
  return sql`${column} >= (${q.fromDate}::date)::timestamp at time zone 'UTC' and ${column} < (${q.toDate}::date + 1)::timestamp at time zone 'UTC'`;
}

/** The sort key as text with microseconds, so keyset comparisons are exact. */
export function positionKey(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
}

/**
 * The keyset position just before row `offset` of a newest-first listing on (at, id), for a bare ?page=N.
 * Only index keys are read: the skipped rows are never projected (formatting each of 500,000 skipped keys
 * cost a second). Past the end, a position below every row (an empty page).
 */
export async function positionAtOffset(
  execute: (query: SQL) => Promise<unknown>,
  listing: { from: SQL; where: SQL; at: SQL; id: SQL },
  offset: number,
): Promise<Position | null> {
  if (offset <= 0) return null;
  const [row] = rowsOf<{ pos_at: string; pos_id: string }>(
    await execute(sql`select ${positionKey(sql`k.at`)} as pos_at, k.id as pos_id from (
        select ${listing.at} as at, ${listing.id} as id from ${listing.from} where ${listing.where}
        order by ${listing.at} desc, ${listing.id} desc limit 1 offset ${offset - 1}) k`),
  );
  return row ? { at: row.pos_at, id: row.pos_id } : BELOW_EVERY_ROW;
}

/** A position after the oldest row: the page after it is empty. */
export const BELOW_EVERY_ROW: Position = {
  at: '0001-01-01T00:00:00',
  id: '00000000-0000-0000-0000-000000000000',
};

/** Keyset condition and order for a newest-first listing on (at, id). */
export function keyset(at: SQL, id: SQL, after: Position | null, before: Position | null) {
  if (after)
    return {
      where: sql`(${at}, ${id}) < ((${after.at}::timestamp at time zone 'UTC'), ${after.id}::uuid)`,
      order: sql`${at} desc, ${id} desc`,
      reverse: false,
    };
  if (before)
    return {
      where: sql`(${at}, ${id}) > ((${before.at}::timestamp at time zone 'UTC'), ${before.id}::uuid)`,
      order: sql`${at} asc, ${id} asc`,
      reverse: true,
    };
  return { where: null, order: sql`${at} desc, ${id} desc`, reverse: false };
}

export function andAll(parts: (SQL | null | undefined)[]): SQL {
  const present = parts.filter((p): p is SQL => Boolean(p));
  return present.length ? sql.join(present, sql` and `) : sql`true`;
}

export interface PageLinks {
  total_is_estimate: boolean;
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  next_page_url: string | null;
  prev_page_url: string | null;
}

/** The spec's paging fields; links are same-origin paths that keep every filter. */
export function pageLinks(
  path: string,
  q: TableQuery,
  count: Count,
  first: Position | null,
  last: Position | null,
  hasNext: boolean,
): PageLinks {
  const current = q.page;
  // An estimated total may be a little off: never claim fewer pages than we know exist.
  const lastPage = Math.max(1, Math.ceil(count.total / q.per_page), hasNext ? current + 1 : current);
  const total = count.total;
  const link = (page: number, extra: Record<string, string>) => {
    const params = new URLSearchParams({ per_page: String(q.per_page), page: String(page) });
    if (q.search) params.set('search', q.search);
    if (q.fromDate && q.toDate) {
      params.set('fromDate', q.fromDate);
      params.set('toDate', q.toDate);
    }
    for (const [k, v] of Object.entries(extra)) params.set(k, v);
    return `${path}?${params.toString()}`;
  };
  return {
    current_page: q.page,
    last_page: lastPage,
    per_page: q.per_page,
    total,
    total_is_estimate: count.estimated,
    next_page_url: hasNext && last ? link(current + 1, { after: encodePosition(last) }) : null,
    prev_page_url:
      q.page > 1
        ? q.page - 1 === 1
          ? link(1, {})
          : first
            ? link(q.page - 1, { before: encodePosition(first) })
            : link(q.page - 1, {})
        : null,
  };
}

export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export interface Count {
  total: number;
  estimated: boolean;
}

/** Up to this many matching rows are counted exactly; beyond it the planner's estimate is used. */
export const EXACT_COUNT_CAP = 1_000;

/**
 * The number of rows `from` + `where` matches: exact up to EXACT_COUNT_CAP (a bounded scan), else the
 * planner's estimate, so 'Page X of Y' never costs a full count of a million rows. The cap is low because a
 * broad search ('japan': 80,000 players) costs a join per counted row: 1,000 rows take ~20 ms, 10,000 ~200.
 */
export async function countRows(
  execute: (query: SQL) => Promise<unknown>,
  from: SQL,
  where: SQL,
): Promise<Count> {
  const exact = rowsOf<{ n: number }>(
    await execute(
      sql`select count(*)::int as n from (select 1 from ${from} where ${where} limit ${EXACT_COUNT_CAP + 1}) c`,
    ),
  );
  const n = Number(exact[0]?.n ?? 0);
  if (n <= EXACT_COUNT_CAP) return { total: n, estimated: false };
  const plan = rowsOf<Record<string, unknown>>(
    await execute(sql`explain (format json) select 1 from ${from} where ${where}`),
  );
  const raw = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  const estimate = Math.round(Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0));
  return { total: Math.max(estimate, EXACT_COUNT_CAP + 1), estimated: true };
}
