import { PAGE_PATHS } from '@portal/contract';
import { secureAccountUrl } from '../../lib/account-tokens';
import type { ServiceContext } from '../../lib/context';
import { renderEmail } from '../../lib/mail/layout';

const erasureDay = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Sent when the player asks to delete the account: what happens, when, and how to change their mind. */
export async function sendDeletionRequestedEmail(
  ctx: ServiceContext,
  to: { id: string; email: string; name: string },
  erasureDue: Date,
) {
  const body = renderEmail({
    greeting: `Hi ${to.name},`,
    paragraphs: [
      `You asked us to delete your games portal account. You have been signed out everywhere, and on ${erasureDay(erasureDue)} (UTC) your personal data will be erased.`,
      'Changed your mind? Sign in before then and choose "Keep my account". Your order history is kept without your name or email, as accounting law requires.',
    ],
    action: { label: 'Sign in to keep your account', url: `${ctx.config.PUBLIC_URL}${PAGE_PATHS.login}` },
    footnote: 'If you did not ask for this, sign in now and change your password.',
    secureAccountUrl: await secureAccountUrl(ctx, { kind: 'player', id: to.id }, to.email),
  });
  await ctx.mailer.enqueue({
    to: to.email,
    subject: 'Your account will be deleted in 7 days',
    kind: 'account-deletion-requested',
    ...body,
  });
}

/** Sent when the player chose "Keep my account" after signing in during the wait. */
export async function sendDeletionCancelledEmail(
  ctx: ServiceContext,
  to: { id: string; email: string; name: string },
) {
  const body = renderEmail({
    greeting: `Hi ${to.name},`,
    paragraphs: [
      'You chose to keep your games portal account, so the deletion you asked for is cancelled. Your account stays as it was.',
      'To delete it after all, ask again from your profile page.',
    ],
    footnote: 'If you did not sign in yourself, change your password now.',
    secureAccountUrl: await secureAccountUrl(ctx, { kind: 'player', id: to.id }, to.email),
  });
  await ctx.mailer.enqueue({
    to: to.email,
    subject: 'Your account deletion was cancelled',
    kind: 'account-deletion-cancelled',
    ...body,
  });
}
