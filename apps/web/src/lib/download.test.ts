import { adminUsersEndpoints, ordersEndpoints, referralsEndpoints } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { ApiError } from './api';
import { downloadExport } from './download';

interface Followed {
  href: string;
  download: string | null;
  hidden: HTMLElement['hidden'];
  inDocument: boolean;
}

let followed: Followed[];
let calls: { url: string; init: RequestInit }[];

function answerLink(reply: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return reply;
    }),
  );
}

beforeEach(() => {
  followed = [];
  calls = [];
  // jsdom does not navigate: record what the browser would have followed.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    followed.push({
      href: this.href,
      download: this.getAttribute('download'),
      hidden: this.hidden,
      inDocument: document.body.contains(this),
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('downloadExport', () => {
  it('asks for a signed link with the filter and the bearer token, then lets the browser follow it', async () => {
    localStorage.setItem('admin_token', 'admin-token');
    const url = '/api/users/paginate/caliber/export?search=ana&signature=abc.def';
    answerLink(jsonResponse({ url }));

    await downloadExport(
      adminUsersEndpoints.exportLink,
      { params: { game: 'caliber' }, body: { search: 'ana' } },
      { auth: 'admin' },
    );

    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/users/paginate/caliber/export/link');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe(JSON.stringify({ search: 'ana' }));
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer admin-token');
    // One navigation to the link, as a download: the file goes to disk, not into a Blob here.
    expect(followed).toEqual([
      { href: `${window.location.origin}${url}`, download: '', hidden: true, inDocument: true },
    ]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });

  it('follows no link to another site', async () => {
    answerLink(jsonResponse({ url: 'https://elsewhere.example/export.xlsx' }));
    await expect(downloadExport(ordersEndpoints.exportLink, { body: {} })).rejects.toThrow(
      /Not a download link/,
    );
    expect(followed).toEqual([]);
  });

  it('passes on the refusal of the link route and follows nothing', async () => {
    answerLink(jsonResponse({ message: 'This needs an admin account.' }, 403));
    const failure = downloadExport(referralsEndpoints.exportLink, { body: {} }, { auth: 'admin' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 403 });
    expect(followed).toEqual([]);
  });
});
