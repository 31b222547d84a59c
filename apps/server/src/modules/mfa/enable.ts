import { MFA_MESSAGES, type TotpEnableReply } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { totpCredentials } from '../../db/schema/index';
import { auditOwnSecurity } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { checkSecondFactor } from './check-code';
import { sendTwoStepChangedEmail } from './emails';
import { replaceRecoveryCodes } from './recovery-codes';
import { conflict, findAccount, findCredential, type MfaSubject, record } from './subject';
import { newRecoveryCodes } from './totp';

/** POST .../totp/enable: the first code confirms the setup; answers the recovery codes, shown once. */
export async function enableTotp(
  ctx: ServiceContext,
  subject: MfaSubject,
  code: string,
  client: ClientInfo,
): Promise<TotpEnableReply> {
  const credential = await findCredential(ctx, subject);
  if (!credential) throw conflict(MFA_MESSAGES.noSetup);
  if (credential.enabledAt) throw conflict(MFA_MESSAGES.alreadyEnabled);
  await checkSecondFactor(ctx, subject, credential, code, { client, purpose: 'enable' });
  const codes = newRecoveryCodes();
  const enabled = await ctx.transaction(async (tx) => {
    const [row] = await tx.db
      .update(totpCredentials)
      .set({ enabledAt: ctx.clock.now() })
      .where(and(eq(totpCredentials.id, credential.id), isNull(totpCredentials.enabledAt)))
      .returning({ id: totpCredentials.id });
    if (!row) return false;
    await replaceRecoveryCodes(tx, credential.id, codes);
    await auditOwnSecurity(tx, subject, { action: 'staff.two_step_on', ip: client.ip });
    await sendTwoStepChangedEmail(tx, await findAccount(tx, subject), true, subject);
    return true;
  });
  if (!enabled) throw conflict(MFA_MESSAGES.alreadyEnabled);
  await record(ctx, subject, 'two_step_enabled', client);
  return { message: MFA_MESSAGES.enabled, recovery_codes: codes };
}
