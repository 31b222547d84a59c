import { createHmac } from 'node:crypto';
import { type AltchaChallenge, altchaChallengeSchema, CHALLENGE_MESSAGES } from '@portal/contract';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { spentChallenges } from '../db/schema/index';
import type { ServiceContext } from './context';
import { AppError } from './errors';
import { countRequest } from './lockout';
import { hashToken } from './tokens';

/**
 * Proof-of-work challenges (ALTCHA, v2 format: `altcha-lib` here, `altcha` 3 in the pages; decision 0039).
 * A challenge is signed with keys derived from SECRET_KEY, bound to a purpose, good for a few minutes and
 * for one request: a solved challenge's signature is stored until it expires, so a replay fails in any
 * process. A sign-in's challenge is bound to the account it was asked for too. Deterministic mode (a known
 * counter, the derived key signed) makes checking a solution one HMAC, and one derivation from the solution's
 * counter checks that the counter is the one that derives it.
 *
 * Difficulty: PBKDF2/SHA-256 with 1,000 iterations per try and a counter drawn from the upper half of
 * CHALLENGE_WORK (by default 2,000 to 4,000), so a solver makes about 3,000 derivations (3 million SHA-256
 * rounds). Measured with altcha-lib's solver in Node 20 on one core of the development machine: 0.5–0.9 s
 * (creating a challenge 1 ms, checking it under 1 ms). A phone's core is a few times slower, and the browser
 * solves with several workers: about a second.
 */
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 1_000;
/** Minutes a challenge can be solved and used in. */
const TTL_MS = 5 * 60_000;

/** What a challenge is good for: one purpose's challenge does not pass for another's. */
export type ChallengePurpose = 'sign-in' | 'register' | 'email';

const keys = (secret: string) => ({
  signature: createHmac('sha256', secret).update('altcha-signature').digest('base64url'),
  keySignature: createHmac('sha256', secret).update('altcha-key-signature').digest('base64url'),
});

/**
 * The signed data of our challenges: the purpose, the expiry (ms, checked against the app's clock) and, for
 * a sign-in, the account it was asked for (`subject`, a hash of the lockout's account key): a challenge
 * solved for one account does not open another's attempt.
 */
const dataSchema = z.object({ purpose: z.string(), expires: z.number(), subject: z.string().optional() });

/** The account as a challenge names it: a hash, so the challenge does not carry the address in clear. */
const subjectTag = (subject: string) => hashToken(`altcha-subject:${subject}`).slice(0, 32);

const payloadSchema = z.object({
  challenge: altchaChallengeSchema,
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

/** A new challenge for `purpose` (and, for a sign-in, the account `subject` it was asked for). */
export async function createWorkChallenge(
  ctx: ServiceContext,
  purpose: ChallengePurpose,
  subject?: string,
): Promise<AltchaChallenge> {
  const secrets = keys(ctx.config.SECRET_KEY);
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(ctx.config.CHALLENGE_WORK, Math.ceil(ctx.config.CHALLENGE_WORK / 2)),
    deriveKey,
    // The expiry is signed data checked against the app's clock, not altcha-lib's `expiresAt` (the wall clock).
    data: {
      purpose,
      expires: ctx.clock.now().getTime() + TTL_MS,
      ...(subject === undefined ? {} : { subject: subjectTag(subject) }),
    },
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  });
  return challenge as AltchaChallenge;
}

/** The 429 that asks for a solved challenge: `{ message, code: 'CHALLENGE_REQUIRED', challenge }`. */
export async function challengeRequired(
  ctx: ServiceContext,
  purpose: ChallengePurpose,
  subject?: string,
): Promise<AppError> {
  return new AppError('CHALLENGE_REQUIRED', CHALLENGE_MESSAGES.required, undefined, {
    challenge: await createWorkChallenge(ctx, purpose, subject),
  });
}

/** Decodes the base64 JSON payload the client sent; null when it is not one. */
function decodePayload(payload: string) {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The challenge and solution of `payload` when the challenge is ours (its signatures verify: HMACs only, no key
 * derivation) and has not expired; null otherwise. Says nothing of whether it was spent.
 */
async function signedWork(ctx: ServiceContext, payload: string | null | undefined) {
  if (!payload) return null;
  const decoded = decodePayload(payload);
  if (!decoded) return null;
  const data = dataSchema.safeParse(decoded.challenge.parameters.data);
  if (!data.success || data.data.expires <= ctx.clock.now().getTime()) return null;
  const secrets = keys(ctx.config.SECRET_KEY);
  // The derived key is the one signed (deterministic mode: one HMAC).
  const signed = await verifySolution({
    challenge: decoded.challenge,
    solution: decoded.solution,
    deriveKey,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  }).catch(() => null);
  return signed?.verified ? { ...decoded, data: data.data } : null;
}

/**
 * Whether a request body carries a solution to an unexpired challenge of ours (`altcha`): the per-minute
 * limits count such repeats apart (app.ts), and a made-up `altcha` must not open a second count.
 */
export async function carriesSignedWork(ctx: ServiceContext, body: unknown): Promise<boolean> {
  return (await signedWork(ctx, workProofOf(body))) !== null;
}

/**
 * Whether `payload` solves a challenge of ours for `purpose` (and the account `subject`, when the challenge
 * was asked for one) that has not expired and was not used before; a good payload is spent by this call (one
 * request per challenge).
 */
export async function spendWorkProof(
  ctx: ServiceContext,
  payload: string | null | undefined,
  purpose: ChallengePurpose,
  subject?: string,
): Promise<boolean> {
  const work = await signedWork(ctx, payload);
  if (!work || work.data.purpose !== purpose) return false;
  // Asked for an account, it opens that account's attempts only; an attempt for an account needs one asked
  // for it.
  const expected = subject === undefined ? undefined : subjectTag(subject);
  if (work.data.subject !== expected) return false;
  // The counter is the one that derives the signed key (one derivation), not any number sent beside it.
  const derived = await verifySolution({
    challenge: work.challenge,
    solution: work.solution,
    deriveKey,
    hmacSignatureSecret: keys(ctx.config.SECRET_KEY).signature,
  }).catch(() => null);
  if (!derived?.verified) return false;
  // Single use across processes: the first request to store the signature wins.
  const spent = await ctx.db
    .insert(spentChallenges)
    .values({ signatureHash: hashToken(work.challenge.signature), expiresAt: new Date(work.data.expires) })
    .onConflictDoNothing()
    .returning({ signatureHash: spentChallenges.signatureHash });
  return spent.length === 1;
}

/** The solved challenge a request body carries in `altcha` (a client repeating its request), if any. */
function workProofOf(body: unknown): string | null {
  const altcha = (body as { altcha?: unknown } | undefined)?.altcha;
  return typeof altcha === 'string' ? altcha : null;
}

/**
 * The per-address gate of registration and of the forgot-password and resend forms (bots registering or
 * mail-bombing): every request counts for its address at `scope`; past CHALLENGE_AFTER_REQUESTS without a
 * quiet hour, each request needs a solved challenge for `purpose` in its body's `altcha`. The per-minute
 * rate limits stay in front of it.
 */
export async function requireWorkPastThreshold(
  ctx: ServiceContext,
  request: { ip: string; body: unknown },
  scope: 'register-ip' | 'email-ip',
  purpose: ChallengePurpose,
): Promise<void> {
  const count = await countRequest(ctx, scope, `ip:${request.ip}`);
  if (count <= ctx.config.CHALLENGE_AFTER_REQUESTS) return;
  if (!(await spendWorkProof(ctx, workProofOf(request.body), purpose)))
    throw await challengeRequired(ctx, purpose);
}

/** Scheduled: forgets spent challenges that have expired (they cannot be replayed any more). */
export async function purgeSpentChallenges(ctx: ServiceContext): Promise<void> {
  await ctx.db.delete(spentChallenges).where(lt(spentChallenges.expiresAt, ctx.clock.now()));
}
