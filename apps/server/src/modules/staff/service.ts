import type { StaffAccess } from '@portal/contract';
import type { ServiceContext } from '../../lib/context';
import { unauthenticated } from '../../lib/errors';
import { capabilitiesOf } from '../../lib/staff-access';
import { findAdminById } from '../admin-auth';

/** The staff member's role and what it allows. */
export async function staffAccess(ctx: ServiceContext, adminId: string): Promise<StaffAccess> {
  const staff = await findAdminById(ctx, adminId);
  if (!staff) throw unauthenticated('Your admin session has ended. Please sign in again.');
  return { role: staff.role, capabilities: capabilitiesOf(staff.role) };
}
