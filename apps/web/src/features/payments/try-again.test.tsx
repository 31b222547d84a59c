import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderWithQueryClient } from '../../test/render';
import ConfirmationPage from './ConfirmationPage';

/** Issue #27: after a declined or canceled payment the result page offers "Try again". */
afterEach(() => vi.unstubAllGlobals());

function serve(order: Record<string, unknown>, message: string) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url} ${init?.body ?? ''}`.trim());
      if (url === '/api/payments/mode') return json({ test_payments: true });
      if (url.startsWith('/api/orders/mine'))
        return json({
          orders: [
            {
              txnid: 'TR1',
              created_at: '2026-11-20T03:00:00.000Z',
              shop: 'talesrunner',
              items: [{ sku: 'gem', name: 'Gem Pack', quantity: 1, unit_price: '10.00' }],
              amount: '10.00',
              currency: 'PHP',
              refund_due: false,
              delivery: null,
              ...order,
            },
          ],
          next: null,
        });
      if (url.endsWith('/checkout')) return json({ message: 'Gem Pack is out of stock.' }, 422);
      return json({ message, status: order.status, txnid: 'TR1' });
    }),
  );
  return calls;
}
const renderPage = () =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={['/webshopconfirmation?txnid=TR1']}>
      <ConfirmationPage />
    </MemoryRouter>,
  );

describe('Try again', () => {
  it('opens the cart, whose lines are back, after a declined cart order', async () => {
    serve(
      { status: 'FAILED', failure_reason: 'declined', origin: 'cart' },
      'Your payment failed and you were not charged',
    );
    renderPage();
    const retry = await screen.findByRole('link', { name: 'Try again' });
    expect(retry).toHaveAttribute('href', '/TRCart');
    expect(screen.getByTestId('try-again')).toHaveTextContent('your cart still holds these items');
  });

  it('buys the same product again after a canceled Buy Now, and shows a refusal', async () => {
    const calls = serve(
      { status: 'FAILED', failure_reason: 'canceled', origin: 'buy_now' },
      'Your payment was canceled',
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Gem Pack is out of stock.')).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('POST /api/xsolla/talesrunner/checkout {"sku":"gem"}'));
  });

  it('is not offered for a paid, expired or refund-due order', async () => {
    serve({ status: 'FAILED', failure_reason: 'expired', origin: 'cart' }, 'Your payment session expired');
    renderPage();
    expect(await screen.findByTestId('order-card')).toBeInTheDocument();
    expect(screen.queryByTestId('try-again')).toBeNull();
  });
});
