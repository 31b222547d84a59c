import { type AlertOwner, secureAccountUrl } from '../../lib/account-tokens';
import type { ServiceContext } from '../../lib/context';
import { renderEmail } from '../../lib/mail/layout';

/** Tells the account's address that two-step verification was turned on or off (outbox, retried). */
export async function sendTwoStepChangedEmail(
  ctx: ServiceContext,
  to: { email: string; name: string },
  enabled: boolean,
  owner: AlertOwner,
) {
  const body = renderEmail({
    greeting: `Hi ${to.name},`,
    paragraphs: enabled
      ? [
          'Two-step verification is now on for your account. Signing in asks for a code from your authenticator app after your password.',
          'Keep your recovery codes somewhere safe: each one signs you in once if you lose your phone.',
        ]
      : [
          'Two-step verification is now off for your account. Signing in asks for your password only.',
          'You can turn it on again at any time from your security settings.',
        ],
    footnote:
      'If you did not make this change, change your password at once and contact support: someone else may be using your account.',
    secureAccountUrl: await secureAccountUrl(ctx, owner),
  });
  await ctx.mailer.enqueue({
    to: to.email,
    subject: enabled ? 'Two-step verification is on' : 'Two-step verification is off',
    kind: enabled ? 'two-step-enabled' : 'two-step-disabled',
    ...body,
  });
}

/** Tells the account's address that a new set of recovery codes replaced the old ones (outbox, retried). */
export async function sendRecoveryCodesRenewedEmail(
  ctx: ServiceContext,
  to: { email: string; name: string },
  owner: AlertOwner,
) {
  const body = renderEmail({
    greeting: `Hi ${to.name},`,
    paragraphs: [
      'New recovery codes were made for your account. The old ones no longer work.',
      'Keep the new codes somewhere safe: each one signs you in once if you lose your phone.',
    ],
    footnote:
      'If you did not make this change, change your password at once and contact support: someone else may be using your account.',
    secureAccountUrl: await secureAccountUrl(ctx, owner),
  });
  await ctx.mailer.enqueue({
    to: to.email,
    subject: 'New recovery codes',
    kind: 'recovery-codes-renewed',
    ...body,
  });
}
