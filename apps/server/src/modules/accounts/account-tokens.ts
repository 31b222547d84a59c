import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accountTokens } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import { hashToken, randomToken } from '../../lib/tokens';

export type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];
export type TokenGame = (typeof accountTokens.$inferSelect)['game'];

const HOUR = 3_600_000;
/** DESIGN.md: verification links 24 h, reset links 60 min; all single use. */
const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * HOUR,
  change_email: 24 * HOUR,
  reset_password: HOUR,
};

/**
 * Issues a single-use link token; only its SHA-256 is stored. Earlier unused tokens of the same purpose
 * for the user stop working, so only the newest link is live.
 */
export async function issueAccountToken(
  ctx: ServiceContext,
  input: { userId: string; purpose: TokenPurpose; game: TokenGame; newEmail?: string },
  tx: Database = ctx.db,
): Promise<string> {
  const now = ctx.clock.now();
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.userId, input.userId),
        eq(accountTokens.purpose, input.purpose),
        isNull(accountTokens.usedAt),
      ),
    );
  const token = randomToken();
  await tx.insert(accountTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    game: input.game,
    newEmail: input.newEmail ?? null,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[input.purpose]),
    createdAt: now,
  });
  return token;
}

/**
 * Marks the token used and returns its row when it is live and of one of `purposes`; null otherwise
 * (unknown, used, expired). The update is the check, so two concurrent uses cannot both succeed.
 */
export async function consumeAccountToken(
  ctx: ServiceContext,
  token: string,
  purposes: TokenPurpose[],
  tx: Database = ctx.db,
) {
  const now = ctx.clock.now();
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        inArray(accountTokens.purpose, purposes),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}
