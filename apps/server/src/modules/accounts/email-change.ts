import { ACCOUNT_MESSAGES } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema/index';
import { voidAccountTokens } from '../../lib/account-tokens';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext, TxContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { revokeAllSessions } from '../../lib/sessions';
import { hashToken, randomToken, signPayload, verifyPayload } from '../../lib/tokens';
import { recordSecurityEvent } from '../security';
import { uniqueViolation } from './account-rules';
import { sendEmailChangedEmail } from './emails';

/** How long the old address can undo an email change. */
const CANCEL_WINDOW_MS = 24 * 3_600_000;

/** What a cancel link carries, signed: the account, and the change it undoes (and a nonce, `n`). */
const cancelSchema = z.object({ u: z.uuid(), from: z.string(), to: z.string() });

/** A key only cancel links are signed with, so no other signed value of the app passes as one. */
const cancelKey = (ctx: ServiceContext) => `${ctx.config.SECRET_KEY}:email-change-cancel`;

/**
 * After a confirmed email change: tells the old address, with a link that undoes the change within 24 hours.
 * The link is signed, and its SHA-256 kept on the account (a later change replaces it): it works only while
 * the account still has the new address, and only once.
 */
export async function noticeEmailChanged(
  tx: TxContext,
  user: { id: string; name: string; email: string },
  newEmail: string,
) {
  const expires = new Date(tx.clock.now().getTime() + CANCEL_WINDOW_MS);
  // A nonce makes each change's link its own, even for the same addresses within the same instant.
  const payload = { u: user.id, from: user.email, to: newEmail, n: randomToken() };
  const token = signPayload(cancelKey(tx), payload, expires);
  await tx.db
    .update(users)
    .set({ emailUndoHash: hashToken(token) })
    .where(eq(users.id, user.id));
  await sendEmailChangedEmail(tx, user, newEmail, token);
}

/**
 * POST /api/email-change/cancel: gives the account its previous address back (confirmed: the link came
 * to it), voids its pending links (another email change, a reset sent to the new address) and ends every
 * session. 400 for a bad, expired or spent link, 409 when
 * another account has taken the previous address meanwhile.
 */
export async function cancelEmailChange(
  ctx: ServiceContext,
  token: string,
  client: ClientInfo,
): Promise<{ message: string }> {
  const parsed = cancelSchema.safeParse(verifyPayload(cancelKey(ctx), token, ctx.clock.now()));
  if (!parsed.success) throw new AppError('LINK_INVALID', ACCOUNT_MESSAGES.emailChangeCancelInvalid);
  const { u: userId, from, to } = parsed.data;
  const now = ctx.clock.now();
  try {
    await ctx.transaction(async (tx) => {
      const [restored] = await tx.db
        .update(users)
        .set({ email: from, emailVerifiedAt: now, emailUndoHash: null, updatedAt: now })
        .where(
          and(
            eq(users.id, userId),
            eq(sql`lower(${users.email})`, to.toLowerCase()),
            eq(users.emailUndoHash, hashToken(token)),
          ),
        )
        .returning({ id: users.id });
      if (!restored) throw new AppError('LINK_INVALID', ACCOUNT_MESSAGES.emailChangeCancelInvalid);
      await voidAccountTokens(tx, userId);
    });
  } catch (error) {
    if (uniqueViolation(error)) throw new AppError('EMAIL_TAKEN', ACCOUNT_MESSAGES.emailTaken);
    throw error;
  }
  await revokeAllSessions(ctx, { userId });
  await recordSecurityEvent(ctx, {
    userId,
    ...client,
    kind: 'email_change_cancelled',
    detail: to,
    at: now,
  });
  return { message: ACCOUNT_MESSAGES.emailChangeCancelled };
}
