import { SANCTION_MESSAGES } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../lib/context';
import { unauthenticated } from '../../lib/errors';
import { bearerToken } from '../../lib/guards';
import { resolveSession } from '../../lib/sessions';
import { signPayload, verifyPayload } from '../../lib/tokens';

/** A standing token opens the standing page and the appeal for this long after the refused sign-in. */
const STANDING_TOKEN_MS = 30 * 60 * 1000;
const USE = 'standing';

/**
 * The token a refused sign-in hands out: signed (no storage), short-lived, and good for nothing but the
 * standing page and an appeal, so a banned player can read why and appeal without a session.
 */
export function issueStandingToken(ctx: Pick<ServiceContext, 'clock' | 'config'>, userId: string): string {
  const expires = new Date(ctx.clock.now().getTime() + STANDING_TOKEN_MS);
  return signPayload(ctx.config.SECRET_KEY, { use: USE, sub: userId }, expires);
}

/**
 * The player who calls the standing endpoints: their live session's, or the standing token's. Anything
 * else (no bearer, an ended session, a token for another use or run out) is 401.
 */
export async function standingCaller(ctx: ServiceContext, request: FastifyRequest): Promise<string> {
  const token = bearerToken(request);
  if (!token) throw unauthenticated(SANCTION_MESSAGES.standingUnauthenticated);
  const session = await resolveSession(ctx, 'player', token);
  if (session) return session.subjectId;
  const payload = verifyPayload<{ use?: unknown; sub?: unknown }>(
    ctx.config.SECRET_KEY,
    token,
    ctx.clock.now(),
  );
  if (payload?.use === USE && typeof payload.sub === 'string') return payload.sub;
  throw unauthenticated(SANCTION_MESSAGES.standingUnauthenticated);
}
