import { type AnalyticsRange, WEEKDAYS, type Weekday } from '@portal/contract';
import { type Ctx, dailyCounts, today } from './query';
import { addDays, weekStart } from './time';

/* Daily active users, and per weekday by week and by month. */

export async function dailyActiveUsers(ctx: Ctx, game: string, r: AnalyticsRange) {
  return (await dailyCounts(ctx, game, 'play', r)).map((row) => ({
    activity_date: row.day,
    user_count: row.users,
  }));
}

function emptyWeek(): Record<Weekday, number> {
  return Object.fromEntries(WEEKDAYS.map((w) => [w, 0])) as Record<Weekday, number>;
}
function weekdayOf(day: string): Weekday {
  return WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

/** Daily active users of each weekday, one entry per ISO week (unfiltered: the last 4 weeks). */
export async function weeklyUsersPerDay(ctx: Ctx, game: string, r: AnalyticsRange) {
  const t = today(ctx);
  const range = r.fromDate || r.toDate ? r : { fromDate: addDays(weekStart(t), -21), toDate: t };
  const days = await dailyCounts(ctx, game, 'play', range);
  const weeks = new Map<string, Record<Weekday, number>>();
  for (const row of days) {
    const key = weekStart(row.day);
    const data = weeks.get(key) ?? emptyWeek();
    data[weekdayOf(row.day)] = row.users;
    weeks.set(key, data);
  }
  return [...weeks].map(([week_start, data]) => ({ week_start, data }));
}

/** Sum of daily active users per weekday, one entry per month (unfiltered: the last 3 months). */
export async function monthlyUsersPerDay(ctx: Ctx, game: string, r: AnalyticsRange) {
  const t = today(ctx);
  const threeMonthsBack = (() => {
    const [y, m] = t.split('-').map(Number) as [number, number];
    const date = new Date(Date.UTC(y, m - 3, 1));
    return date.toISOString().slice(0, 10);
  })();
  const range = r.fromDate || r.toDate ? r : { fromDate: threeMonthsBack, toDate: t };
  const days = await dailyCounts(ctx, game, 'play', range);
  const months = new Map<string, Record<Weekday, number>>();
  for (const row of days) {
    const key = row.day.slice(0, 7);
    const data = months.get(key) ?? emptyWeek();
    data[weekdayOf(row.day)] += row.users;
    months.set(key, data);
  }
  return [...months].map(([month, data]) => ({ month, data }));
}
