import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderWithQueryClient } from '../../test/render';
import MyOrdersPage from './MyOrdersPage';

afterEach(() => vi.unstubAllGlobals());

const order = (txnid: string, overrides = {}) => ({
  txnid,
  created_at: '2026-11-20T03:00:00.000Z',
  shop: 'talesrunner',
  items: [{ sku: 'tr-coins', name: '1,000 TR Coins', quantity: 2, unit_price: '49.50' }],
  amount: '99.00',
  currency: 'PHP',
  status: 'SUCCESSFUL',
  refund_due: false,
  ...overrides,
});

/** fetch answering /api/orders/mine with `pages` in turn (keyed by the `before` they follow). */
function stubOrders(answer: (url: string) => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return answer(url);
    }),
  );
  return calls;
}

const renderPage = () =>
  renderWithQueryClient(
    <MemoryRouter>
      <MyOrdersPage />
    </MemoryRouter>,
  );

describe('MyOrdersPage', () => {
  it('shows refunded and charged-back orders as such', async () => {
    stubOrders(() =>
      json({
        orders: [order('TR1', { status: 'REFUNDED' }), order('TR2', { status: 'CHARGEBACK' })],
        next: null,
      }),
    );
    renderPage();
    const rows = await screen.findAllByTestId('order-row');
    expect(within(rows[0]!).getByText('Refunded')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Charged back')).toBeInTheDocument();
  });

  it("says where the items of each paid order are, in its game's name", async () => {
    stubOrders(() =>
      json({
        orders: [
          order('YG1', { shop: 'yggdra', delivery: 'pending' }),
          order('YG2', { shop: 'yggdra', delivery: 'delivered' }),
          order('TR3', { delivery: 'delivered' }),
          order('TR4', { status: 'REFUNDED', delivery: 'revoked' }),
          order('TR5', { status: 'FAILED', delivery: null }),
        ],
        next: null,
      }),
    );
    renderPage();
    const rows = await screen.findAllByTestId('order-row');
    const delivery = (row: HTMLElement) => within(row).queryByTestId('order-delivery')?.textContent ?? null;
    expect(rows.map(delivery)).toEqual([
      'On its way to Yggdra',
      'Delivered to Yggdra',
      'Delivered to Tales Runner',
      'Taken back after the refund',
      null,
    ]);
  });

  it('lists the orders with date, items, amount and status, and pages on', async () => {
    const calls = stubOrders((url) =>
      url.includes('before=TR1')
        ? json({ orders: [order('TR2', { status: 'FAILED', refund_due: true, shop: 'yggdra' })], next: null })
        : json({ orders: [order('TR1')], next: 'TR1' }),
    );
    renderPage();
    const rows = await screen.findAllByTestId('order-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Nov 20, 2026');
    expect(rows[0]).toHaveTextContent('Tales Runner');
    expect(rows[0]).toHaveTextContent('1,000 TR Coins × 2');
    expect(rows[0]).toHaveTextContent('PHP 99.00');
    expect(within(rows[0]!).getByText('Paid')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Show older orders' }));
    expect(await screen.findByText('Refund due')).toBeInTheDocument();
    expect(screen.getAllByTestId('order-row')[1]).toHaveTextContent('Failed');
    expect(screen.queryByRole('button', { name: 'Show older orders' })).toBeNull();
    expect(calls).toEqual(['/api/orders/mine', '/api/orders/mine?before=TR1']);
  });

  it('says "No orders yet" with links to both shops', async () => {
    stubOrders(() => json({ orders: [], next: null }));
    renderPage();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Yggdra Webshop' })).toHaveAttribute('href', '/webshop');
    expect(screen.getByRole('link', { name: 'Tales Runner Webshop' })).toHaveAttribute('href', '/TRWebshop');
  });

  it("shows the server's message and Try again when the orders cannot be loaded", async () => {
    let fail = true;
    stubOrders(() =>
      fail ? json({ message: 'Something went wrong.' }, 500) : json({ orders: [], next: null }),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it('shows a spinner while loading', () => {
    stubOrders(() => json({ orders: [], next: null }));
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading your orders' })).toBeInTheDocument();
  });
});
