import { type AccountDeleteRequest, privacyEndpoints } from '@portal/contract';
import { call } from '../../lib/api';
import { followDownloadLink } from '../../lib/download';

/**
 * "Download my data": the export needs the bearer token, so it is fetched here and handed to the browser as
 * a file (a few kilobytes of JSON; no signed link needed).
 */
export async function downloadMyData(): Promise<void> {
  const data = await call(privacyEndpoints.export);
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
export const requestAccountDeletion = (proof: AccountDeleteRequest) =>
  call(privacyEndpoints.delete, { body: proof });
