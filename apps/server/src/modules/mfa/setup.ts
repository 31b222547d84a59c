import { MFA_MESSAGES, type TotpSetupReply } from '@portal/contract';
import { isNull } from 'drizzle-orm';
import { totpCredentials } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { sealSecret } from './secret-box';
import { conflict, findAccount, type MfaSubject, owner } from './subject';
import { newTotpSecret, otpauthUrl } from './totp';

/**
 * POST .../totp/setup: a new secret, stored sealed and waiting for its first code; a setup not yet
 * confirmed is replaced. 409 while TOTP is on, so an enabled secret is never shown again.
 */
export async function startTotpSetup(ctx: ServiceContext, subject: MfaSubject): Promise<TotpSetupReply> {
  const account = await findAccount(ctx, subject);
  const secret = newTotpSecret();
  const sealed = sealSecret(ctx.config.SECRET_KEY, secret);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(totpCredentials)
    .values({ ...owner(subject), secretEncrypted: sealed, createdAt: now })
    .onConflictDoUpdate({
      target: subject.kind === 'player' ? totpCredentials.userId : totpCredentials.adminId,
      set: { secretEncrypted: sealed, createdAt: now, lastUsedStep: null },
      setWhere: isNull(totpCredentials.enabledAt),
    })
    .returning({ id: totpCredentials.id });
  if (!row) throw conflict(MFA_MESSAGES.alreadyEnabled);
  return { secret, otpauth_url: otpauthUrl(secret, account.email) };
}
