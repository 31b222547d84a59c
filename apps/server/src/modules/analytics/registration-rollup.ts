import { gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf } from '../../db/rows';
import {
  dailyReferralRegistrations,
  dailyRegistrationAges,
  dailyRegistrationCountries,
  dailyRegistrations,
} from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { registrationsSince } from '../accounts';
import { REGISTRATIONS_VERSION } from './reply-cache';
import { columnNames, reportingZone } from './sql';
import { addDays, reportingDay } from './time';
import { readWatermark, writeWatermark } from './watermarks';

/*
 * Registrations are made by the accounts module, which has no events to subscribe to. A task rebuilds the
 * registration rollups for the reporting days since its last run (minus a safety margin for late commits)
 * from the registrations accounts lists since then (`registrationsSince`). Dashboard requests read only the
 * rollups. See docs/decisions/0019-analytics-rollups.md.
 */

const WATERMARK = 'registrations';
/** Transactions committing later than this after their created_at may be missed until the next full day. */
const SAFETY_MS = 10 * 60 * 1000;

const ROLLUPS = [
  dailyRegistrations,
  dailyRegistrationAges,
  dailyRegistrationCountries,
  dailyReferralRegistrations,
] as const;

/** A digest of every rollup row of days >= from: equal digests, equal rows. */
function rollupDigest(from: string) {
  return sql.join(
    ROLLUPS.map((table) => {
      const r = alias(table, 'r');
      return sql`(select md5(coalesce(string_agg(r::text, ',' order by r::text), ''))
        from ${table} ${r} where ${r.day} >= ${from}::date)`;
    }),
    sql` || `,
  );
}

/** Rebuilds the registration rollups for reporting days >= fromDay (all days when omitted). */
export async function rebuildRegistrationRollups(ctx: ServiceContext, fromDay?: string): Promise<void> {
  const from = fromDay ?? '1970-01-01';
  await ctx.transaction(async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(727100, hashtext('registrations'))`);
    const digest = async () =>
      rowsOf<{ digest: string }>(await tx.db.execute(sql`select ${rollupDigest(from)} as digest`))[0]!.digest;
    const before = await digest();
    for (const table of ROLLUPS) await tx.db.delete(table).where(gte(table.day, from));
    const since = sql`(${from}::date::timestamp at time zone ${reportingZone})`;
    await tx.db.execute(sql`
      create temporary table reg_rollup_src on commit drop as
      select game,
        (created_at at time zone ${reportingZone})::date as day,
        coalesce(extract(year from age((created_at at time zone ${reportingZone})::date, birthdate))::int, -1) as age,
        coalesce(nullif(trim(country), ''), 'Unknown') as country,
        nullif(trim(referral_code), '') as referral_code
      from (${registrationsSince(since)}) registration
    `);
    const regs = dailyRegistrations;
    await tx.db.execute(sql`insert into ${regs} (${columnNames(regs.game, regs.day, regs.count)})
      select game, day, count(*)::int from reg_rollup_src group by game, day`);
    const ages = dailyRegistrationAges;
    await tx.db.execute(sql`insert into ${ages} (${columnNames(ages.game, ages.day, ages.age, ages.count)})
      select game, day, age, count(*)::int from reg_rollup_src group by game, day, age`);
    const countries = dailyRegistrationCountries;
    await tx.db.execute(sql`insert into ${countries} (${columnNames(countries.game, countries.day, countries.country, countries.count)})
      select game, day, country, count(*)::int from reg_rollup_src group by game, day, country`);
    const referrals = dailyReferralRegistrations;
    await tx.db.execute(sql`insert into ${referrals} (${columnNames(referrals.game, referrals.day, referrals.referralCode, referrals.count)})
      select game, day, referral_code, count(*)::int from reg_rollup_src where referral_code is not null
      group by game, day, referral_code`);
    // Only when rows changed (the minute task usually finds no new registration), and committed with
    // them: replies cached under an older version are rebuilt from now on.
    if ((await digest()) !== before)
      await writeWatermark(tx.db, REGISTRATIONS_VERSION, sql`clock_timestamp()`);
  });
}

/**
 * The scheduled task: rebuilds from the day of (last run - margin), or everything on the first run.
 * Returns the day it rebuilt from.
 */
export async function refreshRegistrationRollups(ctx: ServiceContext): Promise<string> {
  const now = ctx.clock.now();
  const mark = await readWatermark(ctx.db, WATERMARK);
  const fromDay = mark ? addDays(reportingDay(new Date(mark.getTime() - SAFETY_MS)), 0) : undefined;
  await rebuildRegistrationRollups(ctx, fromDay);
  await writeWatermark(ctx.db, WATERMARK, now);
  return fromDay ?? 'all';
}
