import { STAFF_MESSAGES, type StaffChange, type StaffList } from '@portal/contract';
import { and, asc, gt, isNull, sql } from 'drizzle-orm';
import { staffInvitations } from '../../db/schema/index';
import { auditTarget, writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { iso } from '../../lib/paging';
import { revokeAllSessions, type Session } from '../../lib/sessions';
import { anotherActiveOwner, findAdminById, setStaffRole, staffMembers } from '../admin-auth';
import { voidInvitationsBy } from './invitations';

/** Every staff member (active first, then by name) and the invitations still open. */
export async function listStaff(ctx: ServiceContext): Promise<StaffList> {
  const staff = await staffMembers(ctx);
  const invitations = await ctx.db
    .select()
    .from(staffInvitations)
    .where(and(isNull(staffInvitations.acceptedAt), gt(staffInvitations.expiresAt, ctx.clock.now())))
    .orderBy(asc(staffInvitations.createdAt));
  return {
    staff: staff.map((s) => ({
      id: s.id,
      name: s.name,
      email: s.email,
      role: s.role,
      active: s.status === 'active',
      two_step: Boolean(s.twoStep),
      last_login_at: iso(s.lastLoginAt),
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      name: i.name,
      email: i.email,
      role: i.role,
      expires_at: iso(i.expiresAt) ?? '',
    })),
  };
}

/**
 * Changes a staff member's role or deactivates / reactivates them (deactivation ends their sessions at
 * once; demotion below owner or deactivation voids their open invitations). The portal always keeps one
 * active owner, so the last one cannot be demoted or deactivated.
 */
export async function changeStaff(
  ctx: ServiceContext,
  id: string,
  change: StaffChange,
  actor: Session,
  ip: string,
) {
  return ctx.transaction(async (tx) => {
    // Serialises staff changes, so two owners demoting each other at once cannot leave none.
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext('staff-owners'))`);
    const member = await findAdminById(tx, id);
    if (!member) throw notFound(STAFF_MESSAGES.notFound);
    const role = change.role ?? member.role;
    const active = change.active ?? member.status === 'active';
    if (member.role === 'owner' && member.status === 'active' && (role !== 'owner' || !active)) {
      if (!(await anotherActiveOwner(tx, id))) throw new AppError('LAST_OWNER', STAFF_MESSAGES.lastOwner);
    }
    await setStaffRole(tx, id, { role, active });
    if (!active) await revokeAllSessions(tx, { adminId: id });
    // Only an active owner's invitations stand: they die with the owner rights that made them.
    const invitationsVoided = role !== 'owner' || !active ? await voidInvitationsBy(tx, id) : [];
    await writeAudit(tx, {
      actor,
      action: 'staff.change',
      target: auditTarget.admin(id),
      details: {
        from: { role: member.role, active: member.status === 'active' },
        to: { role, active },
        ...(invitationsVoided.length > 0 ? { invitationsVoided } : {}),
      },
      ip,
    });
    return { message: STAFF_MESSAGES.updated };
  });
}
