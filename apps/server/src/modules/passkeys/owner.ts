import { type Passkey, TOTP_ISSUER } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import { passkeyCredentials } from '../../db/schema/index';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { unauthenticated } from '../../lib/errors';
import type { SessionKind } from '../../lib/sessions';
import { findUserById } from '../accounts';
import { findAdminById } from '../admin-auth';
import { recordSecurityEvent } from '../security';

/** Whose passkeys: a player (users.id) or an admin (admins.id). */
export interface PasskeyOwner {
  kind: SessionKind;
  id: string;
}

type CredentialRow = typeof passkeyCredentials.$inferSelect;

/** The relying party is the portal's public address: its host name is the RP ID, its origin the origin. */
export function relyingParty(ctx: ServiceContext) {
  const url = new URL(ctx.config.PUBLIC_URL);
  return { rpID: url.hostname, origin: url.origin, rpName: TOTP_ISSUER };
}

export const credentialOwnedBy = (owner: PasskeyOwner) =>
  owner.kind === 'player'
    ? eq(passkeyCredentials.userId, owner.id)
    : eq(passkeyCredentials.adminId, owner.id);
export const ownerColumns = (owner: PasskeyOwner) =>
  owner.kind === 'player' ? { userId: owner.id } : { adminId: owner.id };

export const toPasskey = (row: CredentialRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export const record = (
  ctx: ServiceContext,
  owner: PasskeyOwner,
  kind: 'passkey_added' | 'passkey_removed' | 'sign_in_failed',
  client: ClientInfo,
  detail: string,
) => recordSecurityEvent(ctx, { ...ownerColumns(owner), kind, ...client, detail, at: ctx.clock.now() });

export async function findAccount(ctx: ServiceContext, owner: PasskeyOwner) {
  const account =
    owner.kind === 'player' ? await findUserById(ctx, owner.id) : await findAdminById(ctx, owner.id);
  if (!account) throw unauthenticated();
  return { email: account.email, name: account.name };
}

export async function ownCredentials(ctx: ServiceContext, owner: PasskeyOwner): Promise<CredentialRow[]> {
  return ctx.db
    .select()
    .from(passkeyCredentials)
    .where(credentialOwnedBy(owner))
    .orderBy(asc(passkeyCredentials.createdAt), asc(passkeyCredentials.id));
}
