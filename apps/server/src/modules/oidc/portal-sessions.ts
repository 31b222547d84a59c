import { and, eq } from 'drizzle-orm';
import { oidcModels } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { anySessionLive, endPlayerSessionsById } from '../../lib/sessions';

/** The row kind (beside the provider's own models) naming the portal sessions that signed a browser in. */
const MODEL = 'PortalSession';

/**
 * Remembers that `portalSessionId` answered the sign-in step of the provider's browser session `sessionUid`
 * (one row per pair, living as long as the provider's session), so RP-initiated logout can end it.
 */
export async function linkPortalSession(
  ctx: ServiceContext,
  link: { sessionUid: string; accountId: string; portalSessionId: string; ttlSeconds: number },
): Promise<void> {
  const values = {
    payload: { portalSessionId: link.portalSessionId },
    uid: link.sessionUid,
    accountId: link.accountId,
    expiresAt: new Date(Date.now() + link.ttlSeconds * 1000),
  };
  await ctx.db
    .insert(oidcModels)
    .values({
      model: MODEL,
      id: `${link.sessionUid}:${link.portalSessionId}`,
      createdAt: ctx.clock.now(),
      ...values,
    })
    .onConflictDoUpdate({ target: [oidcModels.model, oidcModels.id], set: values });
}

/**
 * The provider's browser session `sessionUid` of `accountId` signed out (RP-initiated logout): the portal
 * sessions that signed it in end too (those of that player only). Answers how many were ended.
 */
export async function endLinkedPortalSessions(
  ctx: ServiceContext,
  sessionUid: string,
  accountId: string,
): Promise<number> {
  const links = await ctx.db
    .delete(oidcModels)
    .where(and(eq(oidcModels.model, MODEL), eq(oidcModels.uid, sessionUid)))
    .returning({ payload: oidcModels.payload, accountId: oidcModels.accountId });
  const ids = links
    .filter((link) => link.accountId === accountId)
    .map((link) => String(link.payload.portalSessionId));
  if (ids.length === 0) return 0;
  return endPlayerSessionsById(ctx, accountId, ids);
}

/**
 * Whether a portal session that signed the provider's browser session `sessionUid` in (for `accountId`) is
 * still live: once the player has signed out of the portal there, the provider's session alone does not sign
 * them in to an app (the sign-in step is asked again, and a live portal session answers it).
 */
export async function portalSessionLive(
  ctx: ServiceContext,
  sessionUid: string,
  accountId: string,
): Promise<boolean> {
  const links = await ctx.db
    .select({ payload: oidcModels.payload })
    .from(oidcModels)
    .where(
      and(eq(oidcModels.model, MODEL), eq(oidcModels.uid, sessionUid), eq(oidcModels.accountId, accountId)),
    );
  const ids = links.map((link) => String(link.payload.portalSessionId));
  if (ids.length === 0) return false;
  return anySessionLive(ctx, accountId, ids);
}
