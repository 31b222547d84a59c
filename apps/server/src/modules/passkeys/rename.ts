import { PASSKEY_MESSAGES, type Passkey } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { passkeyCredentials } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { credentialOwnedBy, type PasskeyOwner, toPasskey } from './owner';

/** PATCH .../passkeys/{id}: 404 for a passkey that is not the account's. */
export async function renamePasskey(
  ctx: ServiceContext,
  owner: PasskeyOwner,
  id: string,
  name: string,
): Promise<Passkey> {
  const [row] = await ctx.db
    .update(passkeyCredentials)
    .set({ name })
    .where(and(eq(passkeyCredentials.id, id), credentialOwnedBy(owner)))
    .returning();
  if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
  return toPasskey(row);
}
