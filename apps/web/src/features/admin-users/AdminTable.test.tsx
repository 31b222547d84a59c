import { MESSAGES } from '@portal/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueryClient } from '../../test/render';
import { AdminTable } from './AdminTable';

interface Row {
  id: string;
  name: string;
}
const page = (overrides: Record<string, unknown>) => ({
  data: [{ id: '1', name: 'Ana Reyes' }],
  current_page: 1,
  last_page: 1,
  per_page: 10,
  total: 1,
  total_is_estimate: false,
  next_page_url: null,
  prev_page_url: null,
  ...overrides,
});

function renderTable(exportLinkEndpoint?: string) {
  renderWithQueryClient(
    <AdminTable<Row>
      title="Caliber Users"
      endpoint="/api/users/paginate/caliber"
      exportLinkEndpoint={exportLinkEndpoint}
      columns={[{ header: 'Name', cell: (r) => r.name }]}
      rowKey={(r) => r.id}
    />,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AdminTable paging', () => {
  it('says "about" when the total is an estimate, and follows the Next link it was given', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        const body = url.includes('after=')
          ? page({ current_page: 2, last_page: 70_010, total_is_estimate: true, prev_page_url: '/p1' })
          : page({
              last_page: 70_010,
              total: 700_093,
              total_is_estimate: true,
              next_page_url: '/next?after=x',
            });
        return jsonResponse(body);
      }),
    );
    renderTable();
    expect(await screen.findByText('Page 1 of about 70,010')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of about 70,010')).toBeInTheDocument();
    expect(urls.at(-1)).toBe('/next?after=x');
  });

  it('shows an exact page count without "about"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(page({ last_page: 3 }))),
    );
    renderTable();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('refuses a reversed date range before asking the server', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return jsonResponse(page({}));
      }),
    );
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderTable();
    await screen.findByText('Page 1 of 1');
    fireEvent.change(screen.getByLabelText('Date From'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('Date To'), { target: { value: '2026-11-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(alert).toHaveBeenCalledWith(MESSAGES.dateOrder);
    expect(urls.some((u) => u.includes('fromDate'))).toBe(false);

    fireEvent.change(screen.getByLabelText('Date To'), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await vi.waitFor(() =>
      expect(urls.some((u) => u.includes('fromDate=2026-11-20&toDate=2026-11-20'))).toBe(true),
    );
    alert.mockRestore();
  });
});

describe('AdminTable export', () => {
  const LINK = '/api/users/paginate/caliber/export/link';
  const SIGNED = '/api/users/paginate/caliber/export?search=ana&signature=abc.def';

  /** Answers the table's pages, and the link route through `link` (which may wait or fail). */
  function serve(link: () => Promise<Response>) {
    const pages: string[] = [];
    const posts: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method !== 'POST') {
          pages.push(url);
          return jsonResponse(page({}));
        }
        posts.push({ url, body: JSON.parse(String(init.body)) });
        return link();
      }),
    );
    return { pages, posts };
  }
  const followed = () => {
    const hrefs: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      hrefs.push(this.getAttribute('href') ?? '');
    });
    return hrefs;
  };

  it('asks for a link to the filtered export, says Exporting... meanwhile, and follows the link', async () => {
    let answer: (reply: Response) => void = () => {};
    const { pages, posts } = serve(() => new Promise((resolve) => (answer = resolve)));
    const hrefs = followed();
    renderTable(LINK);
    await screen.findByText('Page 1 of 1');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ana' } });
    fireEvent.change(screen.getByLabelText('Date From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Date To'), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    // The debounced search is part of the filter once the table shows it.
    await vi.waitFor(() => expect(pages.at(-1)).toContain('search=ana&fromDate=2026-11-01'));

    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByRole('button', { name: 'Exporting...' })).toBeDisabled();
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: LINK,
      body: { search: 'ana', fromDate: '2026-11-01', toDate: '2026-11-20' },
    });
    answer(jsonResponse({ url: SIGNED }));
    expect(await screen.findByRole('button', { name: 'Export to Excel' })).toBeEnabled();
    expect(hrefs).toEqual([new URL(SIGNED, window.location.origin).href]);
  });

  it('shows the export error when no link is given, and follows nothing', async () => {
    serve(async () => jsonResponse({ message: 'Your admin session has ended. Please sign in again.' }, 401));
    const hrefs = followed();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderTable(LINK);
    await screen.findByText('Page 1 of 1');
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText('The export failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled();
    expect(hrefs).toEqual([]);
  });

  it('has no Export button without a link endpoint', async () => {
    serve(async () => jsonResponse({}));
    renderTable();
    await screen.findByText('Page 1 of 1');
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).toBeNull();
  });
});
