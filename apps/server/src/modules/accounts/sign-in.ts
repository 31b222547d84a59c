import {
  ACCOUNT_MESSAGES,
  type Game,
  type loginRequestSchema,
  MFA_MESSAGES,
  type MfaRequiredReply,
  type ProfileUser,
} from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { userAddresses, userGames, userProfiles, users } from '../../db/schema/index';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import type { SignInDevice } from '../../lib/device-cookie';
import { AppError, unauthenticated, validationError } from '../../lib/errors';
import { beginPasswordAttempt, emailLockoutKey, lockMinutes } from '../../lib/lockout';
import { challengeRequired } from '../../lib/proof-of-work';
import { revokeAllSessions } from '../../lib/sessions';
import { completeSecondStep, secondStepFor } from '../mfa';
import { recordSecurityEvent } from '../security';
import { uniqueViolation } from './account-rules';
import { sendNewDeviceEmail } from './emails';
import { issueSessionWithProfile } from './profile-user';
import { checkPassword, findUserByEmail, findUserById, type UserRow } from './users';

/**
 * Issues a player session for an account that has proved who it is, and writes the sign-in to its security
 * history with `method` ('password', 'google'…; 'passkey' is its own kind). Used by password, social and
 * passkey sign-in.
 */
export async function issuePlayerSignIn(
  ctx: ServiceContext,
  user: { id: string },
  client: ClientInfo,
  method: string,
): Promise<{ token: string; user: ProfileUser }> {
  // A pending deletion stays: the reply's user carries `pending_deletion` and the web asks (decision 0045).
  const signedIn = await issueSessionWithProfile(ctx, user.id, client);
  await recordSecurityEvent(ctx.db, {
    userId: user.id,
    ...client,
    kind: method === 'passkey' ? 'passkey_sign_in' : 'sign_in',
    detail: method,
    at: ctx.clock.now(),
  });
  return signedIn;
}

/** Writes a refused password sign-in to the history of the account it named; nothing for unknown emails. */
async function recordRefusal(
  ctx: ServiceContext,
  account: { id: string } | null,
  client: ClientInfo,
  kind: 'sign_in_failed' | 'sign_in_locked',
  detail = 'password',
): Promise<void> {
  if (account)
    await recordSecurityEvent(ctx.db, { userId: account.id, ...client, kind, detail, at: ctx.clock.now() });
}

/** Registers the account for `game` if it is not yet (no nickname or PIN); idempotent. */
async function ensureGameRegistration(ctx: ServiceContext, userId: string, game: Game) {
  const now = ctx.clock.now();
  await ctx.db
    .insert(userGames)
    .values({ userId, game, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [userGames.userId, userGames.game] });
}

/**
 * The password lockout of a player sign-in from `device` (docs/decisions/0028-device-cookie-lockout.md),
 * keyed by the email so unknown addresses lock alike. Shared by /login, the launcher and the profile's
 * current-password check.
 */
export function beginPlayerPasswordAttempt(
  ctx: ServiceContext,
  email: string,
  account: { id: string } | null,
  device: SignInDevice,
) {
  const client = device.clientFor(account ? `player:${account.id}` : null);
  return beginPasswordAttempt(ctx.db, ctx.clock, 'player', emailLockoutKey(email), client);
}

/**
 * After a successful sign-in: tells the player about a device not seen before, and remembers it. The
 * account's very first sign-in alerts nobody: every device is new to a new account.
 */
async function trustSignInDevice(ctx: ServiceContext, user: UserRow, device: SignInDevice) {
  const [first] = await ctx.db
    .update(users)
    .set({ firstSignedInAt: ctx.clock.now() })
    .where(and(eq(users.id, user.id), isNull(users.firstSignedInAt)))
    .returning({ id: users.id });
  if (!first && !device.isTrusted(`player:${user.id}`)) await sendNewDeviceEmail(ctx, user, device, { kind: 'player', id: user.id });
  device.trust(`player:${user.id}`);
}

/** The 429 of a refused attempt: a proof-of-work challenge past the account's counter, else the lock. */
export const refusal = async (
  ctx: ServiceContext,
  attempt: { lockedForMs: number; challengeRequired?: boolean },
) =>
  attempt.challengeRequired
    ? await challengeRequired(ctx, 'sign-in')
    : new AppError('LOCKED_OUT', 429, ACCOUNT_MESSAGES.lockedOut(lockMinutes(attempt.lockedForMs)));

/**
 * Proof for a sensitive change (docs/decisions/0029-sensitive-changes.md): the current password, under the
 * sign-in lockout, so a stolen session cannot guess it. 422 without it or when wrong (a counted failure),
 * 429 while locked. An account without a password (social sign-in only) has nothing to prove.
 */
export async function proveCurrentPassword(
  ctx: ServiceContext,
  user: UserRow,
  currentPassword: string | null,
  device: SignInDevice,
): Promise<void> {
  if (!user.passwordHash) return;
  if (!currentPassword)
    throw validationError({ current_password: [ACCOUNT_MESSAGES.currentPasswordRequired] });
  const attempt = await beginPlayerPasswordAttempt(ctx, user.email, user, device);
  if (attempt.locked) throw await refusal(ctx, attempt);
  if (!(await checkPassword(user, currentPassword))) {
    await attempt.failed();
    throw validationError({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
  }
  await attempt.succeeded();
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
): Promise<{ token: string; user: ProfileUser } | MfaRequiredReply> {
  const account = await findUserByEmail(ctx, input.email);
  const attempt = await beginPlayerPasswordAttempt(ctx, input.email, account, device);
  if (attempt.locked) {
    if (!attempt.challengeRequired) await recordRefusal(ctx, account, client, 'sign_in_locked');
    throw await refusal(ctx, attempt);
  }
  const user = await checkPassword(account, input.password);
  if (!user) {
    await attempt.failed();
    await recordRefusal(ctx, account, client, 'sign_in_failed');
    throw new AppError('INVALID_CREDENTIALS', 401, ACCOUNT_MESSAGES.invalidCredentials);
  }
  await attempt.succeeded();
  if (user.accountStatus === 'suspended') {
    await recordRefusal(ctx, user, client, 'sign_in_failed', 'password: suspended');
    throw new AppError('SUSPENDED', 403, ACCOUNT_MESSAGES.suspended);
  }
  if (!user.emailVerifiedAt) {
    await recordRefusal(ctx, user, client, 'sign_in_failed', 'password: unverified');
    throw new AppError('UNVERIFIED', 403, ACCOUNT_MESSAGES.unverified);
  }
  // With two-step verification on, the session (and the Yggdra registration) wait for the code.
  const secondStep = await secondStepFor(ctx, { kind: 'player', id: user.id }, 'login', {
    game: input.game ?? null,
  });
  if (secondStep) return secondStep;
  if (input.game === 'yggdra') await ensureGameRegistration(ctx, user.id, 'yggdra');
  await trustSignInDevice(ctx, user, device);
  return issuePlayerSignIn(ctx, user, client, 'password');
}

/**
 * POST /login/mfa: the second step of a password or social sign-in (docs/decisions/0031). The account's
 * rules are checked again (it may have been suspended meanwhile), then the sign-in finishes as it would have.
 */
export async function completeSignIn(
  ctx: ServiceContext,
  input: { mfa_token: string; code: string },
  device: SignInDevice,
  client: ClientInfo,
): Promise<{ token: string; user: ProfileUser }> {
  const done = await completeSecondStep(
    ctx,
    { token: input.mfa_token, code: input.code, flows: ['login', 'social'] },
    client,
  );
  const user = await findUserById(ctx, done.subject.id);
  if (!user) throw unauthenticated(MFA_MESSAGES.tokenInvalid);
  if (user.accountStatus === 'suspended') throw new AppError('SUSPENDED', 403, ACCOUNT_MESSAGES.suspended);
  if (done.flow === 'social') return issuePlayerSignIn(ctx, user, client, String(done.payload.method));
  if (!user.emailVerifiedAt) throw new AppError('UNVERIFIED', 403, ACCOUNT_MESSAGES.unverified);
  if (done.payload.game === 'yggdra') await ensureGameRegistration(ctx, user.id, 'yggdra');
  await trustSignInDevice(ctx, user, device);
  return issuePlayerSignIn(ctx, user, client, 'password');
}

/**
 * The end of a passkey sign-in (docs/decisions/0033-passkeys.md): the passkey proved two factors, so the
 * account's rules of /login apply (403 suspended or unverified) and the session opens, with no code step.
 */
export async function signInWithPasskey(
  ctx: ServiceContext,
  userId: string,
  device: SignInDevice,
  client: ClientInfo,
) {
  const user = await findUserById(ctx, userId);
  if (!user) throw unauthenticated();
  if (user.accountStatus === 'suspended') {
    await recordRefusal(ctx, user, client, 'sign_in_failed', 'passkey: suspended');
    throw new AppError('SUSPENDED', 403, ACCOUNT_MESSAGES.suspended);
  }
  if (!user.emailVerifiedAt) {
    await recordRefusal(ctx, user, client, 'sign_in_failed', 'passkey: unverified');
    throw new AppError('UNVERIFIED', 403, ACCOUNT_MESSAGES.unverified);
  }
  await trustSignInDevice(ctx, user, device);
  return issuePlayerSignIn(ctx, user, client, 'passkey');
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
