import { adminUsersEndpoints, MESSAGES, paginatedSchema } from '@portal/contract';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, renderWithQueryClient } from '../../test/render';
import { AdminTable } from './AdminTable';

/** The users list endpoint with the rows these tests serve: the table is under test, not the users' schema. */
const rowSchema = z.object({ id: z.string(), name: z.string() });
type Row = z.infer<typeof rowSchema>;
const list = { ...adminUsersEndpoints.list, reply: paginatedSchema(rowSchema) };
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

function renderTable({ withExport = false } = {}) {
  renderWithQueryClient(
    <AdminTable<Row>
      title="Caliber Users"
      list={list}
      exportLink={withExport ? adminUsersEndpoints.exportLink : undefined}
      params={{ game: 'caliber' }}
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

  it('names the spinner it shows while the next page loads, for a screen reader', async () => {
    let answerNext = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('after=')
          ? new Promise<Response>((resolve) => {
              answerNext = () => resolve(jsonResponse(page({ current_page: 2, last_page: 2 })));
            })
          : jsonResponse(page({ last_page: 2, next_page_url: '/next?after=x' })),
      ),
    );
    renderTable();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    answerNext();
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
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
    renderTable({ withExport: true });
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
    renderTable({ withExport: true });
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

// Several renders of MUI tables and menus each: more than the default 5 s on a busy machine.
describe('AdminTable columns', { timeout: 20_000 }, () => {
  const playerSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), level: z.number() });
  type Player = z.infer<typeof playerSchema>;
  const playersList = { ...adminUsersEndpoints.list, reply: paginatedSchema(playerSchema) };
  const players = [{ id: '1', name: 'Ana Reyes', email: 'ana@example.com', level: 3 }];
  const columns = [
    { header: 'Name', cell: (r: Player) => r.name },
    { header: 'Email', cell: (r: Player) => r.email },
    { header: 'Level', cell: (r: Player) => `lvl ${r.level}` },
  ];

  /** Renders a three-column table for the admin `adminId`, waiting for its rows. */
  async function renderPlayers(adminId: string, title = 'Caliber Users') {
    localStorage.setItem('admin', JSON.stringify({ id: adminId, name: 'Staff' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(page({ data: players }))),
    );
    const view = renderWithQueryClient(
      <AdminTable<Player>
        title={title}
        list={playersList}
        params={{ game: 'caliber' }}
        columns={columns}
        rowKey={(r) => r.id}
      />,
    );
    await screen.findByRole('cell', { name: 'Ana Reyes' });
    return view;
  }
  // The open menu hides the page behind it from assistive technology: the table is looked up regardless.
  const headers = () => screen.getAllByRole('columnheader', { hidden: true }).map((cell) => cell.textContent);
  const openChooser = () => fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
  const item = (name: string) => screen.getByRole('menuitemcheckbox', { name });

  it('shows every column by default, all checked in the Columns menu', async () => {
    await renderPlayers('a1');
    expect(headers()).toEqual(['Name', 'Email', 'Level']);
    openChooser();
    expect(screen.getByRole('menu', { name: 'Caliber Users columns' })).toBeInTheDocument();
    for (const header of ['Name', 'Email', 'Level'])
      expect(item(header)).toHaveAttribute('aria-checked', 'true');
  });

  it("keeps a hidden column per admin and per table, and 'Reset columns' shows it again", async () => {
    const first = await renderPlayers('a1');
    openChooser();
    fireEvent.click(item('Email'));
    expect(item('Email')).toHaveAttribute('aria-checked', 'false');
    expect(headers()).toEqual(['Name', 'Level']);
    expect(screen.queryByRole('cell', { name: 'ana@example.com', hidden: true })).toBeNull();
    expect(JSON.parse(localStorage.getItem('adminTableColumns:a1:caliber-users') ?? '[]')).toEqual(['Email']);
    first.unmount();

    // The same admin later: still hidden. Another admin, or another table: every column.
    const again = await renderPlayers('a1');
    expect(headers()).toEqual(['Name', 'Level']);
    again.unmount();
    const other = await renderPlayers('a2');
    expect(headers()).toEqual(['Name', 'Email', 'Level']);
    other.unmount();
    const otherTable = await renderPlayers('a1', 'Yggdra Users');
    expect(headers()).toEqual(['Name', 'Email', 'Level']);
    otherTable.unmount();

    await renderPlayers('a1');
    openChooser();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Reset columns' }));
    expect(headers()).toEqual(['Name', 'Email', 'Level']);
    expect(item('Email')).toHaveAttribute('aria-checked', 'true');
    expect(localStorage.getItem('adminTableColumns:a1:caliber-users')).toBeNull();
  });

  it('always keeps one column: the last one cannot be unchecked, and a stored choice hiding all shows all', async () => {
    const view = await renderPlayers('a1');
    openChooser();
    fireEvent.click(item('Email'));
    fireEvent.click(item('Name'));
    expect(headers()).toEqual(['Level']);
    expect(item('Level')).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(item('Level'));
    expect(headers()).toEqual(['Level']);
    fireEvent.click(item('Name'));
    expect(headers()).toEqual(['Name', 'Level']);
    expect(item('Level')).not.toHaveAttribute('aria-disabled');
    view.unmount();

    localStorage.setItem('adminTableColumns:a1:caliber-users', JSON.stringify(['Name', 'Email', 'Level']));
    await renderPlayers('a1');
    expect(headers()).toEqual(['Name', 'Email', 'Level']);
  });

  it('is used from the keyboard: Enter opens the menu, arrows move, Space toggles, Escape closes', async () => {
    await renderPlayers('a1');
    const u = userEvent.setup();
    screen.getByRole('button', { name: 'Columns' }).focus();
    await u.keyboard('{Enter}');
    await vi.waitFor(() => expect(item('Name')).toHaveFocus());
    await u.keyboard('{ArrowDown}');
    expect(item('Email')).toHaveFocus();
    await u.keyboard(' ');
    expect(headers()).toEqual(['Name', 'Level']);
    await u.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('button', { name: 'Columns' })).toHaveFocus();
  });

  it('keeps the first column in view with its whole text on hover when cut, and cues columns hidden to the side', async () => {
    await renderPlayers('a1');
    // A name the ellipsis cuts shows whole on hover and on focus; one that fits gets no tooltip.
    const name = screen.getByText('Ana Reyes');
    fireEvent.mouseEnter(name);
    expect(name).not.toHaveAttribute('data-cut');
    expect(name).not.toHaveAttribute('tabindex');
    Object.defineProperties(name, {
      clientWidth: { configurable: true, value: 80 },
      scrollWidth: { configurable: true, value: 120 },
    });
    fireEvent.mouseEnter(name);
    await vi.waitFor(() => expect(name).toHaveAttribute('data-cut', 'true'));
    // Plain text: a tab stop of its own, so the keyboard reaches the whole value too.
    expect(name).toHaveAttribute('tabindex', '0');
    fireEvent.focus(name);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Ana Reyes');
    expect(screen.getByRole('cell', { name: 'Ana Reyes' })).toHaveStyle({ position: 'sticky' });
    expect(screen.queryByTestId('scroll-cue-right')).toBeNull();

    // jsdom lays nothing out: give the scroller a table twice its width, as a narrow screen would.
    const scroller = screen.getByTestId('table-scroller');
    Object.defineProperties(scroller, {
      clientWidth: { configurable: true, value: 500 },
      scrollWidth: { configurable: true, value: 1000 },
    });
    fireEvent.scroll(scroller);
    expect(await screen.findByTestId('scroll-cue-right')).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Caliber Users, scrolls sideways' });
    expect(region).toHaveAttribute('tabindex', '0');

    scroller.scrollLeft = 500;
    fireEvent.scroll(scroller);
    await vi.waitFor(() => expect(screen.queryByTestId('scroll-cue-right')).toBeNull());
    expect(screen.getByRole('region', { name: 'Caliber Users, scrolls sideways' })).toBe(region);

    scroller.scrollLeft = 0;
    Object.defineProperty(scroller, 'scrollWidth', { configurable: true, value: 500 });
    fireEvent.scroll(scroller);
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: /scrolls sideways/ })).toBeNull());
    expect(scroller).not.toHaveAttribute('tabindex');
  });
});
