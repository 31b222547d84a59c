import {
  isRecoveryCode,
  MFA_MESSAGES,
  MFA_TOKEN_TTL_MINUTES,
  type MfaRequiredReply,
  type MfaStatusReply,
  mfaCodeSchema,
  type TotpEnableReply,
  type TotpSetupReply,
} from '@portal/contract';
import { and, count, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import { admins, mfaChallenges, mfaRecoveryCodes, totpCredentials, users } from '../../db/schema/index';
import { auditOwnSecurity } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { AppError, unauthenticated, validationError } from '../../lib/errors';
import { verifyDecoy, verifySecret } from '../../lib/hashing';
import { beginAttempt, lockMinutes } from '../../lib/lockout';
import type { SessionKind } from '../../lib/sessions';
import { hashToken, randomToken } from '../../lib/tokens';
import { recordSecurityEvent } from '../security';
import { sendRecoveryCodesRenewedEmail, sendTwoStepChangedEmail } from './emails';
import { openSecret, recoveryCodeHash, sealSecret } from './secret-box';
import { matchingStep, newRecoveryCodes, newTotpSecret, otpauthUrl } from './totp';

/** Whose second factor: a player (users.id) or an admin (admins.id). */
export interface MfaSubject {
  kind: SessionKind;
  id: string;
}

/** The sign-in flow an `mfa_token` completes; a token completes only its own flow. */
export type MfaFlow = (typeof mfaChallenges.$inferSelect)['flow'];

type Credential = typeof totpCredentials.$inferSelect;

const MFA_TOKEN_TTL_MS = MFA_TOKEN_TTL_MINUTES * 60_000;

const ownedBy = (table: typeof totpCredentials | typeof mfaChallenges, subject: MfaSubject) =>
  subject.kind === 'player' ? eq(table.userId, subject.id) : eq(table.adminId, subject.id);
const owner = (subject: MfaSubject) =>
  subject.kind === 'player' ? { userId: subject.id } : { adminId: subject.id };
const lockoutKey = (subject: MfaSubject) => `${subject.kind}:${subject.id}`;

const conflict = (message: string) => new AppError('CONFLICT', 409, message);
const lockedOut = (ms: number) => new AppError('LOCKED_OUT', 429, MFA_MESSAGES.lockedOut(lockMinutes(ms)));
const wrongCode = () => validationError({ code: [MFA_MESSAGES.wrongCode] });

/** Writes one event to the account's security history (never fails the request). */
const record = (
  ctx: ServiceContext,
  subject: MfaSubject,
  kind:
    | 'mfa_succeeded'
    | 'mfa_failed'
    | 'recovery_code_used'
    | 'recovery_codes_renewed'
    | 'two_step_enabled'
    | 'two_step_disabled',
  client: ClientInfo,
  detail?: string,
) => recordSecurityEvent(ctx.db, { ...owner(subject), kind, ...client, detail, at: ctx.clock.now() });

async function findCredential(ctx: ServiceContext, subject: MfaSubject): Promise<Credential | null> {
  const [row] = await ctx.db.select().from(totpCredentials).where(ownedBy(totpCredentials, subject)).limit(1);
  return row ?? null;
}

async function findEnabledCredential(ctx: ServiceContext, subject: MfaSubject): Promise<Credential | null> {
  const credential = await findCredential(ctx, subject);
  return credential?.enabledAt ? credential : null;
}

/** The account's email, name and password hash (null: a social account without a password). */
async function findAccount(ctx: ServiceContext, subject: MfaSubject) {
  const table = subject.kind === 'player' ? users : admins;
  const [row] = await ctx.db
    .select({ email: table.email, name: table.name, passwordHash: table.passwordHash })
    .from(table)
    .where(eq(table.id, subject.id))
    .limit(1);
  if (!row) throw unauthenticated();
  return row;
}

export async function isTotpEnabled(ctx: ServiceContext, subject: MfaSubject): Promise<boolean> {
  return Boolean(await findEnabledCredential(ctx, subject));
}

/** GET /api/mfa and /api/admin/mfa. */
export async function mfaStatus(ctx: ServiceContext, subject: MfaSubject): Promise<MfaStatusReply> {
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
    setup_required: subject.kind === 'admin' && ctx.config.ADMIN_MFA === 'required' && !credential,
  };
}

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
async function checkSecondFactor(
  ctx: ServiceContext,
  subject: MfaSubject,
  credential: Credential,
  code: string,
  event: { client: ClientInfo; purpose: string },
  extraCheck?: () => Promise<{ field: string; message: string } | null>,
): Promise<{ recoveryCode: boolean }> {
  const attempt = await beginAttempt(ctx.db, ctx.clock, 'mfa', lockoutKey(subject));
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
  const enabled = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(totpCredentials)
      .set({ enabledAt: ctx.clock.now() })
      .where(and(eq(totpCredentials.id, credential.id), isNull(totpCredentials.enabledAt)))
      .returning({ id: totpCredentials.id });
    if (!row) return false;
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.credentialId, credential.id));
    await tx.insert(mfaRecoveryCodes).values(
      codes.map((c) => ({
        credentialId: credential.id,
        codeHash: recoveryCodeHash(ctx.config.SECRET_KEY, c),
      })),
    );
    await auditOwnSecurity(ctx, subject, { action: 'staff.two_step_on', ip: client.ip }, tx);
    return true;
  });
  if (!enabled) throw conflict(MFA_MESSAGES.alreadyEnabled);
  await sendTwoStepChangedEmail(ctx, await findAccount(ctx, subject), true, subject);
  await record(ctx, subject, 'two_step_enabled', client);
  return { message: MFA_MESSAGES.enabled, recovery_codes: codes };
}

/** POST .../totp/disable: the password and a code (TOTP or recovery) turn TOTP off. */
export async function disableTotp(
  ctx: ServiceContext,
  subject: MfaSubject,
  input: { password: string; code: string },
  client: ClientInfo,
): Promise<{ message: string }> {
  const credential = await findEnabledCredential(ctx, subject);
  if (!credential) throw conflict(MFA_MESSAGES.notEnabled);
  const account = await findAccount(ctx, subject);
  await checkSecondFactor(ctx, subject, credential, input.code, { client, purpose: 'disable' }, async () => {
    const ok = account.passwordHash
      ? await verifySecret(account.passwordHash, input.password)
      : await verifyDecoy(input.password);
    return ok ? null : { field: 'password', message: MFA_MESSAGES.wrongPassword };
  });
  await ctx.db.transaction(async (tx) => {
    await tx.delete(totpCredentials).where(eq(totpCredentials.id, credential.id));
    await auditOwnSecurity(ctx, subject, { action: 'staff.two_step_off', ip: client.ip }, tx);
  });
  await sendTwoStepChangedEmail(ctx, account, false, subject);
  await record(ctx, subject, 'two_step_disabled', client);
  return { message: MFA_MESSAGES.disabled };
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
  await ctx.db.transaction(async (tx) => {
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.credentialId, credential.id));
    await tx.insert(mfaRecoveryCodes).values(
      codes.map((c) => ({
        credentialId: credential.id,
        codeHash: recoveryCodeHash(ctx.config.SECRET_KEY, c),
      })),
    );
    await auditOwnSecurity(ctx, subject, { action: 'staff.recovery_codes_renewed', ip: client.ip }, tx);
  });
  await sendRecoveryCodesRenewedEmail(ctx, await findAccount(ctx, subject), subject);
  await record(ctx, subject, 'recovery_codes_renewed', client);
  return { message: MFA_MESSAGES.recoveryCodesRenewed, recovery_codes: codes };
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
  await ctx.db.delete(totpCredentials).where(eq(totpCredentials.id, credential.id));
  await sendTwoStepChangedEmail(ctx, await findAccount(ctx, subject), false, subject);
  await record(ctx, subject, 'two_step_disabled', { ip: null, userAgent: null }, 'by support');
  return true;
}

/**
 * Turns TOTP on with a given secret and recovery codes, without a first code: for the demo data only, whose
 * secret is published. Does nothing when the account already has TOTP on.
 */
export async function enableTotpWithSecret(
  ctx: ServiceContext,
  subject: MfaSubject,
  secret: string,
  recoveryCodes: string[],
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(totpCredentials)
      .values({
        ...owner(subject),
        secretEncrypted: sealSecret(ctx.config.SECRET_KEY, secret),
        enabledAt: ctx.clock.now(),
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: totpCredentials.id });
    if (!row) return false;
    await tx.insert(mfaRecoveryCodes).values(
      recoveryCodes.map((c) => ({
        credentialId: row.id,
        codeHash: recoveryCodeHash(ctx.config.SECRET_KEY, c),
      })),
    );
    return true;
  });
}

/**
 * A sign-in whose first factor was right: with TOTP on, a single-use `mfa_token` for `flow` (kept with
 * what the flow needs to finish, e.g. the launcher's developer flag) instead of a session; null otherwise.
 */
export async function secondStepFor(
  ctx: ServiceContext,
  subject: MfaSubject,
  flow: MfaFlow,
  payload: Record<string, unknown> = {},
): Promise<MfaRequiredReply | null> {
  if (!(await isTotpEnabled(ctx, subject))) return null;
  const token = randomToken();
  const now = ctx.clock.now();
  await ctx.db.insert(mfaChallenges).values({
    tokenHash: hashToken(token),
    ...owner(subject),
    flow,
    payload,
    expiresAt: new Date(now.getTime() + MFA_TOKEN_TTL_MS),
    createdAt: now,
  });
  return { mfa_required: true, mfa_token: token };
}

interface CompletedSecondStep {
  subject: MfaSubject;
  flow: MfaFlow;
  payload: Record<string, unknown>;
  recoveryCode: boolean;
}

/**
 * POST /login/mfa and the like: a live, unused token of one of `flows` (else 401) and a right code (422
 * wrong, 429 locked) complete the sign-in once; the caller then opens the flow's session.
 */
export async function completeSecondStep(
  ctx: ServiceContext,
  input: { token: string; code: string; flows: MfaFlow[] },
  client: ClientInfo,
): Promise<CompletedSecondStep> {
  const tokenInvalid = () => unauthenticated(MFA_MESSAGES.tokenInvalid);
  const live = and(
    eq(mfaChallenges.tokenHash, hashToken(input.token)),
    isNull(mfaChallenges.usedAt),
    gt(mfaChallenges.expiresAt, ctx.clock.now()),
    inArray(mfaChallenges.flow, input.flows),
  );
  const [challenge] = await ctx.db.select().from(mfaChallenges).where(live).limit(1);
  if (!challenge) throw tokenInvalid();
  const subject: MfaSubject = challenge.userId
    ? { kind: 'player', id: challenge.userId }
    : { kind: 'admin', id: challenge.adminId! };
  // TOTP turned off since the password step: the token no longer leads anywhere.
  const credential = await findEnabledCredential(ctx, subject);
  if (!credential) throw tokenInvalid();
  const { recoveryCode } = await checkSecondFactor(ctx, subject, credential, input.code, {
    client,
    purpose: challenge.flow,
  });
  const [used] = await ctx.db
    .update(mfaChallenges)
    .set({ usedAt: ctx.clock.now() })
    .where(and(eq(mfaChallenges.id, challenge.id), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  if (!used) throw tokenInvalid();
  await record(ctx, subject, recoveryCode ? 'recovery_code_used' : 'mfa_succeeded', client, challenge.flow);
  return { subject, flow: challenge.flow, payload: challenge.payload, recoveryCode };
}

/** Scheduled clean-up: challenges an hour past their expiry. */
export async function purgeMfaChallenges(ctx: ServiceContext): Promise<void> {
  const cutoff = new Date(ctx.clock.now().getTime() - 60 * 60_000);
  await ctx.db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, cutoff));
}
