import { z } from 'zod';
import { calendarDateSchema } from './validation';

/**
 * The reporting time zone: every "day", "week" and "month" of the dashboards and the sales dashboard's date
 * filter is a calendar period in this zone. Asia/Manila (UTC+8, no daylight saving) is the publisher's market.
 * All SQL bucketing uses `AT TIME ZONE` with this constant; nothing depends on the server's or database's zone.
 */
export const REPORTING_TIME_ZONE = 'Asia/Manila';

const safeDay = z.preprocess(
  (v) => (v === '' || v === 'null' || v === null ? undefined : v),
  calendarDateSchema.optional(),
);

/** Optional fromDate / toDate (YYYY-MM-DD, reporting days, inclusive). Empty or 'null' means unset. */
export const analyticsRangeSchema = z
  .object({ fromDate: safeDay, toDate: safeDay, game: z.string().optional() })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
    message: 'fromDate must not be after toDate.',
    path: ['fromDate'],
  });
export type AnalyticsRange = { fromDate?: string; toDate?: string };

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/*
 * The replies of the analytics reports (spec section 7, docs/analytics.md), exactly as the handlers build
 * them: the server serializes through them and the web parses with them. Keys are in the handlers' order,
 * as the serializer writes a reply's keys in its schema's order.
 */

const day = z.string();
/** A count, a rate in percent or an amount of money (2 decimals). */
const num = z.number();
/** Active players per weekday, every weekday present (in WEEKDAYS order). */
const weekdayCountsSchema = z.record(z.enum(WEEKDAYS), num);

export const dailyRegistrationRowSchema = z.object({ registration_date: day, registrations_per_day: num });
export type DailyRegistrationRow = z.infer<typeof dailyRegistrationRowSchema>;
export const weeklyRegistrationRowSchema = z.object({ week_start: day, registrations: num });
export type WeeklyRegistrationRow = z.infer<typeof weeklyRegistrationRowSchema>;
/** `week` is the ISO week label, e.g. 2026-W47. */
export const weekRegistrationRowSchema = z.object({ week: z.string(), registrations: num });
export type WeekRegistrationRow = z.infer<typeof weekRegistrationRowSchema>;
export const monthlyRegistrationRowSchema = z.object({ month_start: day, registrations: num });
export type MonthlyRegistrationRow = z.infer<typeof monthlyRegistrationRowSchema>;
export const ageRowSchema = z.object({ age: z.number().int(), count: num });
export type AgeRow = z.infer<typeof ageRowSchema>;
export const countryRowSchema = z.object({ country: z.string(), country_count: num });
export type CountryRow = z.infer<typeof countryRowSchema>;
export const referralDailyRowSchema = z.object({
  registration_date: day,
  referral_code: z.string(),
  daily_registration_count: num,
});
export type ReferralDailyRow = z.infer<typeof referralDailyRowSchema>;
export const referralTotalSeriesRowSchema = z.object({
  referral_code: z.string(),
  total_count: num,
  used_for: z.string(),
});
export type ReferralTotalSeriesRow = z.infer<typeof referralTotalSeriesRowSchema>;
export const dauRowSchema = z.object({ activity_date: day, user_count: num });
export type DauRow = z.infer<typeof dauRowSchema>;
export const downloadRowSchema = z.object({
  date: day,
  /** JSON string, e.g. '[{"downloads":12}]'. */
  download_ids: z.string(),
});
export type DownloadRow = z.infer<typeof downloadRowSchema>;
export const weeklyUsersPerDayRowSchema = z.object({ week_start: day, data: weekdayCountsSchema });
export type WeeklyUsersPerDayRow = z.infer<typeof weeklyUsersPerDayRowSchema>;
export const monthlyUsersPerDayRowSchema = z.object({ month: z.string(), data: weekdayCountsSchema });
export type MonthlyUsersPerDayRow = z.infer<typeof monthlyUsersPerDayRowSchema>;

/** The registration series: the daily one and the weekly count wrap their rows in a named field. */
export const dailyRegistrationsReplySchema = z.object({ registrations: z.array(dailyRegistrationRowSchema) });
export const weeklyRegistrationCountReplySchema = z.object({
  weekly_registrations: z.array(weeklyRegistrationRowSchema),
});

/** The registration count cards: one named number each (spec section 7). */
export const registrationCountReplySchemas = {
  caliberTotal: z.object({ total_caliber_registrations: num }),
  caliberToday: z.object({ total_caliber_registrations_today: num }),
  caliberThisMonth: z.object({ total_caliber_registrations_for_this_month: num }),
  yggdraTotal: z.object({ total_yggdra_registrations: num }),
  yggdraToday: z.object({ total_yggdra_registrations_today: num }),
  yggdraThisMonth: z.object({ total_yggdra_registrations_for_this_month: num }),
};

/* The extra reports (docs/analytics.md): rates are percentages to 2 decimals, money to 2 decimals. */

export const salesByStoreTypeRowSchema = z.object({ store_type: z.string(), orders: num, revenue: num });
/** A snapshot of the range: one object, not rows. */
export const lifetimeValueReplySchema = z.object({
  game: z.string(),
  revenue: num,
  orders: num,
  registered_players: num,
  paying_players: num,
  ltv: num,
  arppu: num,
});
export const buyingUsersRowSchema = z.object({
  date: day,
  buyers: num,
  new_buyers: num,
  returning_buyers: num,
  orders: num,
  revenue: num,
});
export const newBuyingUsersRowSchema = z.object({ date: day, new_buyers: num });
export const returningBuyingUsersRowSchema = z.object({ date: day, returning_buyers: num });
/** `year` is the ISO year, `week` the ISO week number. */
export const weeklySalesPerYearRowSchema = z.object({ year: num, week: num, orders: num, revenue: num });
export const weeklyRevenueRowSchema = z.object({ week_start: day, orders: num, revenue: num });
/** `name` is the shop's name of the SKU today, or the SKU when the product is gone. */
export const itemSalesRowSchema = z.object({
  sku: z.string(),
  name: z.string(),
  quantity: num,
  revenue: num,
});
export const ccuAndActiveUsersRowSchema = z.object({ date: day, peak_ccu: num, active_users: num });
/** `time` is the hour of today, '00:00' to '23:00'. */
export const ccuTodayRowSchema = z.object({ time: z.string(), ccu: num });
export const ccuWeeklyRowSchema = z.object({ date: day, peak_ccu: num });
/** `month` is YYYY-MM. */
export const monthlyCcuRowSchema = z.object({ month: z.string(), peak_ccu: num, average_daily_peak: num });
export const stickinessRowSchema = z.object({ date: day, dau: num, mau: num, stickiness: num });
const churn = { previous_active: num, retained: num, churned: num, churn_rate: num };
export const weeklyChurnRowSchema = z.object({ week_start: day, ...churn });
export const monthlyChurnRowSchema = z.object({ month_start: day, ...churn });
const retention = { previous_active: num, retained: num, retention_rate: num };
export const weeklyRetentionRowSchema = z.object({ week_start: day, ...retention });
export const returningUsersRowSchema = z.object({
  date: day,
  active_users: num,
  new_users: num,
  returning_users: num,
  returning_rate: num,
});
export const dailyActiveRetentionRowSchema = z.object({ date: day, ...retention });
export const purchaseRetentionRowSchema = z.object({
  month_start: day,
  previous_buyers: num,
  retained: num,
  retention_rate: num,
});
