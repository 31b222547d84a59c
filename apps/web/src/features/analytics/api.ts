import type {
  AgeRow,
  CountryRow,
  DailyRegistrationRow,
  DauRow,
  DownloadRow,
  MonthlyRegistrationRow,
  MonthlyUsersPerDayRow,
  ReferralDailyRow,
  ReferralTotalSeriesRow,
  WeeklyRegistrationRow,
  WeeklyUsersPerDayRow,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { rangeQuery } from './series';

export interface Range {
  fromDate: string;
  toDate: string;
}

type DashboardGame = 'caliber' | 'yggdra';

/** The reply of each dashboard series path (spec section 7), in the contract's row types. */
type SeriesReplies = Record<
  `/api/${DashboardGame}-daily-registration-count`,
  { registrations: DailyRegistrationRow[] }
> &
  Record<'/api/age-distribution' | `/api/age-distribution/${DashboardGame}`, AgeRow[]> &
  Record<'/api/country-distribution', CountryRow[]> &
  Record<DauPath, DauRow[]> &
  Record<'/api/game-downloads', DownloadRow[]> &
  Record<'/api/weekly-registration-count/caliber', { weekly_registrations: WeeklyRegistrationRow[] }> &
  Record<'/api/monthly-registrations/caliber', MonthlyRegistrationRow[]> &
  Record<'/api/weekly-users-per-day/caliber', WeeklyUsersPerDayRow[]> &
  Record<'/api/monthly-users-per-day/caliber', MonthlyUsersPerDayRow[]> &
  Record<'/api/total-caliber-referral', ReferralTotalSeriesRow[]> &
  Record<'/api/daily-referralCodes', ReferralDailyRow[]>;
type SeriesPath = keyof SeriesReplies;

/** The daily active users series: Caliber's, and Tales Runner's. */
export type DauPath = '/api/daily-active-users' | '/api/tr-daily-active-users';

/** A row of the extra reports (docs/analytics.md): an x value and named numbers. */
export type ReportRow = Record<string, number | string>;
/** The extra reports answer their rows, or a single row for a snapshot. */
type ReportReply = ReportRow[] | ReportRow;

type CountPath = `/api/${DashboardGame}-total-count${'' | '-today' | '-this-month'}`;
/** A registration count: one named number, e.g. `total_caliber_registrations_today`. */
type CountReply = Partial<Record<string, number>>;

/** GET a dashboard series with the admin token; `query` is the range (and extra) query string. */
const getSeries = <P extends SeriesPath>(path: P, query: string, signal?: AbortSignal) =>
  api.get<SeriesReplies[P]>(`${path}${query}`, { auth: 'admin', signal });

/** GET one of the extra reports with the admin token. */
const getReport = (path: string, query: string, signal?: AbortSignal) =>
  api.get<ReportReply>(`${path}${query}`, { auth: 'admin', signal });

/** GET a registration count with the admin token. */
const getCount = (path: CountPath, signal?: AbortSignal) =>
  api.get<CountReply>(path, { auth: 'admin', signal });

const seriesQuery = { retry: false, staleTime: 30_000 } as const;

/**
 * One dashboard series: its reply type follows from the path. No retries (a failing call shows its retry
 * hint at once); `null` range means unfiltered.
 */
export function useSeries<P extends SeriesPath>(
  path: P,
  range: Range | null,
  extra: Record<string, string> = {},
) {
  const query = rangeQuery(range, extra);
  return useQuery({
    queryKey: ['analytics', path, query],
    queryFn: ({ signal }) => getSeries(path, query, signal),
    ...seriesQuery,
  });
}

/** One extra report; `ranged` false for the reports with a fixed window (CCU today, last 7 days). */
export function useReport(
  path: string,
  range: Range | null,
  extra: Record<string, string> = {},
  ranged = true,
) {
  const query = rangeQuery(ranged ? range : null, extra);
  return useQuery({
    queryKey: ['analytics', path, query],
    queryFn: ({ signal }) => getReport(path, query, signal),
    ...seriesQuery,
  });
}

/** A count card: the named field of the reply, 0 while loading or when the call fails (spec section 8). */
export function useCount(path: CountPath, field: string): number {
  const { data } = useQuery({
    queryKey: ['analytics', path],
    queryFn: ({ signal }) => getCount(path, signal),
    ...seriesQuery,
  });
  const value = Number(data?.[field]);
  return Number.isFinite(value) ? value : 0;
}
