import type { MessageReply, StaffAccept, StaffChange, StaffInvite, StaffList } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useRefreshingMutation } from '../../lib/mutations';

const STAFF_KEY = ['staff'] as const;

/** Staff members and open invitations (owners). */
export function useStaff() {
  return useQuery({
    queryKey: STAFF_KEY,
    queryFn: ({ signal }) => api.get<StaffList>('/api/admin/staff', { auth: 'admin', signal }),
  });
}

/** Invites someone; the list is fetched again afterwards. */
export const useInviteStaff = () =>
  useRefreshingMutation(
    (body: StaffInvite) => api.post<MessageReply>('/api/admin/staff', body, { auth: 'admin' }),
    STAFF_KEY,
  );

/** Changes a staff member's role or active state; the list is fetched again afterwards. */
export const useChangeStaff = () =>
  useRefreshingMutation(
    ({ id, change }: { id: string; change: StaffChange }) =>
      api.patch<MessageReply>(`/api/admin/staff/${encodeURIComponent(id)}`, change, { auth: 'admin' }),
    STAFF_KEY,
  );

/** Cancels an open invitation (its link then answers 410); the list is fetched again afterwards. */
export const useCancelInvitation = () =>
  useRefreshingMutation(
    (id: string) =>
      api.delete<MessageReply>(`/api/admin/staff/invitations/${encodeURIComponent(id)}`, undefined, {
        auth: 'admin',
      }),
    STAFF_KEY,
  );

/** The invitee sets their password (no session yet). */
export const useAcceptInvitation = () =>
  useMutation({ mutationFn: (body: StaffAccept) => api.post<MessageReply>('/api/admin/staff/accept', body) });
