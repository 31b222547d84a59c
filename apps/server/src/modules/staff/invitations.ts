import { PAGE_PATHS, pageHref, STAFF_MESSAGES, type StaffAccept, type StaffInvite } from '@portal/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { staffInvitations } from '../../db/schema/index';
import { auditTarget, writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { AppError, notFound, validationError } from '../../lib/errors';
import { renderEmail } from '../../lib/mail/layout';
import type { Session } from '../../lib/sessions';
import { hashToken, randomToken } from '../../lib/tokens';
import { createAdmin, lockActiveOwner, staffEmailTaken } from '../admin-auth';

const INVITATION_HOURS = 48;

/**
 * Invites a new staff member: a single-use link valid 48 hours, by email. An earlier open invitation to the
 * same address is replaced (its link stops working), so only the newest link counts.
 */
export async function inviteStaff(ctx: ServiceContext, input: StaffInvite, actor: Session, ip: string) {
  const email = input.email.trim();
  if (await staffEmailTaken(ctx, email)) throw validationError({ email: [STAFF_MESSAGES.alreadyStaff] });
  const token = randomToken();
  const now = ctx.clock.now();
  await ctx.transaction(async (tx) => {
    await tx.db
      .delete(staffInvitations)
      .where(
        and(sql`lower(${staffInvitations.email}) = lower(${email})`, isNull(staffInvitations.acceptedAt)),
      );
    const [invitation] = await tx.db
      .insert(staffInvitations)
      .values({
        email,
        name: input.name,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: actor.subjectId,
        expiresAt: new Date(now.getTime() + INVITATION_HOURS * 3_600_000),
        createdAt: now,
      })
      .returning({ id: staffInvitations.id });
    const body = renderEmail({
      greeting: `Hi ${input.name},`,
      paragraphs: [
        `You are invited to the Games Portal back-office as ${input.role}.`,
        `Open the link below to choose your password. It works once and for ${INVITATION_HOURS} hours.`,
      ],
      action: {
        label: 'Set up my staff account',
        url: `${ctx.config.PUBLIC_URL}${pageHref(PAGE_PATHS.acceptInvitation, { token })}`,
      },
      footnote:
        'If you did not expect this, you can ignore this email; no account is made until the link is opened.',
    });
    await tx.mailer.enqueue({
      to: email,
      subject: 'Your Games Portal staff invitation',
      kind: 'staff-invite',
      ...body,
    });
    await writeAudit(tx, {
      actor,
      action: 'staff.invite',
      target: auditTarget.invitation(invitation!.id),
      details: { invitationId: invitation!.id, email, role: input.role },
      ip,
    });
  });
  return { message: STAFF_MESSAGES.invited(email) };
}

/** The invitee sets their password: the admin is created with the invited role, and the link is spent. */
export async function acceptInvitation(ctx: ServiceContext, input: StaffAccept) {
  const invalid = new AppError('INVITATION_INVALID', STAFF_MESSAGES.invitationInvalid);
  return ctx.transaction(async (tx) => {
    // Spending the link first, in the same statement that checks it, so two tabs cannot both use it.
    const [invitation] = await tx.db
      .update(staffInvitations)
      .set({ acceptedAt: ctx.clock.now() })
      .where(
        and(
          eq(staffInvitations.tokenHash, hashToken(input.token)),
          isNull(staffInvitations.acceptedAt),
          gt(staffInvitations.expiresAt, ctx.clock.now()),
        ),
      )
      .returning();
    if (!invitation) throw invalid;
    // An invitation lives only as long as its inviter is an active owner (demotion voids them; this also
    // covers one made before that rule, or whose inviter's row is gone). The inviter's row is share-locked,
    // so a demotion meanwhile waits for this acceptance rather than slipping between check and creation.
    if (!invitation.invitedBy) throw invalid;
    if (!(await lockActiveOwner(tx, invitation.invitedBy))) throw invalid;
    if (await staffEmailTaken(tx, invitation.email)) throw invalid;
    await createAdmin(
      tx,
      { email: invitation.email, name: invitation.name, role: invitation.role, password: input.password },
      { kind: 'system', label: `invitation ${invitation.id}` },
    );
    return { message: STAFF_MESSAGES.accepted };
  });
}

/**
 * DELETE /api/admin/staff/invitations/{id}: an owner cancels an open invitation; its link then answers 410.
 * 404 for an id that is not an open invitation (accepted, expired or already cancelled).
 */
export async function cancelInvitation(ctx: ServiceContext, id: string, actor: Session, ip: string) {
  return ctx.transaction(async (tx) => {
    const [invitation] = await tx.db
      .delete(staffInvitations)
      .where(
        and(
          eq(staffInvitations.id, id),
          isNull(staffInvitations.acceptedAt),
          gt(staffInvitations.expiresAt, ctx.clock.now()),
        ),
      )
      .returning();
    if (!invitation) throw notFound(STAFF_MESSAGES.invitationNotFound);
    await writeAudit(tx, {
      actor,
      action: 'staff.invitation_cancel',
      target: auditTarget.invitation(id),
      details: { invitationId: id, email: invitation.email, role: invitation.role },
      ip,
    });
    return { message: STAFF_MESSAGES.invitationCancelled };
  });
}

/**
 * The open invitations `adminId` made die with their owner rights (deactivated, or demoted below owner):
 * called in the change's transaction; answers the emails whose links stopped working, for its audit entry.
 */
export async function voidInvitationsBy(ctx: ServiceContext, adminId: string): Promise<string[]> {
  const voided = await ctx.db
    .delete(staffInvitations)
    .where(and(eq(staffInvitations.invitedBy, adminId), isNull(staffInvitations.acceptedAt)))
    .returning({ email: staffInvitations.email });
  return voided.map((v) => v.email);
}
