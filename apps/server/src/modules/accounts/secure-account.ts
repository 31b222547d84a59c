import { ACCOUNT_MESSAGES, type RouteGame, type SecureAccountReply } from '@portal/contract';
import { consumeAccountToken, issueAccountToken, voidAccountTokens } from '../../lib/account-tokens';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { revokeAllSessions } from '../../lib/sessions';
import { recordSecurityEvent } from '../security';
import { findUserById } from './users';

/**
 * Whether the account still has the address a link was mailed to (decision 0068): a link in a mailbox the
 * account has moved away from must not hand that mailbox a password reset.
 */
async function stillSignsInWith(tx: ServiceContext, userId: string, sentTo: string | null) {
  const user = await findUserById(tx, userId);
  return Boolean(user && sentTo && user.email.toLowerCase() === sentTo.toLowerCase());
}

/**
 * POST /api/account/secure, "Not you? Secure my account" from an alert email (decision 0049): spends the
 * link, voids the account's other pending links (resets, email changes, other alerts' links), ends every
 * session (and with them the launcher's PIN devices and the apps' grants: lib/session-ends.ts), and answers
 * a fresh password-reset token, so the page leads straight to a new password. 400 for an unknown, spent or
 * expired link, as the other emailed links answer, and for a link mailed to an address the account has
 * changed away from (its own message).
 */
export async function secureAccount(
  ctx: ServiceContext,
  token: string,
  client: ClientInfo,
): Promise<SecureAccountReply> {
  const secured = await ctx.transaction(async (tx) => {
    const row = await consumeAccountToken(tx, token, ['secure_account']);
    if (!row) return null;
    // Thrown inside the transaction, so the link is not spent: it works again if the address comes back.
    if (!(await stillSignsInWith(tx, row.userId, row.sentTo)))
      throw new AppError('LINK_INVALID', ACCOUNT_MESSAGES.secureLinkAddressChanged);
    await voidAccountTokens(tx, row.userId);
    await revokeAllSessions(tx, { userId: row.userId });
    const game: RouteGame = row.game === 'talesrunner' ? 'talesrunner' : 'caliber';
    const resetToken = await issueAccountToken(tx, { userId: row.userId, purpose: 'reset_password', game });
    return { userId: row.userId, game, resetToken };
  });
  if (!secured) throw new AppError('LINK_INVALID', ACCOUNT_MESSAGES.secureLinkInvalid);
  await recordSecurityEvent(ctx, { userId: secured.userId, ...client, kind: 'account_secured' });
  return { message: ACCOUNT_MESSAGES.accountSecured, reset_token: secured.resetToken, game: secured.game };
}
