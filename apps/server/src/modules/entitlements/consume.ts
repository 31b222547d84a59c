import { ENTITLEMENT_MESSAGES, type Entitlement, type ShopGame } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { entitlements } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { toEntitlement } from './records';

/**
 * The game says it handed an entitlement over: `pending` → `consumed`, by one conditional update (only the
 * entitlements row is locked, so it cannot deadlock with a revocation, which locks the order first). The same
 * call again answers the consumed entitlement unchanged (idempotent); a revoked one is a 409; another game's
 * or an unknown id is a 404, alike.
 */
export async function consumeEntitlement(
  ctx: ServiceContext,
  game: ShopGame,
  id: string,
): Promise<Entitlement> {
  const [consumed] = await ctx.db
    .update(entitlements)
    .set({ status: 'consumed', consumedAt: ctx.clock.now() })
    .where(and(eq(entitlements.id, id), eq(entitlements.game, game), eq(entitlements.status, 'pending')))
    .returning();
  if (consumed) return toEntitlement(consumed);
  const [row] = await ctx.db
    .select()
    .from(entitlements)
    .where(and(eq(entitlements.id, id), eq(entitlements.game, game)))
    .limit(1);
  if (!row) throw notFound(ENTITLEMENT_MESSAGES.notFound);
  if (row.status === 'revoked') throw new AppError('ENTITLEMENT_REVOKED', ENTITLEMENT_MESSAGES.revoked);
  return toEntitlement(row);
}
