import { PASSKEY_MESSAGES } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { passkeyCredentials } from '../../db/schema/index';
import { auditOwnSecurity } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { sendPasskeyChangedEmail } from './emails';
import { credentialOwnedBy, findAccount, type PasskeyOwner, record } from './owner';

/**
 * DELETE .../passkeys/{id}: the session is proof enough; the account is told by email. 404 for a passkey
 * that is not the account's. The removal, the staff audit entry and the email are one unit of work; the
 * security history is written after it commits.
 */
export async function removePasskey(
  ctx: ServiceContext,
  owner: PasskeyOwner,
  id: string,
  client: ClientInfo,
): Promise<{ message: string }> {
  const row = await ctx.transaction(async (tx) => {
    const [removed] = await tx.db
      .delete(passkeyCredentials)
      .where(and(eq(passkeyCredentials.id, id), credentialOwnedBy(owner)))
      .returning();
    if (!removed) return null;
    const details = { passkeyId: removed.id, name: removed.name };
    await auditOwnSecurity(tx, owner, { action: 'staff.passkey_removed', ip: client.ip, details });
    await sendPasskeyChangedEmail(tx, await findAccount(tx, owner), removed.name, false, owner);
    return removed;
  });
  if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
  await record(ctx, owner, 'passkey_removed', client, row.name);
  return { message: PASSKEY_MESSAGES.removed };
}
