import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderWithQueryClient } from '../../test/render';
import MyOrdersPage from './MyOrdersPage';

/** Issue #27: My Orders says whether a failed payment was declined or canceled. */
afterEach(() => vi.unstubAllGlobals());

const order = (txnid: string, overrides = {}) => ({
  txnid,
  created_at: '2026-11-20T03:00:00.000Z',
  shop: 'talesrunner',
  items: [{ sku: 'tr-coins', name: '1,000 TR Coins', quantity: 1, unit_price: '49.50' }],
  amount: '49.50',
  currency: 'PHP',
  status: 'FAILED',
  refund_due: false,
  delivery: null,
  origin: 'cart',
  ...overrides,
});

describe('My Orders: why a payment failed', () => {
  it('tells declined from canceled (and expired), and says nothing of a paid order', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          orders: [
            order('TR1', { failure_reason: 'declined' }),
            order('TR2', { failure_reason: 'canceled' }),
            order('TR3', { failure_reason: 'expired' }),
            order('TR4', { status: 'SUCCESSFUL', failure_reason: null, delivery: 'delivered' }),
          ],
          next: null,
        }),
      ),
    );
    renderWithQueryClient(
      <MemoryRouter>
        <MyOrdersPage />
      </MemoryRouter>,
    );
    const rows = await screen.findAllByTestId('order-row');
    const failure = (row: HTMLElement) => within(row).queryByTestId('order-failure')?.textContent ?? null;
    expect(rows.map(failure)).toEqual([
      'Declined by your card or the payment provider',
      'Canceled by you on the payment page',
      'The payment was not finished in time',
      null,
    ]);
  });
});
