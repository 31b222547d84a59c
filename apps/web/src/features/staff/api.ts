import { type StaffAccept, type StaffChange, type StaffInvite, staffEndpoints } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useRefreshingMutation } from '../../lib/mutations';

const STAFF_KEY = ['staff'] as const;

/** Staff members and open invitations (owners). */
export function useStaff() {
  return useQuery({
    queryKey: STAFF_KEY,
    queryFn: ({ signal }) => call(staffEndpoints.list, {}, { signal }),
  });
}

/** Invites someone; the list is fetched again afterwards. */
export const useInviteStaff = () =>
  useRefreshingMutation((body: StaffInvite) => call(staffEndpoints.invite, { body }), STAFF_KEY);

/** Changes a staff member's role or active state; the list is fetched again afterwards. */
export const useChangeStaff = () =>
  useRefreshingMutation(
    ({ id, change }: { id: string; change: StaffChange }) =>
      call(staffEndpoints.change, { params: { id }, body: change }),
    STAFF_KEY,
  );

/** Cancels an open invitation (its link then answers 410); the list is fetched again afterwards. */
export const useCancelInvitation = () =>
  useRefreshingMutation((id: string) => call(staffEndpoints.cancelInvitation, { params: { id } }), STAFF_KEY);

/** The invitee sets their password (no session yet). */
export const useAcceptInvitation = () =>
  useMutation({ mutationFn: (body: StaffAccept) => call(staffEndpoints.accept, { body }) });
