import { ACCOUNT_MESSAGES, MESSAGES, type passwordChangeRequestSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema/index';
import { voidAccountTokens } from '../../lib/account-tokens';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import type { SignInDevice } from '../../lib/device-cookie';
import { AppError, type FieldErrors, unauthenticated, validationError } from '../../lib/errors';
import { hashSecret } from '../../lib/hashing';
import { revokeOtherSessions, type Session } from '../../lib/sessions';
import { requireCodeIfEnabled } from '../mfa';
import { recordSecurityEvent } from '../security';
import { add } from './account-rules';
import { sendPasswordChangedEmail } from './emails';
import { passwordProblem } from './password-policy';
import { proveCurrentPassword } from './sign-in';
import { findUserById } from './users';

/**
 * POST /api/account/password (docs/decisions/0045-account-care.md): the new password under the password
 * policy, proved by the current one (under the sign-in lockout) and, with two-step verification on, a code.
 * Every other session ends, pending reset links stop working, the change is in the security history, and the
 * account's address is told.
 */
export async function changePassword(
  ctx: ServiceContext,
  session: Session,
  input: z.output<typeof passwordChangeRequestSchema>,
  device: SignInDevice,
  client: ClientInfo,
): Promise<{ message: string }> {
  const user = await findUserById(ctx, session.subjectId);
  if (!user) throw unauthenticated();
  // A social account has no password to prove; it sets its first one through the reset link.
  if (!user.passwordHash) throw new AppError('PASSWORD_NOT_SET', ACCOUNT_MESSAGES.passwordNotSet);
  const errors: FieldErrors = {};
  const problem = passwordProblem(input.password);
  if (problem) add(errors, 'password', problem);
  if (input.password_confirmation !== input.password)
    add(errors, 'password_confirmation', MESSAGES.passwordsDoNotMatch);
  if (Object.keys(errors).length > 0) throw validationError(errors);

  await proveCurrentPassword(ctx, user, input.current_password, device);
  await requireCodeIfEnabled(ctx, { kind: 'player', id: user.id }, input.code, {
    client,
    purpose: 'password-change',
  });
  const passwordHash = await hashSecret(input.password);
  const now = ctx.clock.now();
  await ctx.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
  // A reset link mailed before the change would undo it (decision 0069).
  await voidAccountTokens(ctx, user.id, 'reset_password');
  await revokeOtherSessions(ctx, session);
  await recordSecurityEvent(ctx, { userId: user.id, ...client, kind: 'password_changed', at: now });
  await sendPasswordChangedEmail(ctx, user);
  return { message: ACCOUNT_MESSAGES.passwordUpdated };
}
