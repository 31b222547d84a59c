import type { AlertOwner } from '../../lib/account-tokens';
import type { ServiceContext } from '../../lib/context';
import { sendAccountChangeNotice } from '../../lib/mail/account-change-notice';

/** Tells the account's address that two-step verification was turned on or off. */
export function sendTwoStepChangedEmail(
  ctx: ServiceContext,
  to: { email: string; name: string },
  enabled: boolean,
  owner: AlertOwner,
) {
  return sendAccountChangeNotice(ctx, to, owner, {
    subject: enabled ? 'Two-step verification is on' : 'Two-step verification is off',
    kind: enabled ? 'two-step-enabled' : 'two-step-disabled',
    paragraphs: enabled
      ? [
          'Two-step verification is now on for your account. Signing in asks for a code from your authenticator app after your password.',
          'Keep your recovery codes somewhere safe: each one signs you in once if you lose your phone.',
        ]
      : [
          'Two-step verification is now off for your account. Signing in asks for your password only.',
          'You can turn it on again at any time from your security settings.',
        ],
  });
}

/** Tells the account's address that a new set of recovery codes replaced the old ones. */
export function sendRecoveryCodesRenewedEmail(
  ctx: ServiceContext,
  to: { email: string; name: string },
  owner: AlertOwner,
) {
  return sendAccountChangeNotice(ctx, to, owner, {
    subject: 'New recovery codes',
    kind: 'recovery-codes-renewed',
    paragraphs: [
      'New recovery codes were made for your account. The old ones no longer work.',
      'Keep the new codes somewhere safe: each one signs you in once if you lose your phone.',
    ],
  });
}
