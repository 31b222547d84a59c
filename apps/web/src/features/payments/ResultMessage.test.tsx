import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderWithQueryClient } from '../../test/render';
import PaymentResultPage from './PaymentResultPage';
import { PENDING_POLL_LIMIT_MS, pendingPollDelay } from './polling';

afterEach(() => vi.unstubAllGlobals());

describe('pendingPollDelay', () => {
  it('waits 2 s, then 1.5 times longer each time up to 15 s, and stops after 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map((checks) => pendingPollDelay(checks, 0))).toEqual([
      2000, 3000, 4500, 6750, 10125, 15000, 15000,
    ]);
    expect(pendingPollDelay(3, PENDING_POLL_LIMIT_MS - 1)).toBe(4500);
    expect(pendingPollDelay(3, PENDING_POLL_LIMIT_MS)).toBe(false);
  });
});

describe('payment result page', () => {
  it('turns a pending payment into its final state without a reload, with the order summary', async () => {
    let status: 'Pending' | 'SUCCESSFUL' = 'Pending';
    const confirmations: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/payments/mode') return json({ test_payments: true });
        if (url.startsWith('/api/orders/mine')) {
          return json({
            orders: [
              {
                txnid: 'YG1',
                created_at: '2026-11-20T03:00:00.000Z',
                shop: 'yggdra',
                items: [{ sku: 'gem', name: 'Gem Pack', quantity: 1, unit_price: '10.00' }],
                amount: '10.00',
                currency: 'PHP',
                status,
                refund_due: false,
              },
            ],
            next: null,
          });
        }
        confirmations.push(status);
        const reply =
          status === 'Pending'
            ? { message: 'Your payment is being processed', status, txnid: 'YG1' }
            : { message: 'Payment successful. Thank you for your purchase', status, txnid: 'YG1' };
        status = 'SUCCESSFUL';
        return json(reply);
      }),
    );
    renderWithQueryClient(
      <MemoryRouter initialEntries={['/webshop/payment?txnid=YG1']}>
        <PaymentResultPage />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('payment-message')).toHaveTextContent(
      'Your payment is being processed!',
    );
    expect(screen.getByTestId('payment-polling')).toHaveTextContent('updates by itself');
    expect(await screen.findByText('Gem Pack × 1')).toBeInTheDocument();

    expect(
      await screen.findByText('Payment successful. Thank you for your purchase!', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-polling')).toBeNull();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    expect(confirmations).toEqual(['Pending', 'SUCCESSFUL']);
  });
});
