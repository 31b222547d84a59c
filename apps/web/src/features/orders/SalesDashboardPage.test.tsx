import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueryClient, signInPlayerInStorage } from '../../test/render';
import SalesDashboardPage from './SalesDashboardPage';

const SIGNED = '/api/exportordersdownload?status=FAILED&datestart=&dateend=&signature=abc.def';

/** Answers the orders list, and the export link route with `link`. */
function serve(link: () => Response) {
  const links: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/getorders') return jsonResponse({ orders: [], truncated: false });
      links.push(JSON.parse(String(init.body)));
      return link();
    }),
  );
  return links;
}

function followed() {
  const hrefs: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    hrefs.push(this.getAttribute('href') ?? '');
  });
  return hrefs;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SalesDashboardPage export', () => {
  it('asks for a signed link with the chosen filter and lets the browser follow it', async () => {
    signInPlayerInStorage('admin');
    const links = serve(() => jsonResponse({ url: SIGNED }));
    const hrefs = followed();
    renderWithQueryClient(<SalesDashboardPage />);
    await screen.findByText('No orders found.');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'FAILED' }));

    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await vi.waitFor(() => expect(hrefs).toEqual([new URL(SIGNED, window.location.origin).href]));
    expect(links).toEqual([{ datestart: '', dateend: '', status: 'FAILED' }]);
  });

  it('shows why no link was given, and follows nothing', async () => {
    signInPlayerInStorage();
    serve(() => jsonResponse({ message: 'The sales dashboard is for admins only.' }, 403));
    const hrefs = followed();
    renderWithQueryClient(<SalesDashboardPage />);
    await screen.findByText('No orders found.');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('The sales dashboard is for admins only.')).toBeInTheDocument();
    expect(hrefs).toEqual([]);
  });

  it('asks for both dates before making a link', async () => {
    const links = serve(() => jsonResponse({ url: SIGNED }));
    renderWithQueryClient(<SalesDashboardPage />);
    await screen.findByText('No orders found.');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText("Please select both 'From' and 'To' dates.")).toBeInTheDocument();
    expect(links).toEqual([]);
  });
});
