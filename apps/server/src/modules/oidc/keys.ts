import { generateKeyPairSync, hkdfSync, randomBytes } from 'node:crypto';
import { and, desc, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { oidcSigningKeys } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { openSecret, type SecretPurpose, sealSecret } from '../../lib/secret-box';

const SIGNING_KEY: SecretPurpose = { salt: 'portal-oidc', info: 'signing-key' };

/**
 * How long a retired key stays in the JWKS: longer than anything it signed lives (ID tokens, one hour; access
 * and refresh tokens are opaque and not signed), so relying parties can still verify what they hold.
 */
const RETIRED_KEY_KEPT_MS = 24 * 60 * 60 * 1000;

type Jwk = Record<string, unknown> & { kid: string };

function newSigningKey(): Jwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { ...jwk, kid: randomBytes(9).toString('base64url'), alg: 'RS256', use: 'sig' };
}

async function insertKey(ctx: ServiceContext, secretKey: string) {
  const jwk = newSigningKey();
  await ctx.db
    .insert(oidcSigningKeys)
    .values({
      kid: jwk.kid,
      sealedJwk: sealSecret(secretKey, SIGNING_KEY, JSON.stringify(jwk)),
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing();
}

/**
 * The provider's JWKS: the signing key first, then retired keys still published. The first start makes a key;
 * two processes starting at once may both make one, and the newer signs (the other is published too).
 * A key sealed under another SECRET_KEY cannot be opened: the start fails with one line saying so.
 */
export async function loadSigningKeys(ctx: ServiceContext, secretKey: string): Promise<Jwk[]> {
  let rows = await readKeys(ctx);
  if (!rows.some((row) => row.retiredAt === null)) {
    await insertKey(ctx, secretKey);
    rows = await readKeys(ctx);
  }
  return rows.map((row) => {
    const opened = openSecret(secretKey, SIGNING_KEY, row.sealedJwk);
    if (!opened)
      throw new Error(
        `The OpenID signing key ${row.kid} cannot be opened with this SECRET_KEY: restore the SECRET_KEY it was sealed with, or delete the rows of oidc_signing_keys to start with new keys (signed-in apps must sign in again).`,
      );
    return JSON.parse(opened) as Jwk;
  });
}

const readKeys = (ctx: ServiceContext) =>
  ctx.db
    .select()
    .from(oidcSigningKeys)
    .orderBy(sql`${oidcSigningKeys.retiredAt} is not null`, desc(oidcSigningKeys.createdAt));

/**
 * `npm run oidc:rotate-keys`: a new signing key takes over, the current one is retired (published for a day
 * more) and keys retired longer ago are deleted. Running servers sign with the new key after a restart.
 */
export async function rotateSigningKeys(ctx: ServiceContext, secretKey: string) {
  const now = ctx.clock.now();
  return ctx.transaction(async (tx) => {
    const retired = await tx.db
      .update(oidcSigningKeys)
      .set({ retiredAt: now })
      .where(isNull(oidcSigningKeys.retiredAt))
      .returning({ kid: oidcSigningKeys.kid });
    await insertKey(tx, secretKey);
    const removed = await tx.db
      .delete(oidcSigningKeys)
      .where(
        and(
          isNotNull(oidcSigningKeys.retiredAt),
          lt(oidcSigningKeys.retiredAt, new Date(now.getTime() - RETIRED_KEY_KEPT_MS)),
        ),
      )
      .returning({ kid: oidcSigningKeys.kid });
    return { retired: retired.map((r) => r.kid), removed: removed.map((r) => r.kid) };
  });
}

/** The provider's cookie signing keys, derived from SECRET_KEY. */
export function cookieKeys(secretKey: string): string[] {
  return [Buffer.from(hkdfSync('sha256', secretKey, 'portal-oidc', 'cookie-keys', 32)).toString('base64url')];
}
