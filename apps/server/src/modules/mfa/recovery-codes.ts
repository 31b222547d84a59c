import { MFA_MESSAGES, type TotpEnableReply } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { mfaRecoveryCodes } from '../../db/schema/index';
import { auditOwnSecurity } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { sendRecoveryCodesRenewedEmail } from './emails';
import { recoveryCodeHash } from './secret-box';
import { conflict, findAccount, findEnabledCredential, type MfaSubject, record } from './subject';
import { newRecoveryCodes } from './totp';

/** Replaces every recovery code of a credential (used or not) with `codes`, stored hashed. */
export async function replaceRecoveryCodes(ctx: ServiceContext, credentialId: string, codes: string[]) {
  await ctx.db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.credentialId, credentialId));
  await ctx.db
    .insert(mfaRecoveryCodes)
    .values(codes.map((c) => ({ credentialId, codeHash: recoveryCodeHash(ctx.config.SECRET_KEY, c) })));
}

/**
 * POST .../mfa/recovery-codes (behind a fresh step-up): a new set of recovery codes replaces every old one,
 * used or not; shown once. 409 while TOTP is off. The account is told by email.
 */
export async function renewRecoveryCodes(
  ctx: ServiceContext,
  subject: MfaSubject,
  client: ClientInfo,
): Promise<TotpEnableReply> {
  const credential = await findEnabledCredential(ctx, subject);
  if (!credential) throw conflict(MFA_MESSAGES.notEnabled);
  const codes = newRecoveryCodes();
  await ctx.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, credential.id, codes);
    await auditOwnSecurity(tx, subject, { action: 'staff.recovery_codes_renewed', ip: client.ip });
    await sendRecoveryCodesRenewedEmail(tx, await findAccount(tx, subject), subject);
  });
  await record(ctx, subject, 'recovery_codes_renewed', client);
  return { message: MFA_MESSAGES.recoveryCodesRenewed, recovery_codes: codes };
}
