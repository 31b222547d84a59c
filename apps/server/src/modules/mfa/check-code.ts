import { isRecoveryCode, MFA_MESSAGES, mfaCodeSchema } from '@portal/contract';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { mfaRecoveryCodes, totpCredentials } from '../../db/schema/index';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { validationError } from '../../lib/errors';
import { beginAttempt } from '../../lib/lockout';
import { openSecret, recoveryCodeHash } from './secret-box';
import {
  type Credential,
  findEnabledCredential,
  lockedOut,
  lockoutKey,
  type MfaSubject,
  record,
  wrongCode,
} from './subject';
import { matchingStep } from './totp';

/**
 * Accepts a TOTP code once: its step must be later than the last accepted one (a single conditional
 * update, so two requests with the same code cannot both pass).
 */
async function acceptTotpCode(ctx: ServiceContext, credential: Credential, code: string): Promise<boolean> {
  const secret = openSecret(ctx.config.SECRET_KEY, credential.secretEncrypted);
  const step = secret ? matchingStep(secret, code, ctx.clock.now()) : null;
  if (step === null) return false;
  const [row] = await ctx.db
    .update(totpCredentials)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(totpCredentials.id, credential.id),
        or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step)),
      ),
    )
    .returning({ id: totpCredentials.id });
  return Boolean(row);
}

/** Burns a recovery code (once: the update only matches an unused one). */
async function acceptRecoveryCode(ctx: ServiceContext, credential: Credential, code: string) {
  const [row] = await ctx.db
    .update(mfaRecoveryCodes)
    .set({ usedAt: ctx.clock.now() })
    .where(
      and(
        eq(mfaRecoveryCodes.credentialId, credential.id),
        eq(mfaRecoveryCodes.codeHash, recoveryCodeHash(ctx.config.SECRET_KEY, code)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return Boolean(row);
}

const acceptCode = (ctx: ServiceContext, credential: Credential, code: string) =>
  isRecoveryCode(code) ? acceptRecoveryCode(ctx, credential, code) : acceptTotpCode(ctx, credential, code);

/**
 * Checks a code (TOTP or recovery) under the 'mfa' lockout: 429 while locked, 422 for a wrong or replayed
 * code (recorded as 'mfa_failed' with `purpose`). `extraCheck` is a further secret checked in the same
 * attempt (the password when turning TOTP off); it fails as 422 on its own field.
 */
export async function checkSecondFactor(
  ctx: ServiceContext,
  subject: MfaSubject,
  credential: Credential,
  code: string,
  event: { client: ClientInfo; purpose: string },
  extraCheck?: () => Promise<{ field: string; message: string } | null>,
): Promise<{ recoveryCode: boolean }> {
  const attempt = await beginAttempt(ctx, 'mfa', lockoutKey(subject));
  if (attempt.locked) throw lockedOut(attempt.lockedForMs);
  const problem = extraCheck ? await extraCheck() : null;
  const accepted = !problem && (await acceptCode(ctx, credential, code));
  if (!accepted) {
    const failure = await attempt.failed();
    await record(ctx, subject, 'mfa_failed', event.client, event.purpose);
    if (failure.lockedForMs > 0) throw lockedOut(failure.lockedForMs);
    throw problem ? validationError({ [problem.field]: [problem.message] }) : wrongCode();
  }
  await attempt.succeeded();
  return { recoveryCode: isRecoveryCode(code) };
}

/**
 * The second step of a sign-in (the challenge store's): the code checked as above; null when TOTP is no
 * longer on, so the waiting sign-in leads nowhere.
 */
export async function checkSignInCode(
  ctx: ServiceContext,
  subject: MfaSubject,
  code: string,
  event: { client: ClientInfo; purpose: string },
): Promise<{ recoveryCode: boolean } | null> {
  const credential = await findEnabledCredential(ctx, subject);
  if (!credential) return null;
  return checkSecondFactor(ctx, subject, credential, code, event);
}

/**
 * For changes that need proof while TOTP is on (the profile's email or password): nothing when TOTP is
 * off; otherwise the code must be there (422 `code`) and right.
 */
export async function requireCodeIfEnabled(
  ctx: ServiceContext,
  subject: MfaSubject,
  code: string | null | undefined,
  event: { client: ClientInfo; purpose: string },
): Promise<void> {
  const credential = await findEnabledCredential(ctx, subject);
  if (!credential) return;
  if (!code) throw validationError({ code: [MFA_MESSAGES.codeRequired] });
  const parsed = mfaCodeSchema.safeParse(code);
  if (!parsed.success) throw validationError({ code: [MFA_MESSAGES.codeOrRecoveryFormat] });
  const { recoveryCode } = await checkSecondFactor(ctx, subject, credential, parsed.data, event);
  if (recoveryCode) await record(ctx, subject, 'recovery_code_used', event.client, event.purpose);
}
