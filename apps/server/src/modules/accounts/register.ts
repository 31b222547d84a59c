import {
  ACCOUNT_MESSAGES,
  type Game,
  MESSAGES,
  type registerRequestSchema,
  SANCTION_MESSAGES,
} from '@portal/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf } from '../../db/rows';
import { userAddresses, userGames, userProfiles, users } from '../../db/schema/index';
import {
  consumeAccountToken,
  issueAccountToken,
  type TokenGame,
  usedVerificationLink,
} from '../../lib/account-tokens';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { AppError, type FieldErrors, validationError } from '../../lib/errors';
import { hashSecret } from '../../lib/hashing';
import { createPersonalReferralCode, findReferralCode } from '../referrals';
import { recordSecurityEvent } from '../security';
import { emailBanned } from '../standing';
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
  else if (await emailBanned(ctx, input.email)) add(errors, 'email', SANCTION_MESSAGES.emailBanned);
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
    await ctx.transaction(async (tx) => {
      const [user] = await tx.db
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
      await tx.db.insert(userProfiles).values({ userId });
      await tx.db.insert(userAddresses).values({ userId });
      await tx.db
        .insert(userGames)
        .values({ userId, game, nickname, pinHash, referralCode, createdAt: now, updatedAt: now });
      await createPersonalReferralCode(tx, { userId, game, name: input.name });
      const token = await issueAccountToken(tx, { userId, purpose: 'verify_email', game });
      await sendVerificationEmail(tx, { email: input.email, name: input.name }, token, game);
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
/**
 * A verification link opened again, after it verified its address: the link's game when so (the page then
 * says "already verified" rather than "invalid"); null for any other link.
 */
async function verifiedAccountOfUsedLink(ctx: ServiceContext, token: string) {
  const [row] = rowsOf<{ game: TokenGame }>(
    await ctx.db.execute(sql`
      select l.game from ${usedVerificationLink(token)} l
      join ${users} on ${users.id} = l.user_id
      where ${users.emailVerifiedAt} is not null
      limit 1`),
  );
  return row ?? null;
}

export async function verifyEmail(
  ctx: ServiceContext,
  token: string,
  client: ClientInfo,
): Promise<{ message: string; game: Game }> {
  return ctx.transaction(async (tx) => {
    const row = await consumeAccountToken(tx, token, ['verify_email', 'change_email']);
    if (!row) {
      const verified = await verifiedAccountOfUsedLink(tx, token);
      if (verified) return { message: ACCOUNT_MESSAGES.alreadyVerified, game: verified.game };
      throw new AppError('LINK_INVALID', ACCOUNT_MESSAGES.verifyLinkInvalid);
    }
    const now = ctx.clock.now();
    if (row.purpose === 'verify_email') {
      await tx.db
        .update(users)
        .set({
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(users.id, row.userId));
      return { message: ACCOUNT_MESSAGES.verified, game: row.game };
    }
    const newEmail = row.newEmail!;
    const [other] = await tx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, newEmail.toLowerCase()), ne(users.id, row.userId)))
      .limit(1);
    if (other) throw new AppError('EMAIL_TAKEN', ACCOUNT_MESSAGES.emailTaken);
    const [previous] = await tx.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, row.userId));
    await tx.db
      .update(users)
      .set({ email: newEmail, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, row.userId));
    if (previous) await noticeEmailChanged(tx, previous, newEmail);
    // Written once the change has committed: a rolled-back change leaves no event.
    tx.afterCommit((root) =>
      recordSecurityEvent(root, { userId: row.userId, ...client, kind: 'email_changed', at: now }),
    );
    return { message: ACCOUNT_MESSAGES.emailChanged, game: row.game };
  });
}
