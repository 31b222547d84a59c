import type { MfaStatusReply } from '@portal/contract';
import { and, count, eq, isNull } from 'drizzle-orm';
import { mfaRecoveryCodes } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { staffTwoStepProved } from '../../lib/guards';
import type { Session } from '../../lib/sessions';
import { findEnabledCredential, type MfaSubject } from './subject';

/**
 * GET /api/mfa and /api/admin/mfa. `setup_required` is of the asking session: with ADMIN_MFA=required, a staff
 * session is limited to the setup until two-step is on and the session signed in with it (decision 0063).
 */
export async function mfaStatus(
  ctx: ServiceContext,
  subject: MfaSubject,
  session: Session,
): Promise<MfaStatusReply> {
  const credential = await findEnabledCredential(ctx, subject);
  const [left] = credential
    ? await ctx.db
        .select({ n: count() })
        .from(mfaRecoveryCodes)
        .where(and(eq(mfaRecoveryCodes.credentialId, credential.id), isNull(mfaRecoveryCodes.usedAt)))
    : [{ n: 0 }];
  return {
    totp_enabled: Boolean(credential),
    recovery_codes_left: left?.n ?? 0,
    setup_required:
      subject.kind === 'admin' &&
      ctx.config.ADMIN_MFA === 'required' &&
      !staffTwoStepProved(Boolean(credential), session),
  };
}
