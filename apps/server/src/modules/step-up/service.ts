import { STEP_UP_MESSAGES, STEP_UP_MINUTES, type StepUpReply } from '@portal/contract';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import type { SignInDevice } from '../../lib/device-cookie';
import { AppError, unauthenticated, validationError } from '../../lib/errors';
import { grantStepUp, type Session } from '../../lib/sessions';
import { findUserById, playerAudience } from '../accounts';
import { adminAudience, findAdminById } from '../admin-auth';
import { isTotpEnabled, requireCodeIfEnabled } from '../mfa';
import { verifyPasskeySignIn } from '../passkeys';
import { recordSecurityEvent } from '../security';
import { type Audience, provePasswordAgain } from '../sign-in';

export interface StepUpInput {
  password?: string | null;
  code?: string | null;
  passkey?: { challenge_id: string; response: Record<string, unknown> } | null;
}

/**
 * The account behind a session, as much as the proof needs: whether it has a password, and its password
 * proved again through the sign-in pipeline (decision 0068), refused with `messages`.
 */
async function findAccount(
  ctx: ServiceContext,
  session: Pick<Session, 'kind' | 'subjectId'>,
  messages: { required: string; wrong: string } = {
    required: STEP_UP_MESSAGES.passwordRequired,
    wrong: STEP_UP_MESSAGES.wrongPassword,
  },
) {
  const reprove = <A extends { id: string; passwordHash: string | null }>(
    audience: Audience<A>,
    account: A,
  ) => ({
    hasPassword: Boolean(account.passwordHash),
    provePassword: (
      input: { password: string | null | undefined; device: SignInDevice },
      failed: () => Promise<void>,
    ) => provePasswordAgain(ctx, audience, account, input, { field: 'password', ...messages, failed }),
  });
  if (session.kind === 'player') {
    const user = await findUserById(ctx, session.subjectId);
    return user && reprove(playerAudience, user);
  }
  const admin = await findAdminById(ctx, session.subjectId);
  return admin && reprove(adminAudience, admin);
}

/**
 * A change that carries the account's password (turning two-step off) proves it here, through the sign-in
 * pipeline as the step-up does (decision 0068): the module making the change cannot reach the pipeline itself
 * (the sign-in module depends on it), so `app.ts` hands this to it. Nothing to prove for an account without a
 * password; `failed` runs on a wrong one.
 */
export async function provePasswordOf(
  ctx: ServiceContext,
  subject: { kind: Session['kind']; id: string },
  input: { password: string | null | undefined; device: SignInDevice },
  refusals: { required: string; wrong: string; failed: () => Promise<void> },
): Promise<void> {
  const account = await findAccount(ctx, { kind: subject.kind, subjectId: subject.id }, refusals);
  if (!account) throw unauthenticated();
  if (account.hasPassword) await account.provePassword(input, refusals.failed);
}

const record = (
  ctx: ServiceContext,
  session: Session,
  kind: 'step_up' | 'step_up_failed',
  client: ClientInfo,
  detail?: string,
) =>
  recordSecurityEvent(ctx, {
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
    // The password under its sign-in lockout, so a stolen session cannot guess it.
    if (account.hasPassword)
      await account.provePassword({ password: input.password, device }, () =>
        record(ctx, session, 'step_up_failed', client),
      );
    else if (!(await isTotpEnabled(ctx, subject))) throw new AppError('CONFLICT', STEP_UP_MESSAGES.noFactor);
    await requireCodeIfEnabled(ctx, subject, input.code, { client, purpose: 'step-up' });
  }
  const until = new Date(ctx.clock.now().getTime() + STEP_UP_MINUTES * 60_000);
  if (!(await grantStepUp(ctx, session.id, until))) throw unauthenticated();
  await record(ctx, session, 'step_up', client, method);
  return { until: until.toISOString() };
}
