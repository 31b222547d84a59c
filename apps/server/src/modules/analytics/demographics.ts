import type { AnalyticsRange } from '@portal/contract';
import { and, desc, gte } from 'drizzle-orm';
import { dailyRegistrationAges, dailyRegistrationCountries } from '../../db/schema/index';
import { type Ctx, gameIs, inRange, intSum } from './query';

/** Age at registration; registrations without a birthdate are left out. Overall = all games. */
export async function ageDistribution(ctx: Ctx, game: string | undefined, r: AnalyticsRange) {
  const t = dailyRegistrationAges;
  return ctx.db
    .select({ age: t.age, count: intSum(t.count) })
    .from(t)
    .where(and(gameIs(t.game, game), gte(t.age, 0), inRange(t.day, r)))
    .groupBy(t.age)
    .orderBy(t.age);
}

export async function countryDistribution(ctx: Ctx, game: string | undefined, r: AnalyticsRange) {
  const t = dailyRegistrationCountries;
  const countryCount = intSum(t.count);
  const rows = await ctx.db
    .select({ country: t.country, country_count: countryCount })
    .from(t)
    .where(and(gameIs(t.game, game), inRange(t.day, r)))
    .groupBy(t.country)
    .orderBy(desc(countryCount), t.country);
  return rows.map((row) => ({ country: row.country || 'Unknown', country_count: row.country_count }));
}
