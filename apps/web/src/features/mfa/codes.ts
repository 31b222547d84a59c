import { followDownloadLink } from '../../lib/download';

/** The text of the recovery-codes file (and of Copy): what they are, then one code a line. */
export function recoveryCodesText(codes: string[], site: string): string {
  return [
    `Recovery codes for two-step verification at ${site}`,
    'Each code signs you in once in place of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Saves `text` as a file in the browser's downloads. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  followDownloadLink(url, fileName);
  // The download has started from the click; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url));
}
