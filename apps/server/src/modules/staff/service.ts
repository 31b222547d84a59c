import type { StaffAccess } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { admins } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { unauthenticated } from '../../lib/errors';
import { capabilitiesOf } from '../../lib/staff-access';

/** The staff member's role and what it allows. */
export async function staffAccess(ctx: ServiceContext, adminId: string): Promise<StaffAccess> {
  const [staff] = await ctx.db.select({ role: admins.role }).from(admins).where(eq(admins.id, adminId));
  if (!staff) throw unauthenticated('Your admin session has ended. Please sign in again.');
  return { role: staff.role, capabilities: capabilitiesOf(staff.role) };
}
