import type { OrderRow, OrdersReply } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../shell/session';
import {
  jsonResponse,
  renderWithQueryClient,
  signInAdminInStorage,
  signInPlayerInStorage,
  stubWindowWidth,
} from '../../test/render';
import SalesDashboardPage from './SalesDashboardPage';

const SIGNED = '/api/exportordersdownload?status=FAILED&datestart=&dateend=&signature=abc.def';

const EMPTY: OrdersReply = {
  orders: [],
  truncated: false,
  totals: { orders: 0, revenue: [] },
  paging: { current_page: 1, last_page: 1, per_page: 10, total: 0, next: null, prev: null },
};

/** Answers the orders list, and the export link route with `link`. */
function serve(link: () => Response) {
  const links: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/getorders') return jsonResponse(EMPTY);
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

// Several renders and menu clicks per test: on a busy shared machine they outlast the default 5 s.
const SLOW = { timeout: 20_000 };

describe('SalesDashboardPage export', SLOW, () => {
  it('asks for a signed link with the chosen filter and lets the browser follow it', async () => {
    signInPlayerInStorage('admin');
    const links = serve(() => jsonResponse({ url: SIGNED }));
    const hrefs = followed();
    renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage />
      </SessionProvider>,
    );
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
    renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage />
      </SessionProvider>,
    );
    await screen.findByText('No orders found.');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('The sales dashboard is for admins only.')).toBeInTheDocument();
    expect(hrefs).toEqual([]);
  });

  it('asks for both dates before making a link', async () => {
    const links = serve(() => jsonResponse({ url: SIGNED }));
    renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage />
      </SessionProvider>,
    );
    await screen.findByText('No orders found.');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText("Please select both 'From' and 'To' dates.")).toBeInTheDocument();
    expect(links).toEqual([]);
  });
});

const TXNID = 'YGMH3K2Q9A1B2C3D4E5F60718293A4B5';
const CUSTOMER = '3f2a9c1b-7d4e-4b6a-9c8d-1e2f3a4b5c6d';

const row = (n: number, overrides: Partial<OrderRow> = {}): OrderRow => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  transactionDate: '2026-11-20T03:00:00.000Z',
  txnid: n === 1 ? TXNID : `TRMH3K2Q${String(n).padStart(24, '0')}`,
  customer_id: CUSTOMER,
  product_id: 'ygg-rune-sword',
  merchant: 'Yggdra',
  price: '399.00',
  currency: 'PHP',
  txnstatus: 'SUCCESSFUL',
  refund_due: false,
  refunded_amount: null,
  ...overrides,
});

/** Three pages of 25 orders; answers each POST /api/getorders by the page it asks for, and records the bodies. */
function serveOrders() {
  const asked: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { page?: number; per_page?: number };
      asked.push(body);
      const page = body.page ?? 1;
      const count = page === 3 ? 5 : 10;
      return jsonResponse({
        orders: Array.from({ length: count }, (_, i) => row((page - 1) * 10 + i + 1)),
        truncated: true,
        totals: {
          orders: 25,
          revenue: [
            { currency: 'PHP', amount: '12345.50', orders: 20 },
            { currency: 'USD', amount: '99.00', orders: 1 },
          ],
        },
        paging: {
          current_page: page,
          last_page: 3,
          per_page: 10,
          total: 25,
          next: page < 3 ? { page: page + 1, after: `after-${page}` } : null,
          prev: page > 1 ? (page === 2 ? { page: 1 } : { page: page - 1, before: `before-${page}` }) : null,
        },
      } satisfies OrdersReply);
    }),
  );
  return asked;
}

const pageStatus = () => screen.getByTestId('sales-page-status');

describe('SalesDashboardPage orders', SLOW, () => {
  it('shows the totals of the filter and pages with Previous and Next', async () => {
    const asked = serveOrders();
    renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage />
      </SessionProvider>,
    );
    expect(await screen.findByTestId('sales-total-orders')).toHaveTextContent('25');
    expect(screen.getByTestId('sales-revenue')).toHaveTextContent('PHP 12,345.50USD 99.00');
    // The server's figure is net of refunds, and the label says so rather than "successful orders".
    expect(screen.getByTestId('sales-totals')).toHaveTextContent(
      'Net revenue (after refunds and chargebacks)PHP 12,345.50',
    );
    expect(pageStatus()).toHaveTextContent('Page 1 of 3 · Showing 1–10 of 25');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(asked[0]).toEqual({ datestart: '', dateend: '', status: 'All', per_page: 10, page: 1 });

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(pageStatus()).toHaveTextContent('Page 2 of 3 · Showing 11–20 of 25'));
    expect(asked.at(-1)).toEqual({
      datestart: '',
      dateend: '',
      status: 'All',
      per_page: 10,
      page: 2,
      after: 'after-1',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(pageStatus()).toHaveTextContent('Page 3 of 3 · Showing 21–25 of 25'));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(within(screen.getByRole('table', { name: 'Orders' })).getAllByRole('row')).toHaveLength(6);

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await vi.waitFor(() => expect(pageStatus()).toHaveTextContent('Page 2 of 3'));
    expect(asked.at(-1)).toMatchObject({ page: 2, before: 'before-3' });
  });

  it('starts again at page 1 with a new filter or page size', async () => {
    const asked = serveOrders();
    renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage />
      </SessionProvider>,
    );
    await screen.findByTestId('sales-page-status');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(pageStatus()).toHaveTextContent('Page 2 of 3'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'SUCCESSFUL' }));
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await vi.waitFor(() => expect(pageStatus()).toHaveTextContent('Page 1 of 3'));
    expect(asked.at(-1)).toEqual({ datestart: '', dateend: '', status: 'SUCCESSFUL', per_page: 10, page: 1 });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows per page' }));
    fireEvent.click(await screen.findByRole('option', { name: '50' }));
    await vi.waitFor(() => expect(asked.at(-1)).toMatchObject({ per_page: 50, page: 1 }));
  });

  it('shows IDs compact in monospace and copies the whole ID, saying "Copied"', async () => {
    serveOrders();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage />
      </SessionProvider>,
    );
    const first = await screen.findByTestId(`order-${TXNID}`);
    expect(within(first).getByText('YGMH…A4B5')).toHaveAttribute('title', TXNID);
    expect(within(first).getByText('3f2a…5c6d')).toHaveAttribute('title', CUSTOMER);
    expect(first).not.toHaveTextContent(TXNID);

    fireEvent.click(within(first).getByRole('button', { name: `Copy order ID ${TXNID}` }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(TXNID);
    fireEvent.click(within(first).getByRole('button', { name: `Copy customer ID ${CUSTOMER}` }));
    await vi.waitFor(() => expect(writeText).toHaveBeenLastCalledWith(CUSTOMER));
  });

  it('says so when the browser refuses to copy', async () => {
    serveOrders();
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage />
      </SessionProvider>,
    );
    const first = await screen.findByTestId(`order-${TXNID}`);
    fireEvent.click(within(first).getByRole('button', { name: `Copy order ID ${TXNID}` }));
    expect(await screen.findByText('Could not copy: the browser refused.')).toBeInTheDocument();
  });

  it('lists one card per order on a phone: date, price and status first, no table', async () => {
    serveOrders();
    stubWindowWidth(390);
    renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage />
      </SessionProvider>,
    );
    const card = await screen.findByTestId(`order-${TXNID}`);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Orders' }).children).toHaveLength(10);
    expect(card).toHaveTextContent(/^Nov 20, 2026PHP 399\.00SUCCESSFUL/);
    expect(within(card).getByRole('button', { name: `Copy order ID ${TXNID}` })).toBeInTheDocument();
    expect(card).toHaveTextContent('Product IDygg-rune-sword');
  });

  it('shows a spinner while the first page loads, and an empty filter plainly', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage />
      </SessionProvider>,
    );
    expect(await screen.findByRole('status', { name: 'Loading orders' })).toBeInTheDocument();
    answer(jsonResponse(EMPTY));
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(screen.getByTestId('sales-total-orders')).toHaveTextContent('0');
    expect(screen.getByTestId('sales-revenue')).toHaveTextContent('0.00');
    expect(pageStatus()).toHaveTextContent('Page 1 of 1 · Showing 0 of 0');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});

describe('SalesDashboardPage in the back-office', SLOW, () => {
  afterEach(() => localStorage.clear());

  /** Staff with `capabilities`; one disputed order refunded for fraud, and its fulfilment. */
  function serveBackOffice(capabilities: string[]) {
    const urls: string[] = [];
    signInAdminInStorage();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        if (url === '/api/admin/access') return jsonResponse({ role: 'finance', capabilities });
        if (url.endsWith('/fulfilment')) return jsonResponse({ entitlements: [], deliveries: [] });
        return jsonResponse({
          ...EMPTY,
          orders: [
            row(1, {
              txnstatus: 'REFUNDED',
              fraud: { code: 7, reason: 'Fraud reported by the payment system' },
              dispute: {
                status: 'lost',
                type: '1st_time_chargeback',
                reason: 'fraud',
                opened_at: '2026-11-21T03:00:00.000Z',
                updated_at: '2026-11-22T03:00:00.000Z',
              },
            }),
          ],
        });
      }),
    );
    return urls;
  }

  it("shows fraud and dispute on the row, and the order's notes and items under Details", async () => {
    const urls = serveBackOffice(['players.read', 'sales.read']);
    renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage audience="admin" />
      </SessionProvider>,
    );
    const order = await screen.findByTestId(`order-${TXNID}`);
    expect(within(order).getByText('Fraud')).toBeInTheDocument();
    expect(within(order).getByText('Disputed: lost')).toBeInTheDocument();
    fireEvent.click(await within(order).findByRole('button', { name: `Details of order ${TXNID}` }));
    const dialog = screen.getByRole('dialog', { name: `Order ${TXNID}` });
    expect(dialog).toHaveTextContent(
      'Refunded for fraud (Xsolla code 7): Fraud reported by the payment system.',
    );
    expect(dialog).toHaveTextContent(
      'The card holder disputes the payment: lost, 1st_time_chargeback, reason fraud.',
    );
    expect(await within(dialog).findByText('No webhook was sent for this order.')).toBeInTheDocument();
    expect(urls).toContain(`/api/admin/orders/${TXNID}/fulfilment`);
  });

  it('offers Export only to a role with sales.export', async () => {
    const urls = serveBackOffice(['players.read', 'sales.read']);
    const { unmount } = renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage audience="admin" />
      </SessionProvider>,
    );
    await screen.findByTestId(`order-${TXNID}`);
    await vi.waitFor(() => expect(urls).toContain('/api/admin/access'));
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    unmount();

    serveBackOffice(['players.read', 'sales.read', 'sales.export']);
    renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage audience="admin" />
      </SessionProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('offers no Details to players whose role is admin', async () => {
    serveBackOffice(['players.read', 'sales.read']);
    signInPlayerInStorage('admin');
    renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage />
      </SessionProvider>,
    );
    const order = await screen.findByTestId(`order-${TXNID}`);
    expect(within(order).queryByRole('button', { name: /Details/ })).toBeNull();
  });
});
