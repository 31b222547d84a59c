import { PRIVACY_MESSAGES } from '@portal/contract';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { clearDeletionRequest } from '../accounts';
import { sendDeletionCancelledEmail } from './emails';

/**
 * POST /api/account/delete/cancel, "Keep my account" (docs/decisions/0045-account-care.md): a player who
 * signed in while a deletion waits keeps the account; the player is told by email. 409 when none waits.
 */
export async function keepAccount(ctx: ServiceContext, userId: string): Promise<{ message: string }> {
  const kept = await clearDeletionRequest(ctx, userId, ctx.clock.now());
  if (!kept) throw new AppError('NO_DELETION_PENDING', PRIVACY_MESSAGES.noDeletionPending);
  await sendDeletionCancelledEmail(ctx, kept);
  return { message: PRIVACY_MESSAGES.deletionCancelled };
}
