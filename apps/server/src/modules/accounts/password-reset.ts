import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  PAGE_PATHS,
  type RouteGame,
  type resetPasswordRequestSchema,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema/index';
import { consumeAccountToken, voidAccountTokens } from '../../lib/account-tokens';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { AppError, type FieldErrors, validationError } from '../../lib/errors';
import { hashSecret } from '../../lib/hashing';
import { clearPasswordFailures, emailLockoutKey } from '../../lib/lockout';
import { revokeAllSessions } from '../../lib/sessions';
import { recentAdditionsParagraphs, recentlyAddedPasskeys, recordSecurityEvent } from '../security';
import { add } from './account-rules';
import { sendPasswordChangedEmail } from './emails';
import { passwordProblem } from './password-policy';

/** POST /reset-password: sets the new password, ends every session, and confirms the email address. */
export async function resetPassword(
  ctx: ServiceContext,
  input: z.output<typeof resetPasswordRequestSchema>,
  client: ClientInfo,
): Promise<{ message: string; game: RouteGame }> {
  const errors: FieldErrors = {};
  const problem = passwordProblem(input.new_password);
  if (problem) add(errors, 'new_password', problem);
  if (input.new_password_confirmation !== input.new_password)
    add(errors, 'new_password_confirmation', MESSAGES.passwordsDoNotMatch);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const passwordHash = await hashSecret(input.new_password);
  const row = await consumeAccountToken(ctx, input.token, ['reset_password']);
  if (!row) throw new AppError('LINK_INVALID', ACCOUNT_MESSAGES.resetLinkInvalid);
  // The player may have asked more than once: every link worked until this one was used.
  await voidAccountTokens(ctx, row.userId, 'reset_password');
  const now = ctx.clock.now();
  const [user] = await ctx.db
    .update(users)
    .set({
      passwordHash,
      // Opening the emailed link proves the address, as a verification link would.
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(users.id, row.userId))
    .returning();
  await revokeAllSessions(ctx, { userId: row.userId });
  await recordSecurityEvent(ctx, { userId: row.userId, ...client, kind: 'password_reset', at: now });
  if (user) {
    await clearPasswordFailures(ctx, 'player', emailLockoutKey(user.email));
    // Passkeys outlive the reset: the ones added lately are listed, with where to remove them.
    const recent = await recentlyAddedPasskeys(ctx, { userId: user.id });
    const notes = recentAdditionsParagraphs(recent, `${ctx.config.PUBLIC_URL}${PAGE_PATHS.playerSecurity}`);
    await sendPasswordChangedEmail(ctx, user, notes);
  }
  const game: RouteGame = row.game === 'talesrunner' ? 'talesrunner' : 'caliber';
  return { message: ACCOUNT_MESSAGES.passwordChanged, game };
}
