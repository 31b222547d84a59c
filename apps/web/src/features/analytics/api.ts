import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { rangeQuery } from './series';

export interface Range {
  fromDate: string;
  toDate: string;
}

/**
 * One dashboard series: GET `path` with the admin token and the optional range. No retries (a failing
 * call shows its retry hint at once); `null` range means unfiltered.
 */
export function useSeries<T>(
  path: string,
  range: Range | null,
  extra: Record<string, string> = {},
  ranged = true,
) {
  const query = rangeQuery(ranged ? range : null, extra);
  return useQuery({
    queryKey: ['analytics', path, query],
    queryFn: ({ signal }) => api.get<T>(`${path}${query}`, { auth: 'admin', signal }),
    retry: false,
    staleTime: 30_000,
  });
}

/** A count card: the named field of the reply, 0 while loading or when the call fails (spec section 8). */
export function useCount(path: string, field: string): number {
  const { data } = useQuery({
    queryKey: ['analytics', path],
    queryFn: ({ signal }) => api.get<Record<string, number>>(path, { auth: 'admin', signal }),
    retry: false,
    staleTime: 30_000,
  });
  const value = Number(data?.[field]);
  return Number.isFinite(value) ? value : 0;
}
