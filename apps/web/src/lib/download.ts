import { api, type RequestOptions } from './api';

/**
 * Downloads an export: asks `linkEndpoint` (with the bearer token) for a signed link to the file, valid two
 * minutes, then lets the browser follow it. The server streams the file straight to disk, so nothing of it
 * is held in this page's memory (decision 0015). Only a link to this site is followed.
 */
export async function downloadExport(
  linkEndpoint: string,
  filter: object,
  options?: RequestOptions,
): Promise<void> {
  const { url } = await api.post<{ url: string }>(linkEndpoint, filter, options);
  const target = new URL(url, window.location.origin);
  if (target.origin !== window.location.origin) throw new Error(`Not a download link of this site: ${url}`);
  followDownloadLink(target.href);
}

/**
 * Lets the browser save `href` as a download (named `fileName`, or as the server says). An anchor with
 * `download` keeps the page where it is even if the server answers an error instead.
 */
export function followDownloadLink(href: string, fileName = ''): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
