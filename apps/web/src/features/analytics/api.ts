import {
  type AgeRow,
  analyticsEndpoints,
  type CountryRow,
  type DailyRegistrationRow,
  type DauRow,
  type DownloadRow,
  endpointUrl,
  type Game,
  type MonthlyRegistrationRow,
  type MonthlyUsersPerDayRow,
  type ReferralDailyRow,
  type ReferralTotalSeriesRow,
  type WeeklyRegistrationRow,
  type WeeklyUsersPerDayRow,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { rangeQuery } from './series';

export interface Range {
  fromDate: string;
  toDate: string;
}

/** An analytics endpoint of the contract, by its name there. */
export type AnalyticsReport = keyof typeof analyticsEndpoints;

/** The path parameters of the per-game reports (`/:game`). */
export type ReportParams = { game: Game } | undefined;

/**
 * The reply of each dashboard series (spec section 7), in the contract's row types: the contract declares the
 * analytics endpoints without reply schemas (their rows are TypeScript types), so the reply is typed here.
 */
interface SeriesReplies {
  caliberDailyRegistrations: { registrations: DailyRegistrationRow[] };
  yggdraDailyRegistrations: { registrations: DailyRegistrationRow[] };
  ageDistribution: AgeRow[];
  gameAgeDistribution: AgeRow[];
  countryDistribution: CountryRow[];
  dailyActiveUsers: DauRow[];
  talesRunnerDailyActiveUsers: DauRow[];
  gameDownloads: DownloadRow[];
  weeklyRegistrationCount: { weekly_registrations: WeeklyRegistrationRow[] };
  monthlyRegistrations: MonthlyRegistrationRow[];
  weeklyUsersPerDay: WeeklyUsersPerDayRow[];
  monthlyUsersPerDay: MonthlyUsersPerDayRow[];
  caliberReferralTotals: ReferralTotalSeriesRow[];
  dailyReferrals: ReferralDailyRow[];
}
type SeriesReport = keyof SeriesReplies;

/** The daily active users series: Caliber's, and Tales Runner's. */
export type DauReport = 'dailyActiveUsers' | 'talesRunnerDailyActiveUsers';

/** A row of the extra reports (docs/analytics.md): an x value and named numbers. */
export type ReportRow = Record<string, number | string>;
/** The extra reports answer their rows, or a single row for a snapshot. */
type ReportReply = ReportRow[] | ReportRow;

/** The registration counts of the count cards. */
export type CountReport =
  `${'caliber' | 'yggdra'}${'TotalRegistrations' | 'RegistrationsToday' | 'RegistrationsThisMonth'}`;
/** A registration count: one named number, e.g. `total_caliber_registrations_today`. */
type CountReply = Partial<Record<string, number>>;

/** GET a report with the admin token; `query` is the range (and extra) query string. */
const getReport = <Reply>(
  report: AnalyticsReport,
  params: ReportParams,
  query: string,
  signal?: AbortSignal,
) => api.get<Reply>(`${endpointUrl(analyticsEndpoints[report], params)}${query}`, { auth: 'admin', signal });

const seriesQuery = { retry: false, staleTime: 30_000 } as const;

/**
 * One dashboard series: its reply type follows from the report. No retries (a failing call shows its retry
 * hint at once); `null` range means unfiltered.
 */
export function useSeries<R extends SeriesReport>(
  report: R,
  range: Range | null,
  extra: Record<string, string> = {},
  params?: ReportParams,
) {
  const query = rangeQuery(range, extra);
  return useQuery({
    queryKey: ['analytics', report, params, query],
    queryFn: ({ signal }) => getReport<SeriesReplies[R]>(report, params, query, signal),
    ...seriesQuery,
  });
}

/** One extra report; `ranged` false for the reports with a fixed window (CCU today, last 7 days). */
export function useReport(
  report: AnalyticsReport,
  params: ReportParams,
  range: Range | null,
  extra: Record<string, string> = {},
  ranged = true,
) {
  const query = rangeQuery(ranged ? range : null, extra);
  return useQuery({
    queryKey: ['analytics', report, params, query],
    queryFn: ({ signal }) => getReport<ReportReply>(report, params, query, signal),
    ...seriesQuery,
  });
}

/** A count card: the named field of the reply, 0 while loading or when the call fails (spec section 8). */
export function useCount(report: CountReport, field: string): number {
  const { data } = useQuery({
    queryKey: ['analytics', report],
    queryFn: ({ signal }) => getReport<CountReply>(report, undefined, '', signal),
    ...seriesQuery,
  });
  const value = Number(data?.[field]);
  return Number.isFinite(value) ? value : 0;
}
