import type {
  DevelopersReply,
  MarkDeveloperReply,
  MarkDeveloperRequest,
  MessageReply,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useRefreshingMutation } from '../../lib/mutations';

/** Calls of the back-office's developer accounts (docs/game-login.md), typed by the contract. */
export const developersApi = {
  list: (signal?: AbortSignal) =>
    api.get<DevelopersReply>('/api/admin/developers', { auth: 'admin', signal }),
  mark: (body: MarkDeveloperRequest) =>
    api.post<MarkDeveloperReply>('/api/admin/developers', body, { auth: 'admin' }),
  unmark: (userId: string) =>
    api.delete<MessageReply>(`/api/admin/developers/${encodeURIComponent(userId)}`, undefined, {
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
