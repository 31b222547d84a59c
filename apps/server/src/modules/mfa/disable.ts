import { MFA_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { totpCredentials } from '../../db/schema/index';
import { auditOwnSecurity } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { checkSecondFactor } from './check-code';
import { sendTwoStepChangedEmail } from './emails';
import { conflict, findAccount, findEnabledCredential, type MfaSubject, record } from './subject';

/**
 * Proves the account's password again as a sign-in does (its lockout and proof-of-work branch, decision 0068;
 * nothing to prove for an account without one). The sign-in pipeline depends on this module, so `app.ts`
 * hands the proof in (step-up's `provePasswordOf`).
 */
export type PasswordProof = (
  subject: MfaSubject,
  password: string,
  refusals: { required: string; wrong: string; failed: () => Promise<void> },
) => Promise<void>;

/**
 * POST .../totp/disable: the password (proved again through the sign-in pipeline) and then a code (TOTP or
 * recovery, under the mfa lockout) turn TOTP off. The removal, the staff audit entry and the email are one
 * unit of work; the security history is written after it commits.
 */
export async function disableTotp(
  ctx: ServiceContext,
  subject: MfaSubject,
  input: { password: string; code: string },
  client: ClientInfo,
  provePassword: PasswordProof,
): Promise<{ message: string }> {
  const credential = await findEnabledCredential(ctx, subject);
  if (!credential) throw conflict(MFA_MESSAGES.notEnabled);
  const account = await findAccount(ctx, subject);
  await provePassword(subject, input.password, {
    required: MFA_MESSAGES.passwordRequired,
    wrong: MFA_MESSAGES.wrongPassword,
    failed: () => record(ctx, subject, 'mfa_failed', client, 'disable'),
  });
  await checkSecondFactor(ctx, subject, credential, input.code, { client, purpose: 'disable' });
  await ctx.transaction(async (tx) => {
    await tx.db.delete(totpCredentials).where(eq(totpCredentials.id, credential.id));
    await auditOwnSecurity(tx, subject, { action: 'staff.two_step_off', ip: client.ip });
    await sendTwoStepChangedEmail(tx, account, false, subject);
  });
  await record(ctx, subject, 'two_step_disabled', client);
  return { message: MFA_MESSAGES.disabled };
}

/**
 * Support turns a player's TOTP off after checking who they are (a lost phone and no recovery codes left):
 * the player is emailed and their history says support did it; false when it was not on. The staff member's
 * reason goes to the audit trail (the caller's).
 */
export async function disableTotpBySupport(ctx: ServiceContext, userId: string): Promise<boolean> {
  const subject: MfaSubject = { kind: 'player', id: userId };
  const credential = await findEnabledCredential(ctx, subject);
  if (!credential) return false;
  await ctx.transaction(async (tx) => {
    await tx.db.delete(totpCredentials).where(eq(totpCredentials.id, credential.id));
    await sendTwoStepChangedEmail(tx, await findAccount(tx, subject), false, subject);
  });
  await record(ctx, subject, 'two_step_disabled', { ip: null, userAgent: null }, 'by support');
  return true;
}
