import { OIDC_MESSAGES, type OidcGrant } from '@portal/contract';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { oidcClients, oidcModels } from '../../db/schema/index';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import type { Session } from '../../lib/sessions';
import { recordSecurityEvent } from '../security/index';

/**
 * The grant a player gave an app earlier (one per player and app): consent is remembered through it, and a
 * new sign-in adds to it rather than making another.
 */
export async function findPlayerGrantId(ctx: ServiceContext, accountId: string, clientId: string) {
  const [row] = await ctx.db
    .select({ id: oidcModels.id })
    .from(oidcModels)
    .where(
      and(
        eq(oidcModels.model, 'Grant'),
        eq(oidcModels.accountId, accountId),
        eq(oidcModels.clientId, clientId),
      ),
    )
    .orderBy(desc(oidcModels.createdAt))
    .limit(1);
  return row?.id;
}

/** GET /api/oidc/grants: the apps the player allowed, newest use first, with the scopes each may use. */
export async function listGrants(ctx: ServiceContext, player: Session): Promise<{ grants: OidcGrant[] }> {
  const rows = await ctx.db
    .select({
      id: oidcModels.id,
      clientId: oidcModels.clientId,
      payload: oidcModels.payload,
      createdAt: oidcModels.createdAt,
      lastUsedAt: oidcModels.lastUsedAt,
      name: oidcClients.name,
    })
    .from(oidcModels)
    .innerJoin(oidcClients, eq(oidcClients.id, oidcModels.clientId))
    .where(
      and(
        eq(oidcModels.model, 'Grant'),
        eq(oidcModels.accountId, player.subjectId),
        isNull(oidcClients.disabledAt),
        or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, new Date())),
      ),
    )
    .orderBy(desc(oidcModels.lastUsedAt), desc(oidcModels.createdAt));
  return {
    grants: rows.map((row) => {
      const scope = (row.payload.openid as { scope?: string } | undefined)?.scope ?? '';
      return {
        id: row.id,
        client_id: row.clientId!,
        name: row.name,
        scopes: scope.split(' ').filter(Boolean),
        first_used_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt?.toISOString() ?? null,
      };
    }),
  };
}

/** DELETE /api/oidc/grants/{id}: the app loses access; its refresh and access tokens stop working at once. */
export async function revokeGrant(
  ctx: ServiceContext,
  player: Session,
  grantId: string,
  client: ClientInfo,
): Promise<{ message: string }> {
  const name = await ctx.transaction(async (tx) => {
    const [grant] = await tx.db
      .delete(oidcModels)
      .where(
        and(
          eq(oidcModels.model, 'Grant'),
          eq(oidcModels.id, grantId),
          eq(oidcModels.accountId, player.subjectId),
        ),
      )
      .returning({ clientId: oidcModels.clientId });
    if (!grant) throw notFound(OIDC_MESSAGES.grantNotFound);
    await tx.db.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
    const [app] = await tx.db
      .select({ name: oidcClients.name })
      .from(oidcClients)
      .where(eq(oidcClients.id, grant.clientId!));
    return app?.name ?? grant.clientId;
  });
  await recordSecurityEvent(ctx, {
    userId: player.subjectId,
    kind: 'app_access_revoked',
    detail: name,
    ...client,
  });
  return { message: OIDC_MESSAGES.grantRevoked };
}

/**
 * Ends everything the player holds with apps: grants, codes, access and refresh tokens, and the provider's
 * browser sessions. Run when the player's portal sessions all end (sign out everywhere, a password reset,
 * suspension, account deletion), in that change's transaction.
 */
export async function endPlayerGrants(ctx: ServiceContext, userId: string): Promise<void> {
  await ctx.db.delete(oidcModels).where(eq(oidcModels.accountId, userId));
}
