import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { sanctions } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { derivedKey } from '../../lib/secret-box';

const PURPOSE = { salt: 'portal-ban-evasion', info: 'email-hash-v1' };

/**
 * The keyed hash of an address (docs/decisions/0064-sanctions.md): kept with an account ban in force when the
 * player's data is erased, so registering again with the address is refused until the ban ends, without
 * keeping the address. Keyed with SECRET_KEY, so a copy of the database alone cannot test addresses.
 */
export function emailHash(ctx: Pick<ServiceContext, 'config'>, email: string): string {
  return createHmac('sha256', derivedKey(ctx.config.SECRET_KEY, PURPOSE))
    .update(email.trim().toLowerCase())
    .digest('hex');
}

/** Whether an erased account banned until after now registered with this address. */
export async function emailBanned(ctx: ServiceContext, email: string): Promise<boolean> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({ id: sanctions.id })
    .from(sanctions)
    .where(
      and(
        eq(sanctions.emailHash, emailHash(ctx, email)),
        eq(sanctions.scope, 'account'),
        isNull(sanctions.liftedAt),
        or(isNull(sanctions.expiresAt), gt(sanctions.expiresAt, now)),
      ),
    )
    .limit(1);
  return Boolean(row);
}
