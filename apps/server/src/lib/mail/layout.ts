/** Escapes text for HTML, so nothing a user typed becomes markup in an email. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface EmailContent {
  /** Greeting line, e.g. "Hi Ana,". */
  greeting: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** An optional call to action. */
  action?: { label: string; url: string };
  /** A closing note in small print, e.g. why the email was sent. */
  footnote?: string;
  /**
   * A security alert's "Not you? Secure my account" link (decision 0049): signs out everywhere, then leads
   * to a new password. Shown after the action, in both parts.
   */
  secureAccountUrl?: string;
}

/** The words of the secure-account link in every alert. */
const SECURE_ACCOUNT_TEXT = { question: 'Not you?', label: 'Secure my account' } as const;

/** The product's email look: one layout for every email, with a matching plain-text part. */
export function renderEmail(content: EmailContent): { html: string; text: string } {
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(p)}</p>`)
    .join('');
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#5e72e4;color:#fff;padding:12px 24px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#67748e">If the button does not work, open this link: <br><a href="${escapeHtml(content.action.url)}" style="color:#5e72e4;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const secure = content.secureAccountUrl
    ? `<p style="margin:0 0 16px;line-height:1.6"><strong>${SECURE_ACCOUNT_TEXT.question}</strong> <a href="${escapeHtml(content.secureAccountUrl)}" style="color:#5e72e4;font-weight:600">${SECURE_ACCOUNT_TEXT.label}</a>: this signs you out everywhere, then lets you choose a new password.</p>`
    : '';
  const footnote = content.footnote
    ? `<p style="margin:24px 0 0;font-size:12px;color:#8392ab">${escapeHtml(content.footnote)}</p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f8f9fa;font-family:Helvetica,Arial,sans-serif;color:#344767">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:16px;padding:32px">
<tr><td><h1 style="margin:0 0 24px;font-size:20px;color:#5e72e4">Games Portal</h1>
<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(content.greeting)}</p>${paragraphs}${action}${secure}${footnote}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.secureAccountUrl
      ? [
          `${SECURE_ACCOUNT_TEXT.question} ${SECURE_ACCOUNT_TEXT.label} (signs you out everywhere, then lets you choose a new password): ${content.secureAccountUrl}`,
          '',
        ]
      : []),
    ...(content.footnote ? [content.footnote] : []),
  ].join('\n');
  return { html, text };
}
