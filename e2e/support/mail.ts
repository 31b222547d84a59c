import type { CapturedMail } from '../../apps/server/test/smtp-capture';
import { E2E } from './ports';

/** Waits until the SMTP capture has a message for `to` matching `match`, and returns it. */
export async function waitForMail(
  to: string,
  match: (mail: CapturedMail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${E2E.mailReaderPort}/mail?to=${encodeURIComponent(to)}`);
    const messages = (await res.json()) as CapturedMail[];
    const found = messages.reverse().find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first link in a mail's text part that starts with `prefix` (a path such as '/verifyemail/'). */
export function linkFrom(mail: CapturedMail, prefix: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.startsWith(prefix));
  if (!link) throw new Error(`no ${prefix} link in mail "${mail.subject}"`);
  return link;
}
