import type { AnalyticsRange } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { dailyReferralRegistrations } from '../../db/schema/index';
import { type Ctx, gameIs, inRange, q } from './query';

export async function dailyReferrals(ctx: Ctx, game: string | undefined, r: AnalyticsRange) {
  const t = dailyReferralRegistrations;
  // Up to ~100,000 rows for one game: plain rows from execute, which the query builder's per-row mapping
  // would make ~25% slower to build. One game reads the rollup in its primary key's order (no sort); all
  // games sum the games per code.
  const rows = await q<{
    registration_date: string;
    referral_code: string;
    daily_registration_count: number;
  }>(
    ctx,
    game
      ? sql`select ${t.day}::text as registration_date, ${t.referralCode} as referral_code,
          ${t.count} as daily_registration_count
          from ${t} where ${and(eq(t.game, game), inRange(t.day, r))} order by ${t.day}, ${t.referralCode}`
      : sql`select ${t.day}::text as registration_date, ${t.referralCode} as referral_code,
          sum(${t.count})::int as daily_registration_count
          from ${t} where ${inRange(t.day, r) ?? sql`true`} group by ${t.day}, ${t.referralCode}
          order by ${t.day}, ${t.referralCode}`,
  );
  return rows.map((row) => ({ ...row, daily_registration_count: Number(row.daily_registration_count) }));
}

/** Up to one row per code (~100,000): plain rows from execute, like dailyReferrals. */
export async function referralTotals(ctx: Ctx, game: string | undefined, r: AnalyticsRange) {
  const t = dailyReferralRegistrations;
  const rows = await q<{ referral_code: string; total_count: number; used_for: string }>(
    ctx,
    sql`select ${t.referralCode} as referral_code, sum(${t.count})::int as total_count, ${t.game} as used_for
      from ${t} where ${and(gameIs(t.game, game), inRange(t.day, r)) ?? sql`true`}
      group by ${t.referralCode}, ${t.game} order by total_count desc, referral_code`,
  );
  return rows.map((row) => ({ ...row, total_count: Number(row.total_count) }));
}
