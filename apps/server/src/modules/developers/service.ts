import {
  DEVELOPER_MESSAGES,
  type Developer,
  type DeveloperVerifyReply,
  PAGE_PATHS,
  pageHref,
} from '@portal/contract';
import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import { developers } from '../../db/schema/index';
import { writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { renderEmail } from '../../lib/mail/layout';
import type { Session } from '../../lib/sessions';
import { hashToken, randomToken } from '../../lib/tokens';
import { findUserByEmail, findUsersByIds } from '../accounts';

/** Who marks or unmarks: a signed-in admin, or the command line. */
export type DeveloperActor = { admin: Session; ip: string } | 'cli';

/** Developer verification links are valid as long as email verification links: 24 hours. */
const DEVELOPER_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Marks a player account as a developer (by an admin or the CLI) and emails a verification link
 * `/developer-verifyemail/{token}`. Marking again sends a fresh link; an already verified developer stays
 * verified and gets no mail. Each mark that sends a link is written to the audit log.
 */
export async function markDeveloper(
  ctx: ServiceContext,
  input: { email: string; actor: DeveloperActor },
): Promise<{ developer: Developer; emailSent: boolean }> {
  const user = await findUserByEmail(ctx, input.email);
  if (!user) throw notFound('No player account has this email address.');
  const now = ctx.clock.now();
  const [existing] = await ctx.db.select().from(developers).where(eq(developers.userId, user.id)).limit(1);
  if (existing?.verifiedAt) {
    return { developer: toDeveloper(existing, user), emailSent: false };
  }
  const token = randomToken();
  const values = {
    markedBy: input.actor === 'cli' ? 'cli' : input.actor.admin.subjectId,
    markedAt: now,
    tokenHash: hashToken(token),
    tokenExpiresAt: new Date(now.getTime() + DEVELOPER_LINK_TTL_MS),
  };
  const [row] = await ctx.transaction(async (tx) => {
    const saved = await tx.db
      .insert(developers)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: developers.userId, set: values })
      .returning();
    const link = `${ctx.config.PUBLIC_URL}${pageHref(PAGE_PATHS.developerVerifyEmail, { uuid: token })}`;
    const body = renderEmail({
      greeting: `Hi ${user.name},`,
      paragraphs: [
        'Your Games Portal account has been made a Caliber developer account.',
        'Open the link below to confirm it. After that you can sign in to developer builds of Caliber with your usual email and password or PIN. The link is valid for 24 hours.',
      ],
      action: { label: 'Verify developer account', url: link },
      footnote:
        'If you did not expect this, you can ignore this email; nothing changes until the link is opened.',
    });
    await tx.mailer.enqueue({
      to: user.email,
      subject: 'Verify your Caliber developer account',
      kind: 'developer-verify',
      ...body,
    });
    await writeAudit(tx, {
      ...auditActor(input.actor),
      action: 'developers.mark',
      details: { userId: user.id },
    });
    return saved;
  });
  return { developer: toDeveloper(row!, user), emailSent: true };
}

/** Opens a developer link: single use, 24 h. */
export async function verifyDeveloperEmail(
  ctx: ServiceContext,
  token: string,
): Promise<DeveloperVerifyReply> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(developers)
    .set({ verifiedAt: now, tokenHash: null, tokenExpiresAt: null })
    .where(and(eq(developers.tokenHash, hashToken(token)), gt(developers.tokenExpiresAt, now)))
    .returning();
  if (!row) return { success: false, message: DEVELOPER_MESSAGES.invalidLink };
  return { success: true, message: DEVELOPER_MESSAGES.verified };
}

/** True when the account is a developer whose link has been opened. */
export async function isVerifiedDeveloper(ctx: ServiceContext, userId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ userId: developers.userId })
    .from(developers)
    .where(and(eq(developers.userId, userId), isNotNull(developers.verifiedAt)))
    .limit(1);
  return Boolean(row);
}

/** Removes the developer mark (audited): developer sign-ins are refused from then on. */
export async function unmarkDeveloper(
  ctx: ServiceContext,
  userId: string,
  actor: DeveloperActor,
): Promise<void> {
  await ctx.transaction(async (tx) => {
    const result = await tx.db
      .delete(developers)
      .where(eq(developers.userId, userId))
      .returning({ id: developers.userId });
    if (result.length === 0) throw notFound('This account is not a developer.');
    await writeAudit(tx, { ...auditActor(actor), action: 'developers.unmark', details: { userId } });
  });
}

/** The most recently marked developers first, at most `limit`. */
export async function listDevelopers(ctx: ServiceContext, limit = 500): Promise<Developer[]> {
  const rows = await ctx.db.select().from(developers).orderBy(desc(developers.markedAt)).limit(limit);
  const accounts = new Map(
    (
      await findUsersByIds(
        ctx,
        rows.map((r) => r.userId),
      )
    ).map((u) => [u.id, u]),
  );
  return rows.flatMap((row) => {
    const user = accounts.get(row.userId);
    return user ? [toDeveloper(row, user)] : [];
  });
}

function auditActor(actor: DeveloperActor) {
  return actor === 'cli'
    ? { actor: { kind: 'system' as const, label: 'cli' } }
    : { actor: actor.admin, ip: actor.ip };
}

function toDeveloper(
  row: typeof developers.$inferSelect,
  user: { id: string; email: string; name: string },
): Developer {
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    markedAt: row.markedAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    linkExpiresAt: row.tokenExpiresAt?.toISOString() ?? null,
  };
}
