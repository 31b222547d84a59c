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

export interface DailyRegistrationRow {
  registration_date: string;
  registrations_per_day: number;
}
export interface WeeklyRegistrationRow {
  week_start: string;
  registrations: number;
}
export interface WeekRegistrationRow {
  week: string;
  registrations: number;
}
export interface MonthlyRegistrationRow {
  month_start: string;
  registrations: number;
}
export interface AgeRow {
  age: number;
  count: number;
}
export interface CountryRow {
  country: string;
  country_count: number;
}
export interface ReferralDailyRow {
  registration_date: string;
  referral_code: string;
  daily_registration_count: number;
}
export interface ReferralTotalSeriesRow {
  referral_code: string;
  total_count: number;
  used_for: string;
}
export interface DauRow {
  activity_date: string;
  user_count: number;
}
export interface DownloadRow {
  date: string;
  /** JSON string, e.g. '[{"downloads":12}]'. */
  download_ids: string;
}
export interface WeeklyUsersPerDayRow {
  week_start: string;
  data: Record<Weekday, number>;
}
export interface MonthlyUsersPerDayRow {
  month: string;
  data: Record<Weekday, number>;
}
/** Generic series of the documented extra reports: a label and named numbers. */
export interface MetricRow {
  label: string;
  [metric: string]: number | string;
}
