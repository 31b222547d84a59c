import type { AlertOwner } from '../../lib/account-tokens';
import type { ServiceContext } from '../../lib/context';
import { sendAccountChangeNotice } from '../../lib/mail/account-change-notice';

/** Tells the account's address that a passkey was added or removed. */
export function sendPasskeyChangedEmail(
  ctx: ServiceContext,
  to: { email: string; name: string },
  passkeyName: string,
  added: boolean,
  owner: AlertOwner,
) {
  return sendAccountChangeNotice(ctx, to, owner, {
    subject: added ? 'A passkey was added to your account' : 'A passkey was removed from your account',
    kind: added ? 'passkey-added' : 'passkey-removed',
    paragraphs: added
      ? [
          `A passkey named “${passkeyName}” was added to your account. It signs you in without your password.`,
          'You can rename or remove your passkeys at any time from your security settings.',
        ]
      : [`The passkey named “${passkeyName}” was removed from your account. It no longer signs you in.`],
  });
}
