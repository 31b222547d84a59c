import { GAME_LABELS, PAGE_PATHS, pageHref } from '@portal/contract';
import { type AlertOwner, secureAccountUrl } from '../../lib/account-tokens';
import type { ServiceContext } from '../../lib/context';
import { renderEmail } from '../../lib/mail/layout';

type Game = keyof typeof GAME_LABELS;

/** The accounts module's emails; all go through the outbox (retried delivery) with the product's look. */
export async function sendVerificationEmail(
  ctx: ServiceContext,
  to: { email: string; name: string },
  token: string,
  game: Game,
) {
  const url = `${ctx.config.PUBLIC_URL}${pageHref(PAGE_PATHS.verifyEmail, { uuid: token, game })}`;
  const body = renderEmail({
    greeting: `Hi ${to.name},`,
    paragraphs: [
      `Thanks for registering for ${GAME_LABELS[game]}. Please confirm your email address to activate your account.`,
      'The link works once and expires in 24 hours.',
    ],
    action: { label: 'Verify email address', url },
    footnote: 'If you did not create this account, you can ignore this email.',
  });
  await ctx.mailer.enqueue({
    to: to.email,
    subject: 'Verify your email address',
    kind: 'verify-email',
    ...body,
  });
}

export async function sendEmailChangeEmail(
  ctx: ServiceContext,
  to: { email: string; name: string },
  token: string,
  game: Game,
) {
  const url = `${ctx.config.PUBLIC_URL}${pageHref(PAGE_PATHS.verifyEmail, { uuid: token, game })}`;
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
) {
  const url = `${ctx.config.PUBLIC_URL}${pageHref(PAGE_PATHS.resetPassword, { token, game })}`;
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
  await ctx.mailer.enqueue({ to: to.email, subject: 'Reset your password', kind: 'reset-password', ...body });
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
    action: { label: 'Open your profile', url: `${ctx.config.PUBLIC_URL}${PAGE_PATHS.profile}` },
    footnote: 'If you did not register for this game, please contact customer support.',
  });
  await ctx.mailer.enqueue({
    to: to.email,
    subject: `You are registered for ${GAME_LABELS[game]}`,
    kind: 'game-registered',
    ...body,
  });
}

const signInTime = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A sign-in from a browser or address without this account's device cookie (a player's or staff's). */
export async function sendNewDeviceEmail(
  ctx: ServiceContext,
  to: { email: string; name: string },
  device: { ip: string },
  owner: AlertOwner,
) {
  const body = renderEmail({
    greeting: `Hi ${to.name},`,
    paragraphs: [
      `Your games portal account was signed in to from a device we have not seen before, on ${signInTime(ctx.clock.now())} from the address ${device.ip}.`,
      'If this was you, there is nothing to do. If it was not, reset your password now: that signs you out everywhere.',
    ],
    action: { label: 'Reset your password', url: `${ctx.config.PUBLIC_URL}${PAGE_PATHS.forgotPassword}` },
    secureAccountUrl: await secureAccountUrl(ctx, owner, to.email),
  });
  await ctx.mailer.enqueue({
    to: to.email,
    subject: 'New sign-in to your account',
    kind: 'new-device-sign-in',
    ...body,
  });
}

/** To the old address once an email change is confirmed, with the link that undoes it. */
export async function sendEmailChangedEmail(
  ctx: ServiceContext,
  to: { id: string; email: string; name: string },
  newEmail: string,
  cancelToken: string,
) {
  const body = renderEmail({
    greeting: `Hi ${to.name},`,
    paragraphs: [
      `The email address of your games portal account was changed to ${newEmail}. This address no longer signs in.`,
      'If you did not make this change, cancel it within 24 hours: your account gets this address back and every session is signed out.',
    ],
    action: {
      label: 'Cancel the change',
      url: `${ctx.config.PUBLIC_URL}${pageHref(PAGE_PATHS.emailChangeCancel, { token: cancelToken })}`,
    },
    // No "Secure my account" here: this address no longer signs in, so its link would be refused (decision
    // 0068); "Cancel the change" gives the address back and signs out everywhere.
    footnote: 'If you made this change, you can ignore this email.',
  });
  await ctx.mailer.enqueue({
    to: to.email,
    subject: 'Your email address was changed',
    kind: 'email-changed',
    ...body,
  });
}

/** To the account's address after its password changed (reset link, or a first password set). */
export async function sendPasswordChangedEmail(
  ctx: ServiceContext,
  to: { id: string; email: string; name: string },
  /** More paragraphs: after a reset, the passkeys added lately that still sign in (decision 0038). */
  notes: string[] = [],
) {
  const body = renderEmail({
    greeting: `Hi ${to.name},`,
    paragraphs: [
      `The password of your games portal account was changed on ${signInTime(ctx.clock.now())}.`,
      'If you did not change it, reset your password now and contact customer support.',
      ...notes,
    ],
    action: { label: 'Reset your password', url: `${ctx.config.PUBLIC_URL}${PAGE_PATHS.forgotPassword}` },
    secureAccountUrl: await secureAccountUrl(ctx, { kind: 'player', id: to.id }, to.email),
  });
  await ctx.mailer.enqueue({
    to: to.email,
    subject: 'Your password was changed',
    kind: 'password-changed',
    ...body,
  });
}
