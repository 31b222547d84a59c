import {
  ACCOUNT_MESSAGES,
  ERASURE_DELAY_DAYS,
  type PendingDeletion,
  PLAYER_ACTION_MESSAGES,
  type PlayerErase,
  PRIVACY_MESSAGES,
} from '@portal/contract';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { admins, emailOutbox, userAddresses, userGames, userProfiles, users } from '../../db/schema/index';
import { auditTarget, writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import type { SignInDevice } from '../../lib/device-cookie';
import { AppError, notFound, validationError } from '../../lib/errors';
import { lockMinutes } from '../../lib/lockout';
import { revokeAllSessions, type Session } from '../../lib/sessions';
import { beginPlayerPasswordAttempt, checkPassword, findUserById, type UserRow } from '../accounts';
import { requireCodeIfEnabled } from '../mfa';
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
 * POST /api/account/delete: after the proof (and the code on a two-step account), every session ends, the player gets an email, and the erasure
 * is due in 7 days. Signed in before then, the player may keep the account (`keepAccount`, decision 0045).
 */
export async function requestAccountDeletion(
  ctx: ServiceContext,
  userId: string,
  input: { password?: string | null; email?: string | null; code?: string | null },
  device: SignInDevice,
) {
  const user = await findUserById(ctx, userId);
  if (!user) throw notFound();
  await proveOwner(ctx, user, input, device);
  // With two-step verification on, a code too (docs/decisions/0038-step-up.md): a session and a password are not enough.
  await requireCodeIfEnabled(ctx, { kind: 'player', id: userId }, input.code, {
    client: { ip: device.ip, userAgent: null },
    purpose: 'deletion',
  });
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

/** Who erases, for the audit entry: null is the system (the scheduler), with the staff member's why. */
interface ErasureRecord {
  actor: Session | null;
  ip: string | null;
  /** The staff member's reason (an owner's erasure without a request needs one). */
  reason?: string | null;
  /** When the player asked, or null when they did not. */
  requestedAt: Date | null;
}

/**
 * Erases the player's personal data inside the caller's transaction `db`: name, email (a unique placeholder,
 * so the address can register again), phone, time zone, ISP, profile, addresses, nicknames, PIN, sessions,
 * history, sign-in factors and the emails sent to the player. The users row stays, anonymised, because
 * orders name it and accounting keeps them; referral codes and the code used stay too (they are random
 * strings and other players' counts rely on them). The audit entry says who, whom, why and since when.
 */
async function eraseAccount(ctx: ServiceContext, db: Database, userId: string, record: ErasureRecord) {
  const now = ctx.clock.now();
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
  await writeAudit(
    ctx,
    {
      actor: record.actor,
      action: 'users.erase',
      target: auditTarget.user(userId),
      details: {
        reason: record.reason ?? null,
        deletionRequestedAt: record.requestedAt?.toISOString() ?? null,
      },
      ip: record.ip,
    },
    db,
  );
}

/** The scheduler's 'account-erasure' task: erases every account whose 7 days have passed (actor: system). */
export async function eraseDueAccounts(ctx: ServiceContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - ERASURE_DELAY_MS);
  const due = await ctx.db
    .select({ id: users.id, requestedAt: users.deletionRequestedAt })
    .from(users)
    .where(and(lte(users.deletionRequestedAt, cutoff), isNull(users.erasedAt)));
  for (const { id, requestedAt } of due)
    await ctx.db.transaction((tx) =>
      eraseAccount(ctx, tx as unknown as Database, id, { actor: null, ip: null, requestedAt }),
    );
  return due.length;
}

/**
 * POST /api/admin/users/{id}/erase: staff process a player's deletion request at once (support or owner),
 * audited as theirs. Without a pending request only an owner may erase, and only giving a reason (409 for
 * anyone else, 422 without the reason). The player's row is locked while it is checked and erased, so a
 * sign-in cancelling the request meanwhile cannot slip between the two.
 */
export async function erasePlayerNow(
  ctx: ServiceContext,
  userId: string,
  input: PlayerErase,
  actor: { session: Session; ip: string },
) {
  const [staff] = await ctx.db
    .select({ role: admins.role })
    .from(admins)
    .where(eq(admins.id, actor.session.subjectId));
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const [user] = await db
      .select({ erasedAt: users.erasedAt, requestedAt: users.deletionRequestedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw notFound(PLAYER_ACTION_MESSAGES.notFound);
    if (user.erasedAt) throw new AppError('CONFLICT', 409, PRIVACY_MESSAGES.alreadyErased);
    if (!user.requestedAt) {
      if (staff?.role !== 'owner') throw new AppError('CONFLICT', 409, PRIVACY_MESSAGES.notRequested);
      if (!input.reason) throw validationError({ reason: [PRIVACY_MESSAGES.reasonRequired] });
    }
    await eraseAccount(ctx, db, userId, {
      actor: actor.session,
      ip: actor.ip,
      reason: input.reason,
      requestedAt: user.requestedAt,
    });
  });
  return { message: PRIVACY_MESSAGES.erased };
}
