import type { Developer, markDeveloperSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { useRefreshingMutation } from '../../lib/mutations';

type MarkDeveloperRequest = z.input<typeof markDeveloperSchema>;

/** Calls of the back-office's developer accounts (docs/game-login.md). */
export const developersApi = {
  list: (signal?: AbortSignal) =>
    api.get<{ developers: Developer[] }>('/api/admin/developers', { auth: 'admin', signal }),
  mark: (body: MarkDeveloperRequest) =>
    api.post<{ developer: Developer; message: string }>('/api/admin/developers', body, { auth: 'admin' }),
  unmark: (userId: string) =>
    api.delete<{ message: string }>(`/api/admin/developers/${encodeURIComponent(userId)}`, undefined, {
      auth: 'admin',
    }),
};

const DEVELOPERS_KEY = ['developers'] as const;

export function useDevelopers() {
  return useQuery({ queryKey: DEVELOPERS_KEY, queryFn: ({ signal }) => developersApi.list(signal) });
}

/** Marking and unmarking; the list is fetched again afterwards. */
export const useDeveloperChange = <T, V>(change: (value: V) => Promise<T>) =>
  useRefreshingMutation(change, DEVELOPERS_KEY);
