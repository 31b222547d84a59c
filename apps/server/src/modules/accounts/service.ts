import {
  ACCOUNT_MESSAGES,
  GAME_LABELS,
  type loginRequestSchema,
  MESSAGES,
  type ProfileUser,
  type profileUpdateRequestSchema,
  type registerGameRequestSchema,
  type registerRequestSchema,
  type resetPasswordRequestSchema,
} from '@portal/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { accountEmailRequests, userAddresses, userGames, userProfiles, users } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { AppError, type FieldErrors, validationError } from '../../lib/errors';
import { hashSecret, verifySecret } from '../../lib/hashing';
import { beginAttempt, clearFailures, emailLockoutKey, lockMinutes } from '../../lib/lockout';
import { revokeAllSessions } from '../../lib/sessions';
import { createPersonalReferralCode, findReferralCode } from '../referrals';
import { consumeAccountToken, issueAccountToken } from './account-tokens';
import {
  sendEmailChangeEmail,
  sendGameRegisteredEmail,
  sendPasswordResetEmail,
  sendVerificationEmail,
} from './emails';
import { passwordProblem } from './password-policy';
import { issueSessionWithProfile, toProfileUser } from './profile-user';
import { accountWithLockout, checkPassword, findUserByEmail, findUserById, type UserRow } from './users';

export { toProfileUser } from './profile-user';

type Game = 'caliber' | 'talesrunner' | 'yggdra';
type RouteGame = 'caliber' | 'talesrunner';

// ------------------------------------------------------------------------------------------------
// Helpers

/** The constraint a unique violation hit (walking Drizzle's wrapped causes), or null for other errors. */
function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const e = current as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (e.code === '23505') return e.constraint ?? /"([^"]+)"/.exec(e.message ?? '')?.[1] ?? 'unknown';
    current = e.cause;
  }
  return null;
}

async function nicknameTaken(ctx: ServiceContext, game: Game, nickname: string, exceptUserId?: string) {
  const [row] = await ctx.db
    .select({ id: userGames.id })
    .from(userGames)
    .where(
      and(
        eq(userGames.game, game),
        eq(sql`lower(${userGames.nickname})`, nickname.toLowerCase()),
        exceptUserId ? ne(userGames.userId, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function registeredGames(ctx: ServiceContext, userId: string) {
  return ctx.db
    .select()
    .from(userGames)
    .where(eq(userGames.userId, userId))
    .orderBy(asc(userGames.createdAt));
}

/** The game a link should lead back to: the asked one, else the player's first portal game, else Caliber. */
async function linkGame(ctx: ServiceContext, userId: string, asked?: RouteGame | null): Promise<RouteGame> {
  if (asked) return asked;
  const games = await registeredGames(ctx, userId);
  const found = games.find((g) => g.game === 'caliber' || g.game === 'talesrunner');
  return (found?.game as RouteGame | undefined) ?? 'caliber';
}

function add(errors: FieldErrors, field: string, message: string) {
  errors[field] = [...(errors[field] ?? []), message];
}

// ------------------------------------------------------------------------------------------------
// Registration and verification

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
    await tx
      .update(users)
      .set({ email: newEmail, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, row.userId));
    return { message: ACCOUNT_MESSAGES.emailChanged, game: row.game };
  });
}

// ------------------------------------------------------------------------------------------------
// Forgot password and resend verification: queued, so every address costs the same before the reply

type EmailRequest = typeof accountEmailRequests.$inferSelect;
type EmailRequestInput = { email: string; game?: RouteGame | null };

/**
 * Writes the request to the queue and nothing else: one insert whether the address exists or not, so
 * neither the answer nor its time tells (decision 0012). The scheduled task sends the link.
 */
async function queueEmailRequest(
  ctx: ServiceContext,
  purpose: EmailRequest['purpose'],
  input: EmailRequestInput,
) {
  await ctx.db.insert(accountEmailRequests).values({
    purpose,
    email: input.email.trim(),
    game: input.game ?? null,
    createdAt: ctx.clock.now(),
  });
}

/** POST /resendEmail: the same answer for every address; only unverified accounts get a new link. */
export async function resendVerification(
  ctx: ServiceContext,
  input: EmailRequestInput,
): Promise<{ message: string }> {
  await queueEmailRequest(ctx, 'verify_email', input);
  return { message: ACCOUNT_MESSAGES.verifySent };
}

/** POST /sendForgotPassword: the same answer for every address; existing active accounts get a link. */
export async function requestPasswordReset(
  ctx: ServiceContext,
  input: EmailRequestInput,
): Promise<{ message: string }> {
  await queueEmailRequest(ctx, 'reset_password', input);
  return { message: ACCOUNT_MESSAGES.resetSent };
}

/** The account a request should email: active, and for verification not yet verified; else null. */
function emailRequestRecipient(user: UserRow | null, purpose: EmailRequest['purpose']) {
  if (user?.accountStatus !== 'active') return null;
  return purpose === 'reset_password' || !user.emailVerifiedAt ? user : null;
}

/**
 * Serves one request: removing it, issuing the link and queueing its email are one transaction, so a
 * failure leaves the request for the next run and a success cannot be served twice.
 */
async function serveEmailRequest(ctx: ServiceContext, request: EmailRequest) {
  const user = emailRequestRecipient(await findUserByEmail(ctx, request.email), request.purpose);
  const game = user ? await linkGame(ctx, user.id, request.game) : null;
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [claimed] = await tx
      .delete(accountEmailRequests)
      .where(eq(accountEmailRequests.id, request.id))
      .returning({ id: accountEmailRequests.id });
    if (!claimed || !user || !game) return;
    const token = await issueAccountToken(ctx, { userId: user.id, purpose: request.purpose, game }, tx);
    const send = request.purpose === 'reset_password' ? sendPasswordResetEmail : sendVerificationEmail;
    await send(ctx, user, token, game, tx);
  });
}

const EMAIL_REQUEST_BATCH = 50;

/**
 * The 'account-email-requests' task: serves queued requests, oldest first, until the queue is empty. A
 * request that fails stays queued and the others are still served; the first failure is then thrown for
 * the scheduler to log. Returns how many were served.
 */
export async function serveAccountEmailRequests(ctx: ServiceContext): Promise<number> {
  let served = 0;
  for (;;) {
    const due = await ctx.db
      .select()
      .from(accountEmailRequests)
      .orderBy(asc(accountEmailRequests.createdAt), asc(accountEmailRequests.id))
      .limit(EMAIL_REQUEST_BATCH);
    let failure: unknown = null;
    for (const request of due) {
      try {
        await serveEmailRequest(ctx, request);
        served += 1;
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure;
    if (due.length < EMAIL_REQUEST_BATCH) return served;
  }
}

// ------------------------------------------------------------------------------------------------
// Password reset

/** POST /reset-password: sets the new password, ends every session, and confirms the email address. */
export async function resetPassword(
  ctx: ServiceContext,
  input: z.output<typeof resetPasswordRequestSchema>,
): Promise<{ message: string; game: RouteGame }> {
  const errors: FieldErrors = {};
  const problem = passwordProblem(input.new_password);
  if (problem) add(errors, 'new_password', problem);
  if (input.new_password_confirmation !== input.new_password)
    add(errors, 'new_password_confirmation', MESSAGES.passwordsDoNotMatch);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const passwordHash = await hashSecret(input.new_password);
  const row = await consumeAccountToken(ctx, input.token, ['reset_password']);
  if (!row) throw new AppError('LINK_INVALID', 400, ACCOUNT_MESSAGES.resetLinkInvalid);
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
  await revokeAllSessions(ctx.db, ctx.clock, { userId: row.userId });
  if (user) await clearFailures(ctx.db, 'player-password', emailLockoutKey(user.email));
  const game: RouteGame = row.game === 'talesrunner' ? 'talesrunner' : 'caliber';
  return { message: ACCOUNT_MESSAGES.passwordChanged, game };
}

// ------------------------------------------------------------------------------------------------
// Sign-in

/** Issues a player session for an account that has proved who it is. Used by password and social sign-in. */
export async function issuePlayerSignIn(
  ctx: ServiceContext,
  user: { id: string },
): Promise<{ token: string; user: ProfileUser }> {
  return issueSessionWithProfile(ctx, user.id);
}

/** Registers the account for `game` if it is not yet (no nickname or PIN); idempotent. */
async function ensureGameRegistration(ctx: ServiceContext, userId: string, game: Game) {
  const now = ctx.clock.now();
  await ctx.db
    .insert(userGames)
    .values({ userId, game, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [userGames.userId, userGames.game] });
}

const lockedError = (ms: number) =>
  new AppError('LOCKED_OUT', 429, ACCOUNT_MESSAGES.lockedOut(lockMinutes(ms)));

/**
 * POST /login. Unknown email and wrong password give the same 401 in the same time; a locked address gets
 * 429 before any password check; suspended and unverified accounts get 403 (only with the right password).
 */
export async function signIn(
  ctx: ServiceContext,
  input: z.output<typeof loginRequestSchema>,
): Promise<{ token: string; user: ProfileUser }> {
  const { user: account, lockout } = await accountWithLockout(ctx, input.email);
  const attempt = await beginAttempt(
    ctx.db,
    ctx.clock,
    'player-password',
    emailLockoutKey(input.email),
    lockout,
  );
  if (attempt.locked) throw lockedError(attempt.lockedForMs);
  const user = await checkPassword(account, input.password);
  if (!user) {
    await attempt.failed();
    throw new AppError('INVALID_CREDENTIALS', 401, ACCOUNT_MESSAGES.invalidCredentials);
  }
  await attempt.succeeded();
  if (user.accountStatus === 'suspended') throw new AppError('SUSPENDED', 403, ACCOUNT_MESSAGES.suspended);
  if (!user.emailVerifiedAt) throw new AppError('UNVERIFIED', 403, ACCOUNT_MESSAGES.unverified);
  if (input.game === 'yggdra') await ensureGameRegistration(ctx, user.id, 'yggdra');
  return issuePlayerSignIn(ctx, user);
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
      await revokeAllSessions(ctx.db, ctx.clock, { userId: existing.id });
      return { user: updated!, created: false };
    }
    return { user: existing, created: false };
  }
  try {
    const user = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          name: input.name.trim().slice(0, 255) || input.email.split('@')[0]!,
          email: input.email.trim(),
          emailVerifiedAt: input.emailVerified ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(userProfiles).values({ userId: row!.id });
      await tx.insert(userAddresses).values({ userId: row!.id });
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

// ------------------------------------------------------------------------------------------------
// Profile

/** POST /profile/update. Role, status, dates and other fields not in the form are never changed. */
export async function updateProfile(
  ctx: ServiceContext,
  userId: string,
  input: z.output<typeof profileUpdateRequestSchema>,
): Promise<{ user: ProfileUser; message: string }> {
  const user = await findUserById(ctx, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 401, 'Your session has ended. Please sign in again.');
  const games = await registeredGames(ctx, userId);
  const caliber = games.find((g) => g.game === 'caliber');
  const errors: FieldErrors = {};

  const emailChanged = input.email.toLowerCase() !== user.email.toLowerCase();
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
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ name: input.name, phoneNumber: input.phone_number, referralCode, updatedAt: now })
        .where(eq(users.id, userId));
      if (input.profile) {
        const values = {
          gender: input.profile.gender,
          birthdate: input.profile.birthdate,
          occupation: input.profile.occupation,
        };
        await tx
          .insert(userProfiles)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: userProfiles.userId, set: values });
      }
      const address = input.addresses?.[0];
      if (address) {
        const [first] = await tx
          .select({ id: userAddresses.id })
          .from(userAddresses)
          .where(eq(userAddresses.userId, userId))
          .orderBy(asc(userAddresses.id))
          .limit(1);
        if (first) await tx.update(userAddresses).set(address).where(eq(userAddresses.id, first.id));
        else await tx.insert(userAddresses).values({ userId, ...address });
      }
      if (caliber && (nickname || pinHash)) {
        await tx
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
): Promise<{ user: ProfileUser; message: string }> {
  const user = await findUserById(ctx, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 401, 'Your session has ended. Please sign in again.');
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
    if (!password) add(errors, 'password', 'The password field is required.');
    else if (user.passwordHash) {
      if (!(await verifySecret(user.passwordHash, password)))
        add(errors, 'password', ACCOUNT_MESSAGES.wrongPassword);
    } else {
      // A social account without a password sets its first one here, under the normal password rule.
      const problem = passwordProblem(password);
      if (problem) add(errors, 'password', problem);
      else newPasswordHash = await hashSecret(password);
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
    pinHash = await hashSecret(input.pin!);
  }

  const now = ctx.clock.now();
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(userGames).values({ userId, game, nickname, pinHash, createdAt: now, updatedAt: now });
      if (newPasswordHash)
        await tx
          .update(users)
          .set({ passwordHash: newPasswordHash, updatedAt: now })
          .where(eq(users.id, userId));
      await createPersonalReferralCode(ctx, { userId, game, name: user.name }, tx as unknown as Database);
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint?.includes('nickname'))
      throw validationError({ nickname: [ACCOUNT_MESSAGES.nicknameTaken] });
    if (constraint) throw validationError({ game: [ACCOUNT_MESSAGES.alreadyRegistered(GAME_LABELS[game])] });
    throw error;
  }
  await sendGameRegisteredEmail(ctx, user, game);
  return {
    user: await toProfileUser(ctx, userId),
    message: game === 'caliber' ? ACCOUNT_MESSAGES.caliberRegistered : ACCOUNT_MESSAGES.gameRegistered(game),
  };
}
