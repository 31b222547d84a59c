import type { OrderRow, OrdersReply } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signInAdminInStorage } from '../../test/render';
import AdminSalesPage from './AdminSalesPage';

const CUSTOMER = '3f2a9c1b-7d4e-4b6a-9c8d-1e2f3a4b5c6d';
const ORDER: OrderRow = {
  id: '00000000-0000-4000-8000-000000000001',
  transactionDate: '2026-11-20T03:00:00.000Z',
  txnid: 'YGMH3K2Q9A1B2C3D4E5F60718293A4B5',
  customer_id: CUSTOMER,
  customer_name: 'Ann Buyer',
  product_id: 'ygg-rune-sword',
  merchant: 'Yggdra',
  price: '399.00',
  currency: 'PHP',
  txnstatus: 'SUCCESSFUL',
  refund_due: false,
  refunded_amount: null,
};
const reply = (orders: OrderRow[]): OrdersReply => ({
  orders,
  truncated: false,
  totals: { orders: orders.length, revenue: [] },
  paging: { current_page: 1, last_page: 1, per_page: 10, total: orders.length, next: null, prev: null },
});

let bodies: Record<string, unknown>[];
beforeEach(() => {
  bodies = [];
  signInAdminInStorage();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/admin/access')
        return jsonResponse({ role: 'finance', capabilities: ['players.read', 'sales.read'] });
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      bodies.push(body);
      return jsonResponse(reply(body.search === 'nobody@example.test' ? [] : [ORDER]));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const show = () =>
  renderRoutes(
    [
      { path: '/mlg/admin/sales', element: <AdminSalesPage /> },
      { path: '/mlg/admin/users/:id', element: <p>Player page</p> },
    ],
    '/mlg/admin/sales',
  );

describe('AdminSalesPage', { timeout: 20_000 }, () => {
  it("searches by txnid or email, and the player's name opens the player detail", async () => {
    const router = show();
    const name = await screen.findAllByRole('link', { name: 'Ann Buyer' });
    fireEvent.change(screen.getByLabelText('Txnid or player email'), {
      target: { value: '  nobody@example.test ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ search: 'nobody@example.test' });
    expect(bodies[0]).not.toHaveProperty('search');

    fireEvent.change(screen.getByLabelText('Txnid or player email'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(bodies.at(-1)).not.toHaveProperty('search'));
    expect(name[0]).toHaveAttribute('href', `/mlg/admin/users/${CUSTOMER}`);
    fireEvent.click((await screen.findAllByRole('link', { name: 'Ann Buyer' }))[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/mlg/admin/users/${CUSTOMER}`));
  });
});
