import { PLAYER_ACTION_MESSAGES, type SupportTwoStepOff } from '@portal/contract';
import { auditTarget, writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { revokeAllSessions, type Session } from '../../lib/sessions';
import { findUserById, requestPasswordReset, resendVerification } from '../accounts';
import { disableTotpBySupport } from '../mfa';

/** The staff member acting, and from where: every action is written to the audit trail with both. */
export interface StaffActor {
  session: Session;
  ip: string;
}

const conflict = (message: string) => new AppError('CONFLICT', message);

async function activePlayer(ctx: ServiceContext, userId: string) {
  const user = await findUserById(ctx, userId);
  if (!user) throw notFound(PLAYER_ACTION_MESSAGES.notFound);
  if (user.accountStatus !== 'active') throw conflict(PLAYER_ACTION_MESSAGES.suspended);
  return user;
}

const audit = (ctx: ServiceContext, actor: StaffActor, action: string, userId: string) =>
  writeAudit(ctx, { actor: actor.session, action, target: auditTarget.user(userId), ip: actor.ip });

/** A new verification link for a player who has not verified yet (sent by the account email queue). */
export async function resendPlayerVerification(ctx: ServiceContext, userId: string, actor: StaffActor) {
  const user = await activePlayer(ctx, userId);
  if (user.emailVerifiedAt) throw conflict(PLAYER_ACTION_MESSAGES.alreadyVerified);
  await resendVerification(ctx, { email: user.email });
  await audit(ctx, actor, 'users.resend_verification', userId);
  return { message: PLAYER_ACTION_MESSAGES.verificationSent };
}

/** A password-reset link for the player (the staff member never sees or sets the password). */
export async function sendPlayerPasswordReset(ctx: ServiceContext, userId: string, actor: StaffActor) {
  const user = await activePlayer(ctx, userId);
  await requestPasswordReset(ctx, { email: user.email });
  await audit(ctx, actor, 'users.password_reset', userId);
  return { message: PLAYER_ACTION_MESSAGES.resetSent };
}

/** Ends every live session of the player (a stolen device, a shared computer). */
export async function revokePlayerSessions(ctx: ServiceContext, userId: string, actor: StaffActor) {
  if (!(await findUserById(ctx, userId))) throw notFound(PLAYER_ACTION_MESSAGES.notFound);
  const revoked = await revokeAllSessions(ctx, { userId });
  await audit(ctx, actor, 'users.sessions_revoke', userId);
  return { message: PLAYER_ACTION_MESSAGES.sessionsRevoked(revoked) };
}

/**
 * Turns off a player's two-step verification after support checked who they are (a lost phone, no recovery
 * codes): the reason is kept in the audit trail, the player is emailed.
 */
export async function turnOffPlayerTwoStep(
  ctx: ServiceContext,
  userId: string,
  input: SupportTwoStepOff,
  actor: StaffActor,
) {
  await activePlayer(ctx, userId);
  if (!(await disableTotpBySupport(ctx, userId))) throw conflict(PLAYER_ACTION_MESSAGES.twoStepNotOn);
  await writeAudit(ctx, {
    actor: actor.session,
    action: 'users.two_step_off',
    target: auditTarget.user(userId),
    details: { reason: input.reason },
    ip: actor.ip,
  });
  return { message: PLAYER_ACTION_MESSAGES.twoStepOff };
}
