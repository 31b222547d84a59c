import { type AlertOwner, secureAccountUrl } from '../../lib/account-tokens';
import type { ServiceContext } from '../../lib/context';
import { renderEmail } from '../../lib/mail/layout';

/** Tells the account's address that a passkey was added or removed (outbox, retried). */
export async function sendPasskeyChangedEmail(
  ctx: ServiceContext,
  to: { email: string; name: string },
  passkeyName: string,
  added: boolean,
  owner: AlertOwner,
) {
  const body = renderEmail({
    greeting: `Hi ${to.name},`,
    paragraphs: added
      ? [
          `A passkey named “${passkeyName}” was added to your account. It signs you in without your password.`,
          'You can rename or remove your passkeys at any time from your security settings.',
        ]
      : [`The passkey named “${passkeyName}” was removed from your account. It no longer signs you in.`],
    footnote:
      'If you did not make this change, change your password at once and contact support: someone else may be using your account.',
    secureAccountUrl: await secureAccountUrl(ctx, owner),
  });
  await ctx.mailer.enqueue({
    to: to.email,
    subject: added ? 'A passkey was added to your account' : 'A passkey was removed from your account',
    kind: added ? 'passkey-added' : 'passkey-removed',
    ...body,
  });
}
