import { type AlertOwner, secureAccountUrl } from '../account-tokens';
import type { ServiceContext } from '../context';
import { renderEmail } from './layout';

const NOT_YOU =
  'If you did not make this change, change your password at once and contact support: someone else may be using your account.';

/**
 * Tells an account's address that how it signs in changed (two-step, recovery codes, passkeys), with the
 * "Not you? Secure my account" link; through the outbox, so it is retried and commits with the change.
 */
export async function sendAccountChangeNotice(
  ctx: ServiceContext,
  to: { email: string; name: string },
  owner: AlertOwner,
  notice: { subject: string; kind: string; paragraphs: string[] },
) {
  const body = renderEmail({
    greeting: `Hi ${to.name},`,
    paragraphs: notice.paragraphs,
    footnote: NOT_YOU,
    secureAccountUrl: await secureAccountUrl(ctx, owner, to.email),
  });
  await ctx.mailer.enqueue({ to: to.email, subject: notice.subject, kind: notice.kind, ...body });
}
