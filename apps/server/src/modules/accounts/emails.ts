import { GAME_LABELS } from '@portal/contract';
import type { Database } from '../../db/client';
import type { ServiceContext } from '../../lib/context';
import { renderEmail } from '../../lib/mail/layout';

type Game = keyof typeof GAME_LABELS;

/** The accounts module's emails; all go through the outbox (retried delivery) with the product's look. */
export async function sendVerificationEmail(
  ctx: ServiceContext,
  to: { email: string; name: string },
  token: string,
  game: Game,
  tx?: Database,
) {
  const url = `${ctx.config.PUBLIC_URL}/verifyemail/${token}/${game}`;
  const body = renderEmail({
    greeting: `Hi ${to.name},`,
    paragraphs: [
      `Thanks for registering for ${GAME_LABELS[game]}. Please confirm your email address to activate your account.`,
      'The link works once and expires in 24 hours.',
    ],
    action: { label: 'Verify email address', url },
    footnote: 'If you did not create this account, you can ignore this email.',
  });
  await ctx.mailer.enqueue(
    { to: to.email, subject: 'Verify your email address', kind: 'verify-email', ...body },
    tx,
  );
}

export async function sendEmailChangeEmail(
  ctx: ServiceContext,
  to: { email: string; name: string },
  token: string,
  game: Game,
) {
  const url = `${ctx.config.PUBLIC_URL}/verifyemail/${token}/${game}`;
  const body = renderEmail({
    greeting: `Hi ${to.name},`,
    paragraphs: [
      'You asked to use this address for your games portal account. Please confirm it.',
      'Until you confirm, your account keeps its current email address. The link works once and expires in 24 hours.',
    ],
    action: { label: 'Confirm new email address', url },
    footnote: 'If you did not ask for this, you can ignore this email; nothing changes.',
  });
  await ctx.mailer.enqueue({
    to: to.email,
    subject: 'Confirm your new email address',
    kind: 'change-email',
    ...body,
  });
}

export async function sendPasswordResetEmail(
  ctx: ServiceContext,
  to: { email: string; name: string },
  token: string,
  game: Game,
  tx?: Database,
) {
  const url = `${ctx.config.PUBLIC_URL}/reset-password/${token}/${game}`;
  const body = renderEmail({
    greeting: `Hi ${to.name},`,
    paragraphs: [
      'We received a request to reset the password of your games portal account.',
      'The link works once and expires in 60 minutes. Setting a new password signs you out everywhere.',
    ],
    action: { label: 'Reset password', url },
    footnote:
      'If you did not ask for a password reset, you can ignore this email; your password stays the same.',
  });
  await ctx.mailer.enqueue(
    { to: to.email, subject: 'Reset your password', kind: 'reset-password', ...body },
    tx,
  );
}

export async function sendGameRegisteredEmail(
  ctx: ServiceContext,
  to: { email: string; name: string },
  game: Game,
) {
  const body = renderEmail({
    greeting: `Hi ${to.name},`,
    paragraphs: [
      `Your account is now registered for ${GAME_LABELS[game]}. Sign in to the game with your portal email and password.`,
    ],
    action: { label: 'Open your profile', url: `${ctx.config.PUBLIC_URL}/profile` },
    footnote: 'If you did not register for this game, please contact customer support.',
  });
  await ctx.mailer.enqueue({
    to: to.email,
    subject: `You are registered for ${GAME_LABELS[game]}`,
    kind: 'game-registered',
    ...body,
  });
}
