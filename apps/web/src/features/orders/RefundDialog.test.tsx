import type { OrderRow, OrdersReply, StaffCapability } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../shell/session';
import {
  jsonResponse,
  renderWithQueryClient,
  signInAdminInStorage,
  signInPlayerInStorage,
} from '../../test/render';
import SalesDashboardPage from './SalesDashboardPage';

const PAID = 'TRMH3K2Q000000000000000000000001';
const OWED = 'TRMH3K2Q000000000000000000000002';
const ENDED = 'TRMH3K2Q000000000000000000000003';
const PART = 'TRMH3K2Q000000000000000000000004';

const row = (txnid: string, overrides: Partial<OrderRow>): OrderRow => ({
  id: `id-${txnid}`,
  transactionDate: '2026-11-20T03:00:00.000Z',
  txnid,
  customer_id: '3f2a9c1b-7d4e-4b6a-9c8d-1e2f3a4b5c6d',
  product_id: 'tr-wings',
  merchant: 'Tales Runner',
  price: '299.00',
  currency: 'PHP',
  txnstatus: 'SUCCESSFUL',
  refund_due: false,
  refunded_amount: null,
  ...overrides,
});

const ORDERS: OrdersReply = {
  orders: [
    row(PAID, {}),
    row(OWED, { txnstatus: 'FAILED', refund_due: true }),
    row(ENDED, { txnstatus: 'REFUNDED', refunded_amount: '299.00' }),
    row(PART, { refunded_amount: '100.00' }),
  ],
  truncated: false,
  totals: { orders: 3, revenue: [] },
  paging: { current_page: 1, last_page: 1, per_page: 10, total: 3, next: null, prev: null },
};

type Call = { url: string; body: unknown; auth: string | null };

/** The dashboard's calls: the access of the staff member, the orders and the refund (answered by `refund`). */
function serve(
  capabilities: StaffCapability[],
  refund: () => Response = () => jsonResponse({ message: `Order ${PAID} was refunded.` }),
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const auth = new Headers(init.headers).get('authorization');
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined, auth });
      if (url === '/api/admin/access') return jsonResponse({ role: 'finance', capabilities });
      if (url === '/api/getorders') return jsonResponse(ORDERS);
      return refund();
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const SLOW = { timeout: 20_000 };
const refundButton = (txnid: string) => screen.queryByRole('button', { name: `Refund order ${txnid}` });

describe('refunds on the sales dashboard', SLOW, () => {
  it('offers Refund on paid and refund-due orders to staff who may refund, and refunds with the reason', async () => {
    signInPlayerInStorage('admin');
    signInAdminInStorage();
    const calls = serve(['sales.read', 'sales.refund']);
    renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage />
      </SessionProvider>,
    );
    await vi.waitFor(() => expect(refundButton(PAID)).toBeInTheDocument());
    expect(refundButton(OWED)).toBeInTheDocument();
    expect(refundButton(ENDED)).toBeNull();
    expect(within(screen.getByTestId(`order-${ENDED}`)).getByText('REFUNDED')).toBeInTheDocument();
    expect(
      within(screen.getByTestId(`order-${PART}`)).getByText('Partly refunded: PHP 100.00'),
    ).toBeInTheDocument();
    expect(refundButton(PART)).toBeInTheDocument();

    fireEvent.click(refundButton(PAID)!);
    const dialog = await screen.findByRole('dialog', { name: 'Refund this order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(/Give the reason for the refund/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Bought twice' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await screen.findByText(`Order ${PAID} was refunded.`)).toBeInTheDocument();
    const refund = calls.find((c) => c.url === `/api/admin/orders/${PAID}/refund`)!;
    expect(refund.body).toEqual({ reason: 'Bought twice' });
    expect(refund.auth).toBe('Bearer admin-token');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The orders are fetched again, to show the new state.
    await vi.waitFor(() => expect(calls.filter((c) => c.url === '/api/getorders').length).toBeGreaterThan(1));
  });

  it("shows the server's refusal in the dialog", async () => {
    signInPlayerInStorage('admin');
    signInAdminInStorage();
    serve(['sales.read', 'sales.refund'], () =>
      jsonResponse(
        { message: 'This order cannot be refunded: only paid orders not yet refunded can be.' },
        409,
      ),
    );
    renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage />
      </SessionProvider>,
    );
    await vi.waitFor(() => expect(refundButton(PAID)).toBeInTheDocument());
    fireEvent.click(refundButton(PAID)!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Bought twice' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This order cannot be refunded');
  });

  it('opens the Refund due queue', async () => {
    signInPlayerInStorage('admin');
    signInAdminInStorage();
    const calls = serve(['sales.read', 'sales.refund']);
    renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage />
      </SessionProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Refund due queue' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/getorders').at(-1)?.body).toMatchObject({
        status: 'Refund due',
      }),
    );
  });

  it('shows no refund action to staff without sales.refund, nor to players whose role is admin', async () => {
    signInPlayerInStorage('admin');
    signInAdminInStorage();
    const calls = serve(['sales.read']);
    const view = renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage />
      </SessionProvider>,
    );
    await screen.findByTestId(`order-${PAID}`);
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/admin/access')).toBe(true));
    expect(refundButton(PAID)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund due queue' })).toBeNull();
    view.unmount();

    localStorage.clear();
    signInPlayerInStorage('admin');
    serve(['sales.read', 'sales.refund']);
    renderWithQueryClient(
      <SessionProvider>
        <SalesDashboardPage />
      </SessionProvider>,
    );
    await screen.findByTestId(`order-${PAID}`);
    expect(refundButton(PAID)).toBeNull();
  });
});
