import { MFA_MESSAGES, MFA_TOKEN_TTL_MINUTES, type MfaRequiredReply } from '@portal/contract';
import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import { mfaChallenges } from '../../db/schema/index';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { unauthenticated } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import { checkSignInCode, isTotpEnabled, type MfaSubject } from '../mfa';
import { recordSecurityEvent } from '../security';

/**
 * The challenge store: the one place a sign-in waits between its first proof and its second step (the
 * `mfa_token` of docs/decisions/0031). A token completes only its own flow, once, within its lifetime.
 */

/** The sign-in flow a challenge resumes; a token completes only its own flow. */
export type ChallengeFlow = (typeof mfaChallenges.$inferSelect)['flow'];

const MFA_TOKEN_TTL_MS = MFA_TOKEN_TTL_MINUTES * 60_000;

const owner = (subject: MfaSubject) =>
  subject.kind === 'player' ? { userId: subject.id } : { adminId: subject.id };

/**
 * A sign-in whose first factor was right: with TOTP on, a single-use `mfa_token` for `flow` (kept with
 * what the flow needs to finish, e.g. the launcher's developer flag) instead of a session; null otherwise.
 */
export async function openChallenge(
  ctx: ServiceContext,
  subject: MfaSubject,
  flow: ChallengeFlow,
  payload: Record<string, unknown> = {},
): Promise<MfaRequiredReply | null> {
  if (!(await isTotpEnabled(ctx, subject))) return null;
  const token = randomToken();
  const now = ctx.clock.now();
  await ctx.db.insert(mfaChallenges).values({
    tokenHash: hashToken(token),
    ...owner(subject),
    flow,
    payload,
    expiresAt: new Date(now.getTime() + MFA_TOKEN_TTL_MS),
    createdAt: now,
  });
  return { mfa_required: true, mfa_token: token };
}

interface AnsweredChallenge {
  subject: MfaSubject;
  flow: ChallengeFlow;
  payload: Record<string, unknown>;
}

/**
 * POST /login/mfa and the like: a live, unused token of one of `flows` (else 401) and a right code (422
 * wrong, 429 locked) answer the challenge once; the flow then finishes the sign-in.
 */
export async function answerChallenge(
  ctx: ServiceContext,
  input: { token: string; code: string; flows: ChallengeFlow[] },
  client: ClientInfo,
): Promise<AnsweredChallenge> {
  const tokenInvalid = () => unauthenticated(MFA_MESSAGES.tokenInvalid);
  const live = and(
    eq(mfaChallenges.tokenHash, hashToken(input.token)),
    isNull(mfaChallenges.usedAt),
    gt(mfaChallenges.expiresAt, ctx.clock.now()),
    inArray(mfaChallenges.flow, input.flows),
  );
  const [challenge] = await ctx.db.select().from(mfaChallenges).where(live).limit(1);
  if (!challenge) throw tokenInvalid();
  const subject: MfaSubject = challenge.userId
    ? { kind: 'player', id: challenge.userId }
    : { kind: 'admin', id: challenge.adminId! };
  // TOTP turned off since the first step: the token no longer leads anywhere.
  const checked = await checkSignInCode(ctx, subject, input.code, { client, purpose: challenge.flow });
  if (!checked) throw tokenInvalid();
  const [used] = await ctx.db
    .update(mfaChallenges)
    .set({ usedAt: ctx.clock.now() })
    .where(and(eq(mfaChallenges.id, challenge.id), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  if (!used) throw tokenInvalid();
  await recordSecurityEvent(ctx, {
    ...owner(subject),
    kind: checked.recoveryCode ? 'recovery_code_used' : 'mfa_succeeded',
    ...client,
    detail: challenge.flow,
    at: ctx.clock.now(),
  });
  return { subject, flow: challenge.flow, payload: challenge.payload };
}

/** Scheduled clean-up: challenges an hour past their expiry. */
export async function purgeSignInChallenges(ctx: ServiceContext): Promise<void> {
  const cutoff = new Date(ctx.clock.now().getTime() - 60 * 60_000);
  await ctx.db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, cutoff));
}
