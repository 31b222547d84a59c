import { PASSKEY_CHALLENGE_TTL_MINUTES } from '@portal/contract';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import { and, gt, isNull, lt } from 'drizzle-orm';
import { webauthnChallenges } from '../../db/schema/index';
import type { ServiceContext } from '../../lib/context';
import type { SessionKind } from '../../lib/sessions';
import { ownerColumns, type PasskeyOwner } from './owner';

/** The WebAuthn challenges of adding a passkey and of signing in with one: stored, used once, purged. */

const CHALLENGE_TTL_MS = PASSKEY_CHALLENGE_TTL_MINUTES * 60_000;

export async function storeChallenge(
  ctx: ServiceContext,
  challenge: string,
  purpose: 'register' | 'login',
  audience: SessionKind,
  owner?: PasskeyOwner,
): Promise<string> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(webauthnChallenges)
    .values({
      challenge,
      purpose,
      audience,
      ...(owner ? ownerColumns(owner) : {}),
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      createdAt: now,
    })
    .returning({ id: webauthnChallenges.id });
  return row!.id;
}

/** Marks a live challenge used (one conditional update, so it is used at most once); null when none. */
export async function consumeChallenge(
  ctx: ServiceContext,
  match: ReturnType<typeof and>,
): Promise<string | null> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(and(match, isNull(webauthnChallenges.usedAt), gt(webauthnChallenges.expiresAt, now)))
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge ?? null;
}

/** The challenge a response answers, from its clientDataJSON; null when that is not readable. */
export function answeredChallenge(response: { response?: unknown }): string | null {
  const clientData = (response.response as { clientDataJSON?: unknown } | undefined)?.clientDataJSON;
  if (typeof clientData !== 'string') return null;
  try {
    const challenge = decodeClientDataJSON(clientData).challenge;
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

/** Scheduled clean-up: challenges an hour past their expiry. */
export async function purgeWebauthnChallenges(ctx: ServiceContext): Promise<void> {
  const cutoff = new Date(ctx.clock.now().getTime() - 60 * 60_000);
  await ctx.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, cutoff));
}
