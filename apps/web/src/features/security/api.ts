import type {
  MessageReply,
  PasswordChangeRequest,
  RevokeOthersReply,
  SecurityEvent,
  SessionInfo,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Whose security page: the player's (`/api/...`, player token) or the admin's (`/api/admin/...`, admin token). */
export type Audience = 'player' | 'admin';

const base = (audience: Audience) => (audience === 'admin' ? '/api/admin' : '/api');
const sessionsKey = (audience: Audience) => ['security', audience, 'sessions'] as const;
const eventsKey = (audience: Audience) => ['security', audience, 'events'] as const;

export const useSessions = (audience: Audience) =>
  useQuery({
    queryKey: sessionsKey(audience),
    queryFn: ({ signal }) => api.get<SessionInfo[]>(`${base(audience)}/sessions`, { auth: audience, signal }),
  });

export const useSecurityEvents = (audience: Audience) =>
  useQuery({
    queryKey: eventsKey(audience),
    queryFn: ({ signal }) =>
      api.get<SecurityEvent[]>(`${base(audience)}/security/events`, { auth: audience, signal }),
  });

/** After signing sessions out, both lists are read again (the history gains the sign-out). */
function useRefreshAfter<Variables, Reply>(
  audience: Audience,
  change: (variables: Variables) => Promise<Reply>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: sessionsKey(audience) }),
        client.invalidateQueries({ queryKey: eventsKey(audience) }),
      ]),
  });
}

/** DELETE …/sessions/{id}: signs one session of the account out. */
export const useSignOutSession = (audience: Audience) =>
  useRefreshAfter(audience, (id: string) =>
    api.delete<MessageReply>(`${base(audience)}/sessions/${encodeURIComponent(id)}`, undefined, {
      auth: audience,
    }),
  );

/** POST …/sessions/revoke-others: every session but this one. */
export const useSignOutOthers = (audience: Audience) =>
  useRefreshAfter(audience, () =>
    api.post<RevokeOthersReply>(`${base(audience)}/sessions/revoke-others`, undefined, { auth: audience }),
  );

/** POST /api/account/password (players): the proof travels with it; the other sessions end. */
export const useChangePassword = () =>
  useRefreshAfter('player', (body: PasswordChangeRequest) =>
    api.post<MessageReply>('/api/account/password', body, { auth: 'player' }),
  );
