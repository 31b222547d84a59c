import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { ServiceContext, TxContext } from '../../lib/context';

/*
 * A player's request to delete their account, as the privacy module keeps it on the account: asked, kept
 * (cancelled), due for erasure, and the state an erasure checks under a lock.
 */

/** Notes the player's request to delete their account, at `at`, in the request's transaction. */
export async function markDeletionRequested(tx: TxContext, userId: string, at: Date): Promise<void> {
  await tx.db.update(users).set({ deletionRequestedAt: at, updatedAt: at }).where(eq(users.id, userId));
}

/** Drops the player's pending request (none once erased): the account kept, or null when none was pending. */
export async function clearDeletionRequest(ctx: ServiceContext, userId: string, at: Date) {
  const [kept] = await ctx.db
    .update(users)
    .set({ deletionRequestedAt: null, updatedAt: at })
    .where(and(eq(users.id, userId), isNotNull(users.deletionRequestedAt), isNull(users.erasedAt)))
    .returning({ id: users.id, email: users.email, name: users.name });
  return kept ?? null;
}

/** The accounts not erased yet whose deletion was asked at or before `cutoff`. */
export function deletionsRequestedBy(ctx: ServiceContext, cutoff: Date) {
  return ctx.db
    .select({ id: users.id, requestedAt: users.deletionRequestedAt })
    .from(users)
    .where(and(lte(users.deletionRequestedAt, cutoff), isNull(users.erasedAt)));
}

/**
 * The player's deletion state, the row locked until the transaction ends (so a sign-in cancelling the
 * request cannot slip between a check and the erasure); null when there is no such player.
 */
export async function lockDeletionState(tx: TxContext, userId: string) {
  const [user] = await tx.db
    .select({ erasedAt: users.erasedAt, requestedAt: users.deletionRequestedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return user ?? null;
}
