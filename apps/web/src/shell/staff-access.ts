import type { StaffCapability } from '@portal/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api';
import { useSession } from './session';

const staffAccessCheck = (adminToken: string | null) =>
  queryOptions({
    queryKey: ['staff-access', adminToken],
    // The endpoint loads with its schema on first use, not with the guest screens (decision 0060).
    queryFn: async ({ signal }) => {
      const { staffEndpoints } = await import('@portal/contract/endpoints/staff');
      return call(staffEndpoints.access, {}, { signal });
    },
    staleTime: 5 * 60_000,
  });

/**
 * Starts asking what the role allows as the app starts on a back-office page (start.tsx), beside the admin's
 * two-step status: a page's actions and exports show once it is known, and known before the page's rows
 * arrive they do not appear among them afterwards and move what is below.
 */
export function startStaffAccessCheck(client: QueryClient, adminToken: string): void {
  void client.prefetchQuery(staffAccessCheck(adminToken));
}

/**
 * What the signed-in staff member's role allows (GET /api/admin/access; the server enforces it on every
 * route, this only keeps the navigation to what the role may open). Until it is known everything shows.
 */
export function useStaffAccess() {
  const { admin } = useSession();
  const access = useQuery({ ...staffAccessCheck(admin.adminToken), enabled: admin.adminAuthenticated });
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
