import {
  ERASURE_DELAY_DAYS,
  type PendingDeletion,
  PLAYER_ACTION_MESSAGES,
  type PlayerErase,
  PRIVACY_MESSAGES,
} from '@portal/contract';
import { auditTarget, writeAudit } from '../../lib/audit';
import type { ServiceContext, TxContext } from '../../lib/context';
import type { SignInDevice } from '../../lib/device-cookie';
import { AppError, notFound, validationError } from '../../lib/errors';
import type { PersonalDataRegistry } from '../../lib/personal-data';
import { revokeAllSessions, type Session } from '../../lib/sessions';
import {
  deletionsRequestedBy,
  findUserById,
  lockDeletionState,
  markDeletionRequested,
  playerAudience,
  type UserRow,
} from '../accounts';
import { findAdminById } from '../admin-auth';
import { requireCodeIfEnabled } from '../mfa';
import { provePasswordAgain } from '../sign-in';
import { sendDeletionRequestedEmail } from './emails';

const ERASURE_DELAY_MS = ERASURE_DELAY_DAYS * 24 * 60 * 60 * 1000;

const erasureDueOf = (requestedAt: Date) => new Date(requestedAt.getTime() + ERASURE_DELAY_MS);

/** The pending deletion of a player as staff see it, or null. */
export function pendingDeletion(requestedAt: Date | null): PendingDeletion | null {
  if (!requestedAt) return null;
  return { requested_at: requestedAt.toISOString(), erasure_due: erasureDueOf(requestedAt).toISOString() };
}

/**
 * Proof that the player themself asks: the password, proved again as a sign-in proves it (decision 0068), so
 * a stolen session cannot guess it (422 when missing or wrong, a counted failure; 429 while locked, with the
 * proof-of-work challenge when one opens it). An account without a password
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
  await provePasswordAgain(
    ctx,
    playerAudience,
    user,
    { password: input.password, device },
    { field: 'password', required: PRIVACY_MESSAGES.passwordRequired, wrong: PRIVACY_MESSAGES.passwordWrong },
  );
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
  const erasureDue = erasureDueOf(now);
  // The request, the sessions it ends and its email: all three or none.
  await ctx.transaction(async (tx) => {
    await markDeletionRequested(tx, userId, now);
    await revokeAllSessions(tx, { userId });
    await sendDeletionRequestedEmail(tx, user, erasureDue);
  });
  return { message: PRIVACY_MESSAGES.deletionRequested, erasure_due: erasureDue.toISOString() };
}

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
 * Erases the player's personal data in the unit of work `tx`: each owner's part as its declaration in
 * `personalData` says (the users row stays, anonymised, because orders name it and accounting keeps them).
 * The audit entry says who, whom, why and since when.
 */
async function eraseAccount(
  tx: TxContext,
  personalData: PersonalDataRegistry,
  userId: string,
  record: ErasureRecord,
) {
  for (const part of personalData) await part.erase?.(tx, userId);
  await writeAudit(tx, {
    actor: record.actor,
    action: 'users.erase',
    target: auditTarget.user(userId),
    details: {
      reason: record.reason ?? null,
      deletionRequestedAt: record.requestedAt?.toISOString() ?? null,
    },
    ip: record.ip,
  });
}

/** The scheduler's 'account-erasure' task: erases every account whose 7 days have passed (actor: system). */
export async function eraseDueAccounts(
  ctx: ServiceContext,
  personalData: PersonalDataRegistry,
): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - ERASURE_DELAY_MS);
  const due = await deletionsRequestedBy(ctx, cutoff);
  for (const { id, requestedAt } of due)
    await ctx.transaction((tx) => eraseAccount(tx, personalData, id, { actor: null, ip: null, requestedAt }));
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
  personalData: PersonalDataRegistry,
  userId: string,
  input: PlayerErase,
  actor: { session: Session; ip: string },
) {
  const staff = await findAdminById(ctx, actor.session.subjectId);
  await ctx.transaction(async (tx) => {
    const user = await lockDeletionState(tx, userId);
    if (!user) throw notFound(PLAYER_ACTION_MESSAGES.notFound);
    if (user.erasedAt) throw new AppError('CONFLICT', PRIVACY_MESSAGES.alreadyErased);
    if (!user.requestedAt) {
      if (staff?.role !== 'owner') throw new AppError('CONFLICT', PRIVACY_MESSAGES.notRequested);
      if (!input.reason) throw validationError({ reason: [PRIVACY_MESSAGES.reasonRequired] });
    }
    await eraseAccount(tx, personalData, userId, {
      actor: actor.session,
      ip: actor.ip,
      reason: input.reason,
      requestedAt: user.requestedAt,
    });
  });
  return { message: PRIVACY_MESSAGES.erased };
}
