import { ACCOUNT_MESSAGES, type RouteGame } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import { accountEmailRequests } from '../../db/schema/index';
import { issueAccountToken } from '../../lib/account-tokens';
import type { ServiceContext } from '../../lib/context';
import { linkGame } from './account-rules';
import { sendPasswordResetEmail, sendVerificationEmail } from './emails';
import { findUserByEmail, type UserRow } from './users';

// Forgot password and resend verification are queued, so every address costs the same work before the reply.

type EmailRequest = typeof accountEmailRequests.$inferSelect;
type EmailRequestInput = { email: string; game?: RouteGame | null };

/**
 * Writes the request to the queue and nothing else: one insert whether the address exists or not, so
 * neither the answer nor its time tells (decision 0012). The scheduled task sends the link.
 */
async function queueEmailRequest(
  ctx: ServiceContext,
  purpose: EmailRequest['purpose'],
  input: EmailRequestInput,
) {
  await ctx.db.insert(accountEmailRequests).values({
    purpose,
    email: input.email.trim(),
    game: input.game ?? null,
    createdAt: ctx.clock.now(),
  });
}

/** POST /resendEmail: the same answer for every address; only unverified accounts get a new link. */
export async function resendVerification(
  ctx: ServiceContext,
  input: EmailRequestInput,
): Promise<{ message: string }> {
  await queueEmailRequest(ctx, 'verify_email', input);
  return { message: ACCOUNT_MESSAGES.verifySent };
}

/** POST /sendForgotPassword: the same answer for every address; existing active accounts get a link. */
export async function requestPasswordReset(
  ctx: ServiceContext,
  input: EmailRequestInput,
): Promise<{ message: string }> {
  await queueEmailRequest(ctx, 'reset_password', input);
  return { message: ACCOUNT_MESSAGES.resetSent };
}

/** The account a request should email: active, and for verification not yet verified; else null. */
function emailRequestRecipient(user: UserRow | null, purpose: EmailRequest['purpose']) {
  if (user?.accountStatus !== 'active') return null;
  return purpose === 'reset_password' || !user.emailVerifiedAt ? user : null;
}

/**
 * Serves one request: removing it, issuing the link and queueing its email are one transaction, so a
 * failure leaves the request for the next run and a success cannot be served twice.
 */
async function serveEmailRequest(ctx: ServiceContext, request: EmailRequest) {
  const user = emailRequestRecipient(await findUserByEmail(ctx, request.email), request.purpose);
  const game = user ? await linkGame(ctx, user.id, request.game) : null;
  await ctx.transaction(async (tx) => {
    const [claimed] = await tx.db
      .delete(accountEmailRequests)
      .where(eq(accountEmailRequests.id, request.id))
      .returning({ id: accountEmailRequests.id });
    if (!claimed || !user || !game) return;
    const token = await issueAccountToken(tx, { userId: user.id, purpose: request.purpose, game });
    const send = request.purpose === 'reset_password' ? sendPasswordResetEmail : sendVerificationEmail;
    await send(tx, user, token, game);
  });
}

const EMAIL_REQUEST_BATCH = 50;

/**
 * The 'account-email-requests' task: serves queued requests, oldest first, until the queue is empty. A
 * request that fails stays queued and the others are still served; the first failure is then thrown for
 * the scheduler to log. Returns how many were served.
 */
export async function serveAccountEmailRequests(ctx: ServiceContext): Promise<number> {
  let served = 0;
  for (;;) {
    const due = await ctx.db
      .select()
      .from(accountEmailRequests)
      .orderBy(asc(accountEmailRequests.createdAt), asc(accountEmailRequests.id))
      .limit(EMAIL_REQUEST_BATCH);
    let failure: unknown = null;
    for (const request of due) {
      try {
        await serveEmailRequest(ctx, request);
        served += 1;
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure;
    if (due.length < EMAIL_REQUEST_BATCH) return served;
  }
}
