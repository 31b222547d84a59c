import type { Entitlement } from '@portal/contract';
import type { entitlements } from '../../db/schema/index';

export type EntitlementRecord = typeof entitlements.$inferSelect;

const isoOrNull = (at: Date | null) => (at ? new Date(at).toISOString() : null);

/** A stored entitlement as the game-server API, the webhooks and the back-office show it. */
export function toEntitlement(row: EntitlementRecord): Entitlement {
  return {
    id: row.id,
    player: row.userId,
    game: row.game,
    sku: row.sku,
    name: row.name,
    quantity: row.quantity,
    order: row.txnid,
    status: row.status,
    granted_at: new Date(row.grantedAt).toISOString(),
    consumed_at: isoOrNull(row.consumedAt),
    revoked_at: isoOrNull(row.revokedAt),
    clawback: row.clawback,
  };
}
