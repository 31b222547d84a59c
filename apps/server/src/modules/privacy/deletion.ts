import {
  ACCOUNT_MESSAGES,
  ERASURE_DELAY_DAYS,
  type PendingDeletion,
  PLAYER_ACTION_MESSAGES,
  PRIVACY_MESSAGES,
} from '@portal/contract';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailOutbox, userAddresses, userGames, userProfiles, users } from '../../db/schema/index';
import { auditTarget, writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import type { SignInDevice } from '../../lib/device-cookie';
import { AppError, notFound, validationError } from '../../lib/errors';
import { lockMinutes } from '../../lib/lockout';
import { revokeAllSessions, type Session } from '../../lib/sessions';
import { beginPlayerPasswordAttempt, checkPassword, findUserById, type UserRow } from '../accounts';
import { sendDeletionRequestedEmail } from './emails';

const ERASURE_DELAY_MS = ERASURE_DELAY_DAYS * 24 * 60 * 60 * 1000;

const erasureDueOf = (requestedAt: Date) => new Date(requestedAt.getTime() + ERASURE_DELAY_MS);

/** The pending deletion of a player as staff see it, or null. */
export function pendingDeletion(requestedAt: Date | null): PendingDeletion | null {
  if (!requestedAt) return null;
  return { requested_at: requestedAt.toISOString(), erasure_due: erasureDueOf(requestedAt).toISOString() };
}

/**
 * Proof that the player themself asks: the password, under the sign-in lockout so a stolen session cannot
 * guess it (422 when missing or wrong, a counted failure; 429 while locked). An account without a password
 * (social sign-in only) types its email address instead: a deliberate act a stray click cannot make.
 */
async function proveOwner(
  ctx: ServiceContext,
  user: UserRow,
  input: { password?: string | null; email?: string | null },
  device: SignInDevice,
) {
  if (!user.passwordHash) {
    if (!input.email) throw validationError({ email: [PRIVACY_MESSAGES.emailRequired] });
    if (input.email.trim().toLowerCase() !== user.email.toLowerCase())
      throw validationError({ email: [PRIVACY_MESSAGES.emailMismatch] });
    return;
  }
  if (!input.password) throw validationError({ password: [PRIVACY_MESSAGES.passwordRequired] });
  const attempt = await beginPlayerPasswordAttempt(ctx, user.email, user, device);
  if (attempt.locked)
    throw new AppError('LOCKED_OUT', 429, ACCOUNT_MESSAGES.lockedOut(lockMinutes(attempt.lockedForMs)));
  if (!(await checkPassword(user, input.password))) {
    await attempt.failed();
    throw validationError({ password: [PRIVACY_MESSAGES.passwordWrong] });
  }
  await attempt.succeeded();
}

/**
 * POST /api/account/delete: after the proof, every session ends, the player gets an email, and the erasure
 * is due in 7 days. Signing in before then cancels it (accounts module, `issuePlayerSignIn`).
 */
export async function requestAccountDeletion(
  ctx: ServiceContext,
  userId: string,
  input: { password?: string | null; email?: string | null },
  device: SignInDevice,
) {
  const user = await findUserById(ctx, userId);
  if (!user) throw notFound();
  await proveOwner(ctx, user, input, device);
  const now = ctx.clock.now();
  await ctx.db.update(users).set({ deletionRequestedAt: now, updatedAt: now }).where(eq(users.id, userId));
  await revokeAllSessions(ctx.db, ctx.clock, { userId });
  const erasureDue = erasureDueOf(now);
  await sendDeletionRequestedEmail(ctx, user, erasureDue);
  return { message: PRIVACY_MESSAGES.deletionRequested, erasure_due: erasureDue.toISOString() };
}

/** Tables keyed by user_id whose rows are personal and go entirely at erasure. */
const PERSONAL_TABLES = [
  'access_tokens',
  'security_events',
  'totp_credentials',
  'mfa_challenges',
  'passkey_credentials',
  'webauthn_challenges',
  'social_identities',
  'social_exchange_tokens',
  'account_tokens',
  'launcher_codes',
  'shop_cart_items',
  'developers',
] as const;

/**
 * Erases the player's personal data in one transaction: name, email (a unique placeholder, so the address
 * can register again), phone, time zone, ISP, profile, addresses, nicknames, PIN, sessions, history,
 * sign-in factors and the emails sent to the player. The users row stays, anonymised, because orders name
 * it and accounting keeps them; referral codes and the code used stay too (they are random strings and
 * other players' counts rely on them).
 */
async function eraseAccount(ctx: ServiceContext, userId: string, actor: Session | null, ip: string | null) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const [before] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    // Emails kept in the outbox name the player and carry their address.
    if (before) await db.delete(emailOutbox).where(sql`lower(${emailOutbox.to}) = lower(${before.email})`);
    await db
      .update(users)
      .set({
        name: 'Deleted player',
        email: `erased-${userId}@erased.invalid`,
        emailVerifiedAt: null,
        passwordHash: null,
        phoneNumber: null,
        timeZone: null,
        isp: null,
        deletionRequestedAt: null,
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await db
      .update(userProfiles)
      .set({ gender: null, birthdate: null, occupation: null })
      .where(eq(userProfiles.userId, userId));
    await db.delete(userAddresses).where(eq(userAddresses.userId, userId));
    await db
      .update(userGames)
      .set({ nickname: null, pinHash: null, sessionStart: null, updatedAt: now })
      .where(eq(userGames.userId, userId));
    for (const table of PERSONAL_TABLES)
      await db.execute(sql`delete from ${sql.identifier(table)} where user_id = ${userId}`);
    await writeAudit(ctx, { actor, action: 'users.erase', target: auditTarget.user(userId), ip }, db);
  });
}

/** The scheduler's 'account-erasure' task: erases every account whose 7 days have passed (actor: system). */
export async function eraseDueAccounts(ctx: ServiceContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - ERASURE_DELAY_MS);
  const due = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(lte(users.deletionRequestedAt, cutoff), isNull(users.erasedAt)));
  for (const { id } of due) await eraseAccount(ctx, id, null, null);
  return due.length;
}

/** POST /api/admin/users/{id}/erase: staff process an erasure request at once (audited as theirs). */
export async function erasePlayerNow(
  ctx: ServiceContext,
  userId: string,
  actor: { session: Session; ip: string },
) {
  const [user] = await ctx.db.select({ erasedAt: users.erasedAt }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(PLAYER_ACTION_MESSAGES.notFound);
  if (user.erasedAt) throw new AppError('CONFLICT', 409, PRIVACY_MESSAGES.alreadyErased);
  await eraseAccount(ctx, userId, actor.session, actor.ip);
  return { message: PRIVACY_MESSAGES.erased };
}
