import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Adapter, AdapterPayload, errors as OidcErrors } from 'oidc-provider';
import { oidcModels } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { findClientMetadata } from './clients';

/**
 * How long a device code's row outlives the code: a console polling after the expiry hears `expired_token`
 * (RFC 8628 3.5), which the provider can only say while it still finds the code.
 */
export const DEVICE_CODE_GRACE_S = 60 * 60;

/** Models whose payload names the player and the app; copied into columns so the portal can find them. */
const OWNED = new Set(['Session', 'Grant', 'AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode']);

/**
 * The provider's storage on PostgreSQL/PGlite: one row per model and id (docs/decisions/0041). Every write is
 * one statement, so several processes share it safely; expiry follows the provider's own clock (real time),
 * and expired rows are invisible at once (a device code's an hour later: the provider answers it
 * `expired_token`) and deleted by the scheduler's purge. `Client` is read from the
 * apps staff register (oidc_clients), never written here.
 */
export function drizzleAdapter(ctx: ServiceContext, errors: typeof OidcErrors) {
  const live = () => or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, new Date()));

  const withConsumed = (row: { payload: AdapterPayload; consumedAt: Date | null } | undefined) => {
    if (!row) return undefined;
    return row.consumedAt
      ? { ...row.payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
      : row.payload;
  };

  return class DrizzleAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const owned = OWNED.has(this.model);
      const values = {
        payload,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        accountId: owned ? (payload.accountId ?? null) : null,
        clientId: owned ? (payload.clientId ?? null) : null,
        expiresAt:
          typeof expiresIn === 'number'
            ? new Date(
                Date.now() + (expiresIn + (this.model === 'DeviceCode' ? DEVICE_CODE_GRACE_S : 0)) * 1000,
              )
            : null,
      };
      await ctx.db
        .insert(oidcModels)
        .values({ model: this.model, id, createdAt: ctx.clock.now(), ...values })
        .onConflictDoUpdate({ target: [oidcModels.model, oidcModels.id], set: values });
      // Tokens issued under a grant are its use: the player's list of apps shows when that last happened.
      if (this.model === 'AccessToken' && payload.grantId) {
        await ctx.db
          .update(oidcModels)
          .set({ lastUsedAt: ctx.clock.now() })
          .where(and(eq(oidcModels.model, 'Grant'), eq(oidcModels.id, payload.grantId)));
      }
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') return (await findClientMetadata(ctx, id)) ?? undefined;
      const [row] = await ctx.db
        .select({ payload: oidcModels.payload, consumedAt: oidcModels.consumedAt })
        .from(oidcModels)
        .where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id), live()))
        .limit(1);
      return withConsumed(row);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const [row] = await ctx.db
        .select({ payload: oidcModels.payload, consumedAt: oidcModels.consumedAt })
        .from(oidcModels)
        .where(and(eq(oidcModels.model, this.model), eq(oidcModels.userCode, userCode), live()))
        .limit(1);
      return withConsumed(row);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const [row] = await ctx.db
        .select({ payload: oidcModels.payload, consumedAt: oidcModels.consumedAt })
        .from(oidcModels)
        .where(and(eq(oidcModels.model, this.model), eq(oidcModels.uid, uid), live()))
        .limit(1);
      return withConsumed(row);
    }

    /**
     * Marks a code or refresh token used, once: of two processes redeeming the same one at the same moment,
     * the second is refused here (the provider's own check reads before it writes).
     */
    async consume(id: string): Promise<void> {
      const consumed = await ctx.db
        .update(oidcModels)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id), isNull(oidcModels.consumedAt)))
        .returning({ id: oidcModels.id });
      if (consumed.length === 0) throw new errors.InvalidGrant('grant request is invalid (already used)');
    }

    async destroy(id: string): Promise<void> {
      await ctx.db.delete(oidcModels).where(and(eq(oidcModels.model, this.model), eq(oidcModels.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await ctx.db
        .delete(oidcModels)
        .where(and(eq(oidcModels.model, this.model), eq(oidcModels.grantId, grantId)));
    }
  };
}

/** Deletes the provider's rows past their expiry (already invisible to it); run by the scheduler. */
export async function purgeExpiredOidcRows(ctx: ServiceContext): Promise<void> {
  await ctx.db.delete(oidcModels).where(lt(oidcModels.expiresAt, new Date()));
}
