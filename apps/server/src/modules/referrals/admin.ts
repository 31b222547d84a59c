import type { CreateReferralCode, ReferralCodeRow, TableQuery } from '@portal/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { referralCodes } from '../../db/schema/index';
import { accountDirectory } from '../../lib/account-directory';
import { writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
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
import type { Session } from '../../lib/sessions';
import { referralUrl } from './service';

/**
 * Admin side of referral codes: the totals table (every code with the number of registrations that used
 * it, counted from user_games.referral_code) and creating a code for a game.
 */
type Filters = Pick<TableQuery, 'search' | 'fromDate' | 'toDate'>;

function filterSql(q: Filters): SQL {
  return andAll([
    dateRange(sql`rc.created_at`, q),
    q.search ? sql`lower(rc.code || ' ' || rc.game || ' ' || rc.url) like ${likePattern(q.search)}` : null,
  ]);
}

interface RawRow {
  pos_at: string;
  pos_id: string;
  id: string;
  code: string;
  game: string;
  url: string;
  total_count: number | string;
  created_at: unknown;
}

function selectRows(where: SQL, order: SQL, limit: number, offset: number): SQL {
  return sql`
    select ${positionKey(sql`rc.created_at`)} as pos_at, rc.id as pos_id, rc.id, rc.code, rc.game, rc.url,
      rc.created_at,
      (select count(*)::int from ${accountDirectory().playerGames} ug
        where lower(ug.referral_code) = lower(rc.code) and ug.referral_code is not null) as total_count
    from referral_codes rc
    where ${where}
    order by ${order}
    limit ${limit} offset ${offset}`;
}

function shape(row: RawRow): ReferralCodeRow {
  return {
    id: row.id,
    referral_code: row.code,
    used_for: row.game,
    url: row.url,
    total_count: Number(row.total_count),
    created_at: iso(row.created_at)!,
  };
}

export async function listReferralCodes(
  ctx: ServiceContext,
  q: TableQuery,
  path: string,
): Promise<{ data: ReferralCodeRow[] } & PageLinks> {
  const before = q.after ? null : decodePosition(q.before);
  const after =
    decodePosition(q.after) ??
    (before
      ? null
      : await positionAtOffset(
          (query) => ctx.db.execute(query),
          { from: sql`referral_codes rc`, where: filterSql(q), at: sql`rc.created_at`, id: sql`rc.id` },
          (q.page - 1) * q.per_page,
        ));
  const ks = keyset(sql`rc.created_at`, sql`rc.id`, after, before);
  const [count, rawResult] = await Promise.all([
    countRows((query) => ctx.db.execute(query), sql`referral_codes rc`, filterSql(q)),
    ctx.db.execute(selectRows(andAll([filterSql(q), ks.where]), ks.order, q.per_page + 1, 0)),
  ]);
  const fetched = rowsOf<RawRow>(rawResult);
  const more = fetched.length > q.per_page;
  const raw = fetched.slice(0, q.per_page);
  if (ks.reverse) raw.reverse();
  const pos = (r: RawRow | undefined): Position | null => (r ? { at: r.pos_at, id: r.pos_id } : null);
  return {
    data: raw.map(shape),
    ...pageLinks(path, q, count, pos(raw[0]), pos(raw[raw.length - 1]), ks.reverse ? raw.length > 0 : more),
  };
}

export async function* allReferralCodes(ctx: ServiceContext, q: Filters, batchSize = 2_000) {
  let after: Position | null = null;
  for (;;) {
    const ks = keyset(sql`rc.created_at`, sql`rc.id`, after, null);
    const raw = rowsOf<RawRow>(
      await ctx.db.execute(selectRows(andAll([filterSql(q), ks.where]), ks.order, batchSize, 0)),
    );
    if (raw.length === 0) return;
    yield raw.map(shape);
    if (raw.length < batchSize) return;
    const last = raw[raw.length - 1]!;
    after = { at: last.pos_at, id: last.pos_id };
  }
}

/** An admin-made code for a game, with its registration link; 422 when the code is taken (any case). */
export async function createAdminReferralCode(
  ctx: ServiceContext,
  admin: Session,
  input: CreateReferralCode,
  ip?: string,
): Promise<ReferralCodeRow> {
  const code = input.code.trim();
  const taken = await ctx.db
    .select({ id: referralCodes.id })
    .from(referralCodes)
    .where(eq(sql`lower(${referralCodes.code})`, code.toLowerCase()))
    .limit(1);
  const takenError = () =>
    new AppError('REFERRAL_CODE_TAKEN', 'This referral code is already taken.', {
      code: ['This referral code is already taken.'],
    });
  if (taken.length > 0) throw takenError();
  const [row] = await ctx.db
    .insert(referralCodes)
    .values({
      code,
      game: input.game,
      url: referralUrl(ctx.config.PUBLIC_URL, input.game, code),
      createdByAdminId: admin.subjectId,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw takenError();
  await writeAudit(ctx, {
    actor: admin,
    action: 'referral_code.create',
    details: { code, game: input.game },
    ip,
  });
  return {
    id: row.id,
    referral_code: row.code,
    used_for: row.game,
    url: row.url,
    total_count: 0,
    created_at: row.createdAt.toISOString(),
  };
}
