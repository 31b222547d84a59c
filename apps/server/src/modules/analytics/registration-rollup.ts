import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import { REGISTRATIONS_VERSION } from './reply-cache';
import { addDays, REPORTING_TIME_ZONE, reportingDay } from './time';

/*
 * Registrations are made by the accounts module, which has no events to subscribe to. This file is the
 * analytics module's one documented read of the account tables (user_games, user_profiles,
 * user_addresses): a task rebuilds the registration rollups for the reporting days since its last run
 * (minus a safety margin for late commits), using the (game, created_at) index of user_games. Dashboard
 * requests read only the rollups. See docs/decisions/analytics-rollups.md.
 */

const TZ = sql.raw(`'${REPORTING_TIME_ZONE}'`);
const WATERMARK = 'registrations';
/** Transactions committing later than this after their created_at may be missed until the next full day. */
const SAFETY_MS = 10 * 60 * 1000;

const ROLLUPS = [
  'daily_registrations',
  'daily_registration_ages',
  'daily_registration_countries',
  'daily_referral_registrations',
];

/** A digest of every rollup row of days >= from: equal digests, equal rows. */
function rollupDigest(from: string): SQL {
  return sql.join(
    ROLLUPS.map(
      (table) => sql`(select md5(coalesce(string_agg(r::text, ',' order by r::text), ''))
        from ${sql.identifier(table)} r where day >= ${from}::date)`,
    ),
    sql` || `,
  );
}

/** Rebuilds the registration rollups for reporting days >= fromDay (all days when omitted). */
export async function rebuildRegistrationRollups(ctx: ServiceContext, fromDay?: string): Promise<void> {
  const from = fromDay ?? '1970-01-01';
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727100, hashtext('registrations'))`);
    const digest = async () =>
      rowsOf<{ digest: string }>(await tx.execute(sql`select ${rollupDigest(from)} as digest`))[0]!.digest;
    const before = await digest();
    for (const table of ROLLUPS) {
      await tx.execute(sql`delete from ${sql.identifier(table)} where day >= ${from}::date`);
    }
    await tx.execute(sql`
      create temporary table reg_rollup_src on commit drop as
      select ug.game,
        (ug.created_at at time zone ${TZ})::date as day,
        coalesce(extract(year from age((ug.created_at at time zone ${TZ})::date, p.birthdate))::int, -1) as age,
        coalesce(nullif(trim(addr.country), ''), 'Unknown') as country,
        nullif(trim(ug.referral_code), '') as referral_code
      from user_games ug
      left join user_profiles p on p.user_id = ug.user_id
      left join lateral (
        select a.country from user_addresses a where a.user_id = ug.user_id order by a.country is null, a.id limit 1
      ) addr on true
      where ug.created_at >= (${from}::date::timestamp at time zone ${TZ})
    `);
    await tx.execute(sql`insert into daily_registrations (game, day, count)
      select game, day, count(*)::int from reg_rollup_src group by game, day`);
    await tx.execute(sql`insert into daily_registration_ages (game, day, age, count)
      select game, day, age, count(*)::int from reg_rollup_src group by game, day, age`);
    await tx.execute(sql`insert into daily_registration_countries (game, day, country, count)
      select game, day, country, count(*)::int from reg_rollup_src group by game, day, country`);
    await tx.execute(sql`insert into daily_referral_registrations (game, day, referral_code, count)
      select game, day, referral_code, count(*)::int from reg_rollup_src where referral_code is not null
      group by game, day, referral_code`);
    // Only when rows changed (the minute task usually finds no new registration), and committed with
    // them: replies cached under an older version are rebuilt from now on.
    if ((await digest()) !== before)
      await tx.execute(sql`insert into rollup_watermarks (name, value) values (${REGISTRATIONS_VERSION}, clock_timestamp())
        on conflict (name) do update set value = excluded.value`);
  });
}

/**
 * The scheduled task: rebuilds from the day of (last run - margin), or everything on the first run.
 * Returns the day it rebuilt from.
 */
export async function refreshRegistrationRollups(ctx: ServiceContext): Promise<string> {
  const now = ctx.clock.now();
  const [mark] = rowsOf<{ value: string | Date }>(
    await ctx.db.execute(sql`select value from rollup_watermarks where name = ${WATERMARK}`),
  );
  const fromDay = mark
    ? addDays(reportingDay(new Date(new Date(mark.value).getTime() - SAFETY_MS)), 0)
    : undefined;
  await rebuildRegistrationRollups(ctx, fromDay);
  await ctx.db.execute(sql`insert into rollup_watermarks (name, value) values (${WATERMARK}, ${now.toISOString()})
    on conflict (name) do update set value = excluded.value`);
  return fromDay ?? 'all';
}
