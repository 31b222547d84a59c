import { ApiError } from '../../lib/api';
import { storage } from '../../lib/storage';

/**
 * Exports need the admin token, so the file is fetched with the bearer header and saved from a blob
 * (a plain link would carry no token). The server streams it; the file name comes from its header.
 */
export async function downloadWithAdminToken(path: string, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Authorization: `Bearer ${storage.getAdminToken() ?? ''}` } });
  } catch {
    throw new ApiError(0, { message: 'Network error. Please check your connection.' });
  }
  if (!response.ok)
    throw new ApiError(response.status, { message: `The export failed (${response.status}).` });
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
