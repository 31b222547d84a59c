import type { accountDeleteReplySchema } from '@portal/contract';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { followDownloadLink } from '../../lib/download';

type DeleteReply = z.infer<typeof accountDeleteReplySchema>;

/**
 * "Download my data": the export needs the bearer token, so it is fetched here and handed to the browser as
 * a file (a few kilobytes of JSON; no signed link needed).
 */
export async function downloadMyData(): Promise<void> {
  const data = await api.get<{ exported_at: string }>('/api/account/export');
  const file = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const href = URL.createObjectURL(file);
  try {
    followDownloadLink(href, `my-account-data-${data.exported_at.slice(0, 10)}.json`);
  } finally {
    // The click has started the download; the object URL is not needed after this turn.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}

/** "Delete my account": the password, or the typed email for accounts without one; the code with two-step on. */
export const requestAccountDeletion = (proof: { password?: string; email?: string; code?: string }) =>
  api.post<DeleteReply>('/api/account/delete', proof);
