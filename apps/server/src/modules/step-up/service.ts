import { ACCOUNT_MESSAGES, STEP_UP_MESSAGES, STEP_UP_MINUTES, type StepUpReply } from '@portal/contract';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import type { SignInDevice } from '../../lib/device-cookie';
import { AppError, unauthenticated, validationError } from '../../lib/errors';
import { verifySecret } from '../../lib/hashing';
import { lockMinutes } from '../../lib/lockout';
import { grantStepUp, type Session } from '../../lib/sessions';
import { beginPlayerPasswordAttempt, checkPassword, findUserById } from '../accounts';
import { beginAdminPasswordAttempt, findAdminById } from '../admin-auth';
import { isTotpEnabled, requireCodeIfEnabled } from '../mfa';
import { verifyPasskeySignIn } from '../passkeys';
import { recordSecurityEvent } from '../security';

export interface StepUpInput {
  password?: string | null;
  code?: string | null;
  passkey?: { challenge_id: string; response: Record<string, unknown> } | null;
}

/** The account behind a session, as much as the proof needs: its email and password hash (null: none). */
async function findAccount(ctx: ServiceContext, session: Session) {
  if (session.kind === 'player') {
    const user = await findUserById(ctx, session.subjectId);
    return user && { id: user.id, email: user.email, passwordHash: user.passwordHash, row: user };
  }
  const admin = await findAdminById(ctx, session.subjectId);
  return admin && { id: admin.id, email: admin.email, passwordHash: admin.passwordHash, row: null };
}

type Account = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/**
 * The password, under the sign-in lockout of its audience (docs/decisions/0028), so a stolen session cannot
 * guess it: 422 when missing or wrong (a counted failure), 429 while locked.
 */
async function provePassword(
  ctx: ServiceContext,
  session: Session,
  account: Account & { passwordHash: string },
  password: string | null | undefined,
  device: SignInDevice,
  client: ClientInfo,
) {
  if (!password) throw validationError({ password: [STEP_UP_MESSAGES.passwordRequired] });
  const attempt =
    session.kind === 'player'
      ? await beginPlayerPasswordAttempt(ctx, account.email, account, device)
      : await beginAdminPasswordAttempt(ctx, account.email, account, device);
  if (attempt.locked)
    throw new AppError('LOCKED_OUT', 429, ACCOUNT_MESSAGES.lockedOut(lockMinutes(attempt.lockedForMs)));
  const right = account.row
    ? Boolean(await checkPassword(account.row, password))
    : await verifySecret(account.passwordHash, password);
  if (!right) {
    await attempt.failed();
    await record(ctx, session, 'step_up_failed', client);
    throw validationError({ password: [STEP_UP_MESSAGES.wrongPassword] });
  }
  await attempt.succeeded();
}

const record = (
  ctx: ServiceContext,
  session: Session,
  kind: 'step_up' | 'step_up_failed',
  client: ClientInfo,
  detail?: string,
) =>
  recordSecurityEvent(ctx.db, {
    ...(session.kind === 'player' ? { userId: session.subjectId } : { adminId: session.subjectId }),
    ...client,
    kind,
    detail,
    at: ctx.clock.now(),
  });

/**
 * POST /api/step-up and /api/admin/step-up (docs/decisions/0038-step-up.md): the person behind `session`
 * proves it again, and this session alone may make changes that outlive it for STEP_UP_MINUTES.
 * - a passkey assertion of this account stands in for everything (401 for a failing one, 422 when it is
 *   another account's);
 * - otherwise the password (under the sign-in lockout), plus a code (TOTP or recovery, under the mfa
 *   lockout, replays refused) while two-step verification is on;
 * - an account without a password (social sign-in only) proves it with its code; with no code either it has
 *   nothing to prove it with (409: it sets a password through the emailed reset link, or uses a passkey).
 */
export async function stepUp(
  ctx: ServiceContext,
  session: Session,
  input: StepUpInput,
  device: SignInDevice,
  client: ClientInfo,
): Promise<StepUpReply> {
  const account = await findAccount(ctx, session);
  if (!account) throw unauthenticated();
  const subject = { kind: session.kind, id: session.subjectId };
  let method = 'password';
  if (input.passkey) {
    const owner = await verifyPasskeySignIn(ctx, session.kind, input.passkey, client);
    if (owner.id !== session.subjectId) throw validationError({ passkey: [STEP_UP_MESSAGES.otherPasskey] });
    method = 'passkey';
  } else {
    const { passwordHash } = account;
    if (passwordHash)
      await provePassword(ctx, session, { ...account, passwordHash }, input.password, device, client);
    else if (!(await isTotpEnabled(ctx, subject)))
      throw new AppError('CONFLICT', 409, STEP_UP_MESSAGES.noFactor);
    await requireCodeIfEnabled(ctx, subject, input.code, { client, purpose: 'step-up' });
  }
  const until = new Date(ctx.clock.now().getTime() + STEP_UP_MINUTES * 60_000);
  if (!(await grantStepUp(ctx.db, ctx.clock, session.id, until))) throw unauthenticated();
  await record(ctx, session, 'step_up', client, method);
  return { until: until.toISOString() };
}
