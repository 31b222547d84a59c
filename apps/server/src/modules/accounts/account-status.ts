import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { writeAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { revokeAllSessions, type Session } from '../../lib/sessions';

/**
 * Suspends or reactivates a player. Suspension ends every session at once (sign-in then answers 403);
 * both are written to the audit log.
 */
export async function setAccountStatus(
  ctx: ServiceContext,
  userId: string,
  status: 'active' | 'suspended',
  actor: Session,
): Promise<{ id: string; account_status: 'active' | 'suspended' }> {
  return ctx.transaction(async (tx) => {
    const [user] = await tx.db
      .update(users)
      .set({ accountStatus: status, updatedAt: ctx.clock.now() })
      .where(eq(users.id, userId))
      .returning({ id: users.id, accountStatus: users.accountStatus });
    if (!user) throw notFound('Unknown player.');
    if (status === 'suspended') await revokeAllSessions(tx, { userId });
    await writeAudit(tx, {
      actor,
      action: `users.${status === 'suspended' ? 'suspend' : 'reactivate'}`,
      details: { userId },
    });
    return { id: user.id, account_status: user.accountStatus };
  });
}
