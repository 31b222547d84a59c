import { ADMIN_MESSAGES } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import { emailBlastRecipients, emailBlastSends } from '../../db/schema/index';
import { writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { renderEmail } from '../../lib/mail/layout';
import type { Session } from '../../lib/sessions';

/** The Send Test Email page: a managed list of test recipients and one idempotent send to all of them. */
export async function listRecipients(ctx: ServiceContext) {
  const rows = await ctx.db
    .select({
      id: emailBlastRecipients.id,
      name: emailBlastRecipients.name,
      email: emailBlastRecipients.email,
    })
    .from(emailBlastRecipients)
    .orderBy(asc(emailBlastRecipients.createdAt), asc(emailBlastRecipients.email));
  return {
    users: rows,
    message: rows.length ? `${rows.length} test recipient(s).` : ADMIN_MESSAGES.noEmails,
  };
}

export async function addRecipient(
  ctx: ServiceContext,
  admin: Session,
  input: { name: string; email: string },
  ip?: string,
) {
  const [row] = await ctx.db
    .insert(emailBlastRecipients)
    .values({
      name: input.name,
      email: input.email,
      createdByAdminId: admin.subjectId,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning({
      id: emailBlastRecipients.id,
      name: emailBlastRecipients.name,
      email: emailBlastRecipients.email,
    });
  if (!row) {
    throw new AppError('RECIPIENT_EXISTS', 'This email is already on the list.', {
      email: ['This email is already on the list.'],
    });
  }
  await writeAudit(ctx, {
    actor: admin,
    action: 'email_blast.recipient_add',
    details: { email: row.email },
    ip,
  });
  return row;
}

export async function removeRecipient(ctx: ServiceContext, admin: Session, id: string, ip?: string) {
  const [row] = await ctx.db
    .delete(emailBlastRecipients)
    .where(eq(emailBlastRecipients.id, id))
    .returning({ email: emailBlastRecipients.email });
  if (!row) throw notFound('This recipient is not on the list.');
  await writeAudit(ctx, {
    actor: admin,
    action: 'email_blast.recipient_remove',
    details: { email: row.email },
    ip,
  });
}

/**
 * Enqueues one test mail per recipient through the outbox, once per idempotency key: the send row and
 * the mails are written in one transaction, so a repeated key (double click, retry) sends nothing more.
 */
export async function sendTestBlast(
  ctx: ServiceContext,
  admin: Session,
  idempotencyKey: string,
  ip?: string,
) {
  return ctx.transaction(async (tx) => {
    const key = `${admin.subjectId}:${idempotencyKey}`;
    const recipients = await tx.db
      .select({ name: emailBlastRecipients.name, email: emailBlastRecipients.email })
      .from(emailBlastRecipients)
      .orderBy(asc(emailBlastRecipients.createdAt));
    const [claimed] = await tx.db
      .insert(emailBlastSends)
      .values({
        idempotencyKey: key,
        adminId: admin.subjectId,
        recipientCount: recipients.length,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!claimed) {
      const [previous] = await tx.db
        .select()
        .from(emailBlastSends)
        .where(eq(emailBlastSends.idempotencyKey, key));
      return { message: ADMIN_MESSAGES.emailsSent, sent: previous?.recipientCount ?? 0, replayed: true };
    }
    if (recipients.length === 0) {
      throw new AppError('NO_RECIPIENTS', 'Add at least one test recipient first.');
    }
    const sentAt = ctx.clock.now().toISOString();
    for (const r of recipients) {
      const body = renderEmail({
        greeting: `Hello ${r.name},`,
        paragraphs: [
          'This is a test email from the Games Portal back-office.',
          'If you can read this, email delivery works.',
        ],
        footnote: `Sent ${sentAt}.`,
      });
      await tx.mailer.enqueue({
        to: r.email,
        subject: 'Games Portal test email',
        text: body.text,
        html: body.html,
        kind: 'email-blast',
      });
    }
    await writeAudit(tx, {
      actor: admin,
      action: 'email_blast.send',
      details: { recipients: recipients.length, idempotencyKey },
      ip,
    });
    return { message: ADMIN_MESSAGES.emailsSent, sent: recipients.length, replayed: false };
  });
}
