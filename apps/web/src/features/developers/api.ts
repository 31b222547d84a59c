import { developersEndpoints, type MarkDeveloperRequest } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useRefreshingMutation } from '../../lib/mutations';

/** Calls of the back-office's developer accounts (docs/game-login.md). */
export const developersApi = {
  list: (signal?: AbortSignal) => call(developersEndpoints.list, {}, { signal }),
  mark: (body: MarkDeveloperRequest) => call(developersEndpoints.mark, { body }),
  unmark: (userId: string) => call(developersEndpoints.unmark, { params: { userId } }),
  /** The developer's emailed link (public). */
  verifyEmail: (token: string) => call(developersEndpoints.verifyEmail, { params: { token } }),
};

const DEVELOPERS_KEY = ['developers'] as const;

export function useDevelopers() {
  return useQuery({ queryKey: DEVELOPERS_KEY, queryFn: ({ signal }) => developersApi.list(signal) });
}

/** Marking and unmarking; the list is fetched again afterwards. */
export const useDeveloperChange = <T, V>(change: (value: V) => Promise<T>) =>
  useRefreshingMutation(change, DEVELOPERS_KEY);
