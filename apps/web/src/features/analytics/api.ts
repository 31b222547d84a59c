import {
  type AnalyticsRange,
  analyticsEndpoints,
  type analyticsRangeSchema,
  type Endpoint,
  type Game,
  type gameParamsSchema,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api';

export interface Range {
  fromDate: string;
  toDate: string;
}

/** An analytics endpoint of the contract, by its name there. */
export type AnalyticsReport = keyof typeof analyticsEndpoints;

/**
 * An analytics endpoint of the contract (`analyticsEndpoints`) answering `Reply`'s schema: every report takes
 * the range query, some a game in the path.
 */
export type ReportEndpoint<Reply extends z.ZodType = z.ZodType> = Endpoint & {
  query: typeof analyticsRangeSchema;
  params?: typeof gameParamsSchema;
  reply: Reply;
};

/** The path parameters of the per-game reports (`/:game`). */
export type ReportParams = { game: Game } | undefined;

/** The query of a report: the range (none = unfiltered) and the report's extra parameters (`game`). */
function reportQuery(range: AnalyticsRange | null, extra: Record<string, string>) {
  return { ...extra, fromDate: range?.fromDate, toDate: range?.toDate };
}

const seriesQuery = { retry: false, staleTime: 30_000 } as const;

/**
 * One report, its reply parsed by the endpoint's schema (a reply that does not match is an error, not data).
 * No retries (a failing call shows its retry hint at once); `null` range means unfiltered.
 */
function useReportQuery<Reply extends z.ZodType>(
  endpoint: ReportEndpoint<Reply>,
  params: ReportParams,
  range: Range | null,
  extra: Record<string, string>,
) {
  const query = reportQuery(range, extra);
  return useQuery({
    queryKey: ['analytics', endpoint.path, params, query],
    queryFn: ({ signal }) => call(endpoint, { params, query }, { signal, auth: 'admin' }),
    ...seriesQuery,
  });
}

/** One dashboard series: its reply type follows from the endpoint. */
export function useSeries<Reply extends z.ZodType>(
  endpoint: ReportEndpoint<Reply>,
  range: Range | null,
  extra: Record<string, string> = {},
  params?: ReportParams,
) {
  return useReportQuery(endpoint, params, range, extra);
}

/** One extra report; `ranged` false for the reports with a fixed window (CCU today, last 7 days). */
export function useReport<Reply extends z.ZodType>(
  endpoint: ReportEndpoint<Reply>,
  params: ReportParams,
  range: Range | null,
  extra: Record<string, string> = {},
  ranged = true,
) {
  return useReportQuery(endpoint, params, ranged ? range : null, extra);
}

/** The registration counts of the count cards. */
export type CountReport =
  `${'caliber' | 'yggdra'}${'TotalRegistrations' | 'RegistrationsToday' | 'RegistrationsThisMonth'}`;

/**
 * A count card: the named field of the reply (e.g. `total_caliber_registrations_today`), 0 while loading or
 * when the call fails (spec section 8).
 */
export function useCount(report: CountReport, field: string): number {
  // Each count reply is one named number.
  const endpoint: ReportEndpoint<z.ZodType<Partial<Record<string, number>>>> = analyticsEndpoints[report];
  const { data } = useReportQuery(endpoint, undefined, null, {});
  return data?.[field] ?? 0;
}
