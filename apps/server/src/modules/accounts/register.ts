import { ACCOUNT_MESSAGES, type Game, MESSAGES, type registerRequestSchema } from '@portal/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { userAddresses, userGames, userProfiles, users } from '../../db/schema/index';
import { consumeAccountToken, issueAccountToken } from '../../lib/account-tokens';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { AppError, type FieldErrors, validationError } from '../../lib/errors';
import { hashSecret } from '../../lib/hashing';
import { createPersonalReferralCode, findReferralCode } from '../referrals';
import { recordSecurityEvent } from '../security';
import { add, nicknameTaken, uniqueViolation } from './account-rules';
import { noticeEmailChanged } from './email-change';
import { sendVerificationEmail } from './emails';
import { passwordProblem } from './password-policy';
import { findUserByEmail } from './users';

export type RegisterInput = z.output<typeof registerRequestSchema>;

/** POST /register: creates an unverified account for one game and emails the verification link. */
export async function registerPlayer(
  ctx: ServiceContext,
  input: RegisterInput,
): Promise<{ message: string }> {
  const game = input.selectedGame;
  const errors: FieldErrors = {};
  const problem = passwordProblem(input.password);
  if (problem) add(errors, 'password', problem);
  const confirmation = input.password_confirmation ?? input.confirmPassword;
  if (confirmation != null && confirmation !== input.password)
    add(errors, 'password_confirmation', MESSAGES.passwordsDoNotMatch);
  const nickname = game === 'caliber' ? input.nickname : null;
  if (game === 'caliber' && !nickname) add(errors, 'nickname', MESSAGES.nicknameRequired);
  if (nickname && (await nicknameTaken(ctx, game, nickname)))
    add(errors, 'nickname', ACCOUNT_MESSAGES.nicknameTaken);
  if (await findUserByEmail(ctx, input.email)) add(errors, 'email', ACCOUNT_MESSAGES.emailTaken);
  let referralCode: string | null = null;
  if (input.referralCode) {
    const found = await findReferralCode(ctx, input.referralCode);
    if (!found) add(errors, 'referralCode', ACCOUNT_MESSAGES.referralUnknown);
    referralCode = found?.code ?? null;
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const passwordHash = await hashSecret(input.password);
  const pinHash = game === 'caliber' && input.pin ? await hashSecret(input.pin) : null;
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          passwordHash,
          referralCode,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const userId = user!.id;
      await tx.insert(userProfiles).values({ userId });
      await tx.insert(userAddresses).values({ userId });
      await tx
        .insert(userGames)
        .values({ userId, game, nickname, pinHash, referralCode, createdAt: now, updatedAt: now });
      await createPersonalReferralCode(ctx, { userId, game, name: input.name }, tx as unknown as Database);
      const token = await issueAccountToken(
        ctx,
        { userId, purpose: 'verify_email', game },
        tx as unknown as Database,
      );
      await sendVerificationEmail(
        ctx,
        { email: input.email, name: input.name },
        token,
        game,
        tx as unknown as Database,
      );
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint?.includes('email')) throw validationError({ email: [ACCOUNT_MESSAGES.emailTaken] });
    if (constraint?.includes('nickname'))
      throw validationError({ nickname: [ACCOUNT_MESSAGES.nicknameTaken] });
    throw error;
  }
  return { message: ACCOUNT_MESSAGES.registrationSuccess };
}

/** POST /verifyemail/{token}/{game}: confirms a registration or an email change. */
export async function verifyEmail(
  ctx: ServiceContext,
  token: string,
  client: ClientInfo,
): Promise<{ message: string; game: Game }> {
  return ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const row = await consumeAccountToken(ctx, token, ['verify_email', 'change_email'], tx);
    if (!row) throw new AppError('LINK_INVALID', 400, ACCOUNT_MESSAGES.verifyLinkInvalid);
    const now = ctx.clock.now();
    if (row.purpose === 'verify_email') {
      await tx
        .update(users)
        .set({
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(users.id, row.userId));
      return { message: ACCOUNT_MESSAGES.verified, game: row.game };
    }
    const newEmail = row.newEmail!;
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, newEmail.toLowerCase()), ne(users.id, row.userId)))
      .limit(1);
    if (other) throw new AppError('EMAIL_TAKEN', 400, ACCOUNT_MESSAGES.emailTaken);
    const [previous] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, row.userId));
    await tx
      .update(users)
      .set({ email: newEmail, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, row.userId));
    if (previous) await noticeEmailChanged(ctx, previous, newEmail, tx);
    // In the transaction: the history shows the change exactly when it happened.
    await recordSecurityEvent(tx, { userId: row.userId, ...client, kind: 'email_changed', at: now });
    return { message: ACCOUNT_MESSAGES.emailChanged, game: row.game };
  });
}
