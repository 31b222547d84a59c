import {
  ACCOUNT_MESSAGES,
  GAME_LABELS,
  MESSAGES,
  type ProfileUser,
  type profileUpdateRequestSchema,
  type registerGameRequestSchema,
} from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { userAddresses, userGames, userProfiles, users } from '../../db/schema/index';
import { issueAccountToken, voidAccountTokens } from '../../lib/account-tokens';
import type { ServiceContext } from '../../lib/context';
import type { SignInDevice } from '../../lib/device-cookie';
import { AppError, type FieldErrors, validationError } from '../../lib/errors';
import { hashSecret } from '../../lib/hashing';
import { requireCodeIfEnabled } from '../mfa';
import { createPersonalReferralCode, findReferralCode } from '../referrals';
import { provePasswordAgain } from '../sign-in';
import { add, linkGame, nicknameTaken, registeredGames, uniqueViolation } from './account-rules';
import { sendEmailChangeEmail, sendGameRegisteredEmail, sendPasswordChangedEmail } from './emails';
import { passwordProblem } from './password-policy';
import { playerAudience } from './player-sign-in';
import { toProfileUser } from './profile-user';
import { proveCurrentPassword } from './sign-in';
import { findUserByEmail, findUserById } from './users';

/** POST /profile/update. Role, status, dates and other fields not in the form are never changed. */
export async function updateProfile(
  ctx: ServiceContext,
  userId: string,
  input: z.output<typeof profileUpdateRequestSchema>,
  device: SignInDevice,
): Promise<{ user: ProfileUser; message: string }> {
  const user = await findUserById(ctx, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
  const emailChanged = input.email.toLowerCase() !== user.email.toLowerCase();
  // Before any other check, so a stolen session learns nothing (not even which addresses are taken).
  if (emailChanged) {
    // The change carries its proof, the current password: an account without one (social sign-in only) has
    // nothing to carry, and a session alone never moves the address (decision 0063). It sets a password
    // through the emailed reset link first, as for a password change.
    if (!user.passwordHash) throw new AppError('PASSWORD_NOT_SET', ACCOUNT_MESSAGES.passwordNotSet);
    await proveCurrentPassword(ctx, user, input.current_password, device);
    // With two-step verification on, a code too (docs/decisions/0031), so a stolen session plus password cannot move the account.
    await requireCodeIfEnabled(ctx, { kind: 'player', id: userId }, input.code, {
      client: { ip: device.ip, userAgent: null },
      purpose: 'email-change',
    });
  }
  const games = await registeredGames(ctx, userId);
  const caliber = games.find((g) => g.game === 'caliber');
  const errors: FieldErrors = {};

  if (emailChanged) {
    const other = await findUserByEmail(ctx, input.email);
    if (other && other.id !== userId) add(errors, 'email', ACCOUNT_MESSAGES.emailTaken);
  }
  const nickname = caliber ? input.nickname : null;
  if (nickname && nickname.toLowerCase() !== (caliber?.nickname ?? '').toLowerCase()) {
    if (await nicknameTaken(ctx, 'caliber', nickname, userId))
      add(errors, 'nickname', ACCOUNT_MESSAGES.nicknameTaken);
  }
  let referralCode = user.referralCode;
  if (input.referral_code && input.referral_code.toLowerCase() !== (user.referralCode ?? '').toLowerCase()) {
    const found = await findReferralCode(ctx, input.referral_code);
    if (!found) add(errors, 'referral_code', ACCOUNT_MESSAGES.referralUnknown);
    else if (found.ownerUserId === userId) add(errors, 'referral_code', ACCOUNT_MESSAGES.referralOwn);
    else referralCode = found.code;
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const pinHash = caliber && input.pin ? await hashSecret(input.pin) : null;
  const now = ctx.clock.now();
  try {
    await ctx.transaction(async (tx) => {
      await tx.db
        .update(users)
        .set({ name: input.name, phoneNumber: input.phone_number, referralCode, updatedAt: now })
        .where(eq(users.id, userId));
      if (input.profile) {
        const values = {
          gender: input.profile.gender,
          birthdate: input.profile.birthdate,
          occupation: input.profile.occupation,
        };
        await tx.db
          .insert(userProfiles)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: userProfiles.userId, set: values });
      }
      const address = input.addresses?.[0];
      if (address) {
        const [first] = await tx.db
          .select({ id: userAddresses.id })
          .from(userAddresses)
          .where(eq(userAddresses.userId, userId))
          .orderBy(asc(userAddresses.id))
          .limit(1);
        if (first) await tx.db.update(userAddresses).set(address).where(eq(userAddresses.id, first.id));
        else await tx.db.insert(userAddresses).values({ userId, ...address });
      }
      if (caliber && (nickname || pinHash)) {
        await tx.db
          .update(userGames)
          .set({
            ...(nickname ? { nickname } : {}),
            ...(pinHash ? { pinHash } : {}),
            updatedAt: now,
          })
          .where(eq(userGames.id, caliber.id));
      }
    });
  } catch (error) {
    if (uniqueViolation(error)?.includes('nickname'))
      throw validationError({ nickname: [ACCOUNT_MESSAGES.nicknameTaken] });
    throw error;
  }

  let message: string = ACCOUNT_MESSAGES.profileUpdated;
  if (emailChanged) {
    const game = await linkGame(ctx, userId);
    const token = await issueAccountToken(ctx, {
      userId,
      purpose: 'change_email',
      game,
      newEmail: input.email,
    });
    await sendEmailChangeEmail(ctx, { email: input.email, name: input.name }, token, game);
    message = ACCOUNT_MESSAGES.profileUpdatedEmailPending(input.email);
  }
  return { user: await toProfileUser(ctx, userId), message };
}

/** POST /profile/register-game: Tales Runner in one click; Caliber with nickname, PIN and current password. */
export async function registerForGame(
  ctx: ServiceContext,
  userId: string,
  input: z.output<typeof registerGameRequestSchema>,
  device: SignInDevice,
): Promise<{ user: ProfileUser; message: string }> {
  const user = await findUserById(ctx, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
  const game = input.game;
  const games = await registeredGames(ctx, userId);
  if (games.some((g) => g.game === game))
    throw validationError({ game: [ACCOUNT_MESSAGES.alreadyRegistered(GAME_LABELS[game])] });

  let nickname: string | null = null;
  let pinHash: string | null = null;
  let newPasswordHash: string | null = null;
  if (game === 'caliber') {
    const errors: FieldErrors = {};
    nickname = input.nickname;
    if (!nickname) add(errors, 'nickname', MESSAGES.nicknameRequired);
    else if (await nicknameTaken(ctx, 'caliber', nickname))
      add(errors, 'nickname', ACCOUNT_MESSAGES.nicknameTaken);
    if (!input.pin) add(errors, 'pin', MESSAGES.pin);
    const password = input.password ?? '';
    const required = 'The password field is required.';
    if (!password) add(errors, 'password', required);
    else if (user.passwordHash) {
      // Proved again as a sign-in proves it (decision 0068), so a stolen session cannot guess it here.
      await provePasswordAgain(
        ctx,
        playerAudience,
        user,
        { password, device },
        { field: 'password', required, wrong: ACCOUNT_MESSAGES.wrongPassword },
      );
    } else {
      // A social account without a password sets its first one here, under the normal password rule; the
      // route asked for a recent proof first (its social sign-in, or a step-up: decision 0063).
      const problem = passwordProblem(password);
      if (problem) add(errors, 'password', problem);
      else newPasswordHash = await hashSecret(password);
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
    pinHash = await hashSecret(input.pin!);
  }

  const now = ctx.clock.now();
  try {
    await ctx.transaction(async (tx) => {
      await tx.db
        .insert(userGames)
        .values({ userId, game, nickname, pinHash, createdAt: now, updatedAt: now });
      if (newPasswordHash) {
        await tx.db
          .update(users)
          .set({ passwordHash: newPasswordHash, updatedAt: now })
          .where(eq(users.id, userId));
        // A reset link asked for before would replace the password just set (decision 0069).
        await voidAccountTokens(tx, userId, 'reset_password');
      }
      await createPersonalReferralCode(tx, { userId, game, name: user.name });
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint?.includes('nickname'))
      throw validationError({ nickname: [ACCOUNT_MESSAGES.nicknameTaken] });
    if (constraint) throw validationError({ game: [ACCOUNT_MESSAGES.alreadyRegistered(GAME_LABELS[game])] });
    throw error;
  }
  await sendGameRegisteredEmail(ctx, user, game);
  if (newPasswordHash) await sendPasswordChangedEmail(ctx, user);
  return {
    user: await toProfileUser(ctx, userId),
    message: game === 'caliber' ? ACCOUNT_MESSAGES.caliberRegistered : ACCOUNT_MESSAGES.gameRegistered(game),
  };
}
