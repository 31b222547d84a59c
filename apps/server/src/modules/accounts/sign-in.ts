import { ACCOUNT_MESSAGES, type loginRequestSchema, type MfaRequiredReply } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { userAddresses, userProfiles, users } from '../../db/schema/index';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import type { SignInDevice } from '../../lib/device-cookie';
import { AppError } from '../../lib/errors';
import { revokeAllSessions } from '../../lib/sessions';
import { lockedAttemptError, provePasswordAgain, runSignIn } from '../sign-in';
import { uniqueViolation } from './account-rules';
import {
  beginPlayerPasswordAttempt,
  type PlayerSignedIn,
  passwordSignInFlow,
  playerAudience,
  recordRefusal,
  socialSignInFlow,
} from './player-sign-in';
import { checkPassword, findUserByEmail, type UserRow } from './users';

/**
 * Proof for a sensitive change (docs/decisions/0029-sensitive-changes.md): the current password, proved again
 * as a sign-in proves it (decision 0068). An account without a password (social sign-in only) has nothing to
 * prove.
 */
export async function proveCurrentPassword(
  ctx: ServiceContext,
  user: UserRow,
  currentPassword: string | null,
  device: SignInDevice,
): Promise<void> {
  if (!user.passwordHash) return;
  await provePasswordAgain(
    ctx,
    playerAudience,
    user,
    { password: currentPassword, device },
    {
      field: 'current_password',
      required: ACCOUNT_MESSAGES.currentPasswordRequired,
      wrong: ACCOUNT_MESSAGES.currentPasswordWrong,
    },
  );
}

/**
 * POST /login. Unknown email and wrong password give the same 401 in the same time; a locked address gets
 * 429 before any password check; suspended and unverified accounts get 403 (only with the right password).
 */
export async function signIn(
  ctx: ServiceContext,
  input: z.output<typeof loginRequestSchema>,
  device: SignInDevice,
  client: ClientInfo,
): Promise<PlayerSignedIn | MfaRequiredReply> {
  const account = await findUserByEmail(ctx, input.email);
  // With two-step verification on, the session (and the Yggdra registration) wait for the code.
  return runSignIn(
    ctx,
    passwordSignInFlow(input.game ?? null),
    {
      attempt: await beginPlayerPasswordAttempt(ctx, input.email, account, device),
      async locked(attempt) {
        if (!attempt.challengeRequired) await recordRefusal(ctx, account, client, 'sign_in_locked');
        throw await lockedAttemptError(ctx, attempt, playerAudience.password.lockedOut);
      },
      prove: () => checkPassword(account, input.password),
      async wrong() {
        await recordRefusal(ctx, account, client, 'sign_in_failed');
        throw new AppError('INVALID_CREDENTIALS', ACCOUNT_MESSAGES.invalidCredentials);
      },
    },
    { client, device },
  );
}

/**
 * A provider's sign-in (social): the provider proved who it is; the pipeline does the rest, with the
 * provider's name as the method.
 */
export function signInWithProvider(
  ctx: ServiceContext,
  account: UserRow,
  method: string,
  env: { client: ClientInfo; device: SignInDevice },
  suspendedMessage?: string,
): Promise<PlayerSignedIn | MfaRequiredReply> {
  return runSignIn(ctx, socialSignInFlow(method, suspendedMessage), { account }, env);
}

/**
 * For social sign-in: the account for `email`, created when missing (no password; verified when the
 * provider says so). When a provider-verified email meets an existing unverified account, that account is
 * marked verified and its password is cleared and sessions ended, so whoever registered the address
 * without owning it loses access (pre-hijack protection).
 */
export async function createSocialAccount(
  ctx: ServiceContext,
  input: { email: string; name: string; emailVerified: boolean },
): Promise<{ user: UserRow; created: boolean }> {
  const now = ctx.clock.now();
  const existing = await findUserByEmail(ctx, input.email);
  if (existing) {
    if (input.emailVerified && !existing.emailVerifiedAt) {
      const [updated] = await ctx.db
        .update(users)
        .set({ emailVerifiedAt: now, passwordHash: null, updatedAt: now })
        .where(eq(users.id, existing.id))
        .returning();
      await revokeAllSessions(ctx, { userId: existing.id });
      return { user: updated!, created: false };
    }
    return { user: existing, created: false };
  }
  try {
    const user = await ctx.transaction(async (tx) => {
      const [row] = await tx.db
        .insert(users)
        .values({
          name: input.name.trim().slice(0, 255) || input.email.split('@')[0]!,
          email: input.email.trim(),
          emailVerifiedAt: input.emailVerified ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.db.insert(userProfiles).values({ userId: row!.id });
      await tx.db.insert(userAddresses).values({ userId: row!.id });
      return row!;
    });
    return { user, created: true };
  } catch (error) {
    // Two sign-ins racing for the same new address: the other one created it.
    if (uniqueViolation(error)) {
      const user = await findUserByEmail(ctx, input.email);
      if (user) return { user, created: false };
    }
    throw error;
  }
}
