import { randomInt } from 'node:crypto';
import { type Game, gamePageHref } from '@portal/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { referralCodes } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';

/**
 * Referral codes: personal codes made for players at registration, existence checks for registration,
 * and visit counting for the register page's 'ReferralVisit'. Admin listings live in another file.
 */

// No 0/O or 1/I: codes are read aloud and typed by hand.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function makeCode(name: string): string {
  const prefix = name
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 4);
  let suffix = '';
  for (let i = 0; i < 6; i += 1) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix || 'REF'}${suffix}`;
}

/** The register link a referral code stands for. Yggdra players register through Caliber. */
export function referralUrl(publicUrl: string, game: Game, code: string): string {
  const routeGame = game === 'yggdra' ? 'caliber' : game;
  return `${publicUrl}${gamePageHref('register', routeGame, { referral_code: code })}`;
}

/**
 * The player's own code for `game`, created when missing (idempotent per player and game). Pass the
 * transaction's context to make it part of a registration.
 */
export async function createPersonalReferralCode(
  ctx: ServiceContext,
  input: { userId: string; game: Game; name: string },
): Promise<{ code: string; url: string }> {
  const [existing] = await ctx.db
    .select({ code: referralCodes.code, url: referralCodes.url })
    .from(referralCodes)
    .where(and(eq(referralCodes.ownerUserId, input.userId), eq(referralCodes.game, input.game)))
    .limit(1);
  if (existing) return existing;
  for (let attempt = 0; ; attempt += 1) {
    const code = makeCode(attempt < 3 ? input.name : '');
    const url = referralUrl(ctx.config.PUBLIC_URL, input.game, code);
    const [row] = await ctx.db
      .insert(referralCodes)
      .values({ code, game: input.game, url, ownerUserId: input.userId, createdAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning({ code: referralCodes.code, url: referralCodes.url });
    if (row) return row;
    if (attempt > 10) throw new Error('could not find a free referral code');
  }
}

/** The code as stored (its canonical spelling) when it exists, matched case-insensitively; else null. */
export async function findReferralCode(
  ctx: ServiceContext,
  code: string,
): Promise<{ code: string; game: Game; ownerUserId: string | null } | null> {
  const [row] = await ctx.db
    .select({ code: referralCodes.code, game: referralCodes.game, ownerUserId: referralCodes.ownerUserId })
    .from(referralCodes)
    .where(eq(sql`lower(${referralCodes.code})`, code.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Counts one visit of a register link for `code`; unknown codes are ignored. Returns whether it counted. */
export async function countReferralVisit(ctx: ServiceContext, code: string): Promise<boolean> {
  const rows = await ctx.db
    .update(referralCodes)
    .set({ visitCount: sql`${referralCodes.visitCount} + 1` })
    .where(eq(sql`lower(${referralCodes.code})`, code.trim().toLowerCase()))
    .returning({ id: referralCodes.id });
  return rows.length > 0;
}

/**
 * The codes the player `ownerId` (an SQL expression of the caller's statement) owns, oldest first, as a JSON
 * array of `{ code, game, url }` (empty: `[]`): an expression for the profile's one query.
 */
export const referralCodesJsonOf = (ownerId: SQL) =>
  sql`coalesce((select json_agg(json_build_object('code', r.code, 'game', r.game, 'url', r.url) order by r.created_at)
           from ${referralCodes} r where r.owner_user_id = ${ownerId}), '[]'::json)`;

/** The codes the player owns, one per game at most. */
export async function referralCodesOwnedBy(ctx: ServiceContext, userId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(eq(referralCodes.ownerUserId, userId));
  return rows.map((row) => row.code);
}
