import type { Endpoint, EndpointInput } from '@portal/contract';
import type { z } from 'zod';
import { call, type RequestOptions } from './api';

/** An export's link endpoint: it answers a signed link to the file. */
export type ExportLinkEndpoint = Endpoint & { reply: z.ZodType<{ url: string }> };

/**
 * Downloads an export: asks `linkEndpoint` (with the bearer token; its path parameters and the filter as its body) for a signed link to the file, valid two
 * minutes, then lets the browser follow it. The server streams the file straight to disk, so nothing of it
 * is held in this page's memory (decision 0015). Only a link to this site is followed.
 */
export async function downloadExport<E extends ExportLinkEndpoint>(
  linkEndpoint: E,
  input: EndpointInput<E>,
  options?: RequestOptions,
): Promise<void> {
  const { url } = await call<ExportLinkEndpoint>(linkEndpoint, input, options);
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
