import type { StaffCapability } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../lib/api';
import { useSession } from './session';

/**
 * What the signed-in staff member's role allows (GET /api/admin/access; the server enforces it on every
 * route, this only keeps the navigation to what the role may open). Until it is known everything shows.
 */
export function useStaffAccess() {
  const { admin } = useSession();
  const access = useQuery({
    queryKey: ['staff-access', admin.adminToken],
    // The endpoint loads with its schema on first use, not with the guest screens (decision 0060).
    queryFn: async ({ signal }) => {
      const { staffEndpoints } = await import('@portal/contract/endpoints/staff');
      return call(staffEndpoints.access, {}, { signal });
    },
    enabled: admin.adminAuthenticated,
    staleTime: 5 * 60_000,
  });
  const capabilities = access.data?.capabilities;
  return {
    known: Boolean(capabilities),
    /** The staff member's role, once known. */
    role: access.data?.role,
    /** Whether the role may open what needs `capability` (true while unknown, and for no capability). */
    may: (capability: StaffCapability | undefined) =>
      !capability || !capabilities || capabilities.includes(capability),
    /** Whether the role is known to allow `capability` (false while unknown): actions and exports are offered only then. */
    grants: (capability: StaffCapability) => Boolean(capabilities?.includes(capability)),
  };
}
