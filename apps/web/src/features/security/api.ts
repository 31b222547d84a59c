import { accountsEndpoints, type PasswordChangeRequest, securityEndpoints } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Whose security page: the player's (`/api/...`, player token) or the admin's (`/api/admin/...`, admin token). */
export type Audience = 'player' | 'admin';

const endpointsOf = {
  player: {
    sessions: securityEndpoints.sessions,
    signOutSession: securityEndpoints.signOutSession,
    signOutOthers: securityEndpoints.signOutOthers,
    events: securityEndpoints.events,
  },
  admin: {
    sessions: securityEndpoints.adminSessions,
    signOutSession: securityEndpoints.adminSignOutSession,
    signOutOthers: securityEndpoints.adminSignOutOthers,
    events: securityEndpoints.adminEvents,
  },
};
const sessionsKey = (audience: Audience) => ['security', audience, 'sessions'] as const;
const eventsKey = (audience: Audience) => ['security', audience, 'events'] as const;

export const useSessions = (audience: Audience) =>
  useQuery({
    queryKey: sessionsKey(audience),
    queryFn: ({ signal }) => call(endpointsOf[audience].sessions, {}, { signal }),
  });

export const useSecurityEvents = (audience: Audience) =>
  useQuery({
    queryKey: eventsKey(audience),
    queryFn: ({ signal }) => call(endpointsOf[audience].events, {}, { signal }),
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
  useRefreshAfter(audience, (id: string) => call(endpointsOf[audience].signOutSession, { params: { id } }));

/** POST …/sessions/revoke-others: every session but this one. */
export const useSignOutOthers = (audience: Audience) =>
  useRefreshAfter(audience, () => call(endpointsOf[audience].signOutOthers));

/**
 * POST /sendForgotPassword for the signed-in player's own address: how an account made by Google or Facebook
 * sign-in sets its first password (the emailed link is the proof; decision 0063).
 */
export const useEmailPasswordLink = () =>
  useMutation({
    mutationFn: (email: string) => call(accountsEndpoints.forgotPassword, { body: { email } }),
  });

/** POST /api/account/password (players): the proof travels with it; the other sessions end. */
export const useChangePassword = () =>
  useRefreshAfter('player', (body: PasswordChangeRequest) =>
    call(accountsEndpoints.changePassword, { body }),
  );
