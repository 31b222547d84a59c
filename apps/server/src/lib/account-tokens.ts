import { PAGE_PATHS, pageHref, type RouteGame } from '@portal/contract';
import { and, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { accountTokens } from '../db/schema/index';
import { accountDirectory } from './account-directory';
import type { ServiceContext } from './context';
import { hashToken, randomToken } from './tokens';

export type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];
export type TokenGame = (typeof accountTokens.$inferSelect)['game'];

const HOUR = 3_600_000;
/**
 * DESIGN.md: verification links 24 h, reset links 60 min; "Not you? Secure my account" links 7 days (an
 * alert may be read days late; decision 0049). All single use.
 */
const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * HOUR,
  change_email: 24 * HOUR,
  reset_password: HOUR,
  secure_account: 7 * 24 * HOUR,
};

const UNTIL_ONE_IS_USED: readonly TokenPurpose[] = ['secure_account', 'reset_password'];

/** The new address an unexpired email change of the player `userId` waits on, inside another statement. */
export const pendingEmailChangeOf = (userId: SQL, now: SQL) =>
  sql`(select t.new_email from ${accountTokens} t where t.user_id = ${userId} and t.purpose = 'change_email'
     and t.used_at is null and t.expires_at > ${now} limit 1)`;

/** A statement to select from: the player and game of a verification link that was used, when `token` is one. */
export const usedVerificationLink = (token: string) =>
  sql`(select t.user_id, t.game from ${accountTokens} t
     where t.token_hash = ${hashToken(token)} and t.purpose = 'verify_email' and t.used_at is not null)`;

/**
 * Issues a single-use link token; only its SHA-256 is stored. Earlier unused tokens of the same purpose
 * for the user stop working, so only the newest link is live; except the links a player may have asked for
 * twice or that someone else can cause: every unexpired reset link and "Secure my account" link works until
 * one of them is used (a player who asked twice opens whichever mail arrived first; a later alert must not
 * void the link of the one the player is reading). Using one voids the others.
 */
export async function issueAccountToken(
  ctx: ServiceContext,
  input: { userId: string; purpose: TokenPurpose; game: TokenGame; newEmail?: string; sentTo?: string },
): Promise<string> {
  const now = ctx.clock.now();
  if (!UNTIL_ONE_IS_USED.includes(input.purpose))
    await ctx.db
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
  await ctx.db.insert(accountTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    game: input.game,
    newEmail: input.newEmail ?? null,
    sentTo: input.sentTo ?? null,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[input.purpose]),
    createdAt: now,
  });
  return token;
}

/**
 * Marks the token used and returns its row when it is live and of one of `purposes`; null otherwise
 * (unknown, used, expired). The update is the check, so two concurrent uses cannot both succeed.
 */
export async function consumeAccountToken(ctx: ServiceContext, token: string, purposes: TokenPurpose[]) {
  const now = ctx.clock.now();
  const [row] = await ctx.db
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

/**
 * Voids every unused link of the player except email verification (which proves an address and changes
 * nothing else): pending resets, email changes, other "Secure my account" links; or only those of `purpose`.
 */
export async function voidAccountTokens(ctx: ServiceContext, userId: string, purpose?: TokenPurpose) {
  await ctx.db
    .update(accountTokens)
    .set({ usedAt: ctx.clock.now() })
    .where(
      and(
        eq(accountTokens.userId, userId),
        purpose ? eq(accountTokens.purpose, purpose) : ne(accountTokens.purpose, 'verify_email'),
        isNull(accountTokens.usedAt),
      ),
    );
}

/** The game a link leads back to when none was asked: the player's first portal game, else Caliber. */
export async function firstPortalGame(ctx: ServiceContext, userId: string): Promise<RouteGame> {
  const [row] = rowsOf<{ game: string }>(
    await ctx.db.execute(
      sql`select g.game from ${accountDirectory().playerGames} g
          where g.user_id = ${userId} and g.game in ('caliber', 'talesrunner') order by g.created_at limit 1`,
    ),
  );
  return row?.game === 'talesrunner' ? 'talesrunner' : 'caliber';
}

/** Whose security alert an email is: only a player's carries "Not you? Secure my account". */
export type AlertOwner = { kind: 'player' | 'admin'; id: string };

/**
 * The "Not you? Secure my account" link of one security alert to a player (decision 0049), mailed to
 * `sentTo`: a new single-use token, valid 7 days, for the page /secure-account/{token}, that works only
 * while the account still has that address (decision 0068). Undefined for staff accounts, which have no
 * such page. Pass the alert's transaction's context, if any, so the link exists only if the mail does.
 */
export async function secureAccountUrl(
  ctx: ServiceContext,
  owner: AlertOwner,
  sentTo: string,
): Promise<string | undefined> {
  if (owner.kind !== 'player') return undefined;
  const game = await firstPortalGame(ctx, owner.id);
  const token = await issueAccountToken(ctx, { userId: owner.id, purpose: 'secure_account', game, sentTo });
  return `${ctx.config.PUBLIC_URL}${pageHref(PAGE_PATHS.secureAccount, { token })}`;
}
