import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { renderEmail } from '../../lib/mail/layout';

/**
 * A sign-in within the 7 days after a deletion request cancels it (docs/decisions/0035-privacy-requests.md),
 * and the player is told by email. True when there was one to cancel.
 */
export async function cancelDeletionOnSignIn(ctx: ServiceContext, userId: string): Promise<boolean> {
  const now = ctx.clock.now();
  const [cancelled] = await ctx.db
    .update(users)
    .set({ deletionRequestedAt: null, updatedAt: now })
    .where(and(eq(users.id, userId), isNotNull(users.deletionRequestedAt), isNull(users.erasedAt)))
    .returning({ email: users.email, name: users.name });
  if (!cancelled) return false;
  const body = renderEmail({
    greeting: `Hi ${cancelled.name},`,
    paragraphs: [
      'You signed in to your games portal account, so the deletion you asked for is cancelled. Your account stays as it was.',
      'To delete it after all, ask again from your profile page.',
    ],
    footnote: 'If you did not sign in yourself, change your password now.',
  });
  await ctx.mailer.enqueue({
    to: cancelled.email,
    subject: 'Your account deletion was cancelled',
    kind: 'account-deletion-cancelled',
    ...body,
  });
  return true;
}
