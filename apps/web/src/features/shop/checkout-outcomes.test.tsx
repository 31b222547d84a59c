import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProduct } from '../../test/fixtures';
import { jsonResponse as json, renderWithQueryClient, stubWindowWidth } from '../../test/render';
import TalesRunnerCartPage from './TalesRunnerCartPage';
import TalesRunnerShopPage from './TalesRunnerShopPage';

/** Issue #27: Buy Now buys that one product alone; the Tales Runner cart is one card per line on a phone. */
afterEach(() => vi.unstubAllGlobals());

const renderPage = (page: React.ReactNode) => renderWithQueryClient(<MemoryRouter>{page}</MemoryRouter>);
const line = (sku: string, quantity: number) => ({
  ...aProduct(sku),
  quantity,
  price: { amount: '10.00', currency: 'PHP' },
});

describe('Buy Now', () => {
  it('posts that product alone to checkout and never writes the cart', async () => {
    const calls: string[] = [];
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url} ${init?.body ?? ''}`.trim());
        if (url.startsWith('/api/getproducts/talesrunner/groups')) return json({ groups: [] });
        if (url.startsWith('/api/getproducts')) return json({ products: [aProduct('a'), aProduct('b')] });
        if (url.endsWith('/checkout')) return json({ redirectUri: '/sandbox-pay/TR1?token=x', txnid: 'TR1' });
        if (url === '/api/payments/mode') return json({ test_payments: true });
        return json({ items: [line('b', 2)], price: { amount: '20.00', currency: 'PHP' } });
      }),
    );
    renderPage(<TalesRunnerShopPage />);
    const card = await screen.findByTestId('product-a');
    await waitFor(() => expect(screen.getByRole('link', { name: /Cart \(2\)/ })).toBeInTheDocument());
    fireEvent.click(within(card).getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox-pay/TR1?token=x'));
    expect(calls).toContain('POST /api/xsolla/talesrunner/checkout {"sku":"a"}');
    expect(calls.filter((c) => c.startsWith('PUT'))).toEqual([]);
  });
});

describe('Tales Runner cart on a phone', () => {
  it('shows each line as a card with its quantity, total and Remove', async () => {
    stubWindowWidth(390);
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url.startsWith('/api/getproducts')) return json({ products: [aProduct('a'), aProduct('b')] });
        if (url === '/api/payments/mode') return json({ test_payments: true });
        return json({ items: [line('a', 3), line('b', 1)], price: { amount: '40.00', currency: 'PHP' } });
      }),
    );
    renderPage(<TalesRunnerCartPage />);
    const first = await screen.findByTestId('cart-item-a');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('list', { name: 'Cart' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Item a');
    expect(first).toHaveTextContent('Total Price: PHP 30.00');
    expect(within(first).getByTestId('cart-quantity')).toHaveTextContent('3');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Order Total: PHP 40.00');
    fireEvent.click(within(first).getByRole('button', { name: 'Remove Item a' }));
    await waitFor(() => expect(calls).toContain('DELETE /api/xsolla/talesrunner/cart/item/a'));
  });
});

describe('a checkout refused by a sanction', () => {
  it("shows the refusal's words with the way to the account standing", async () => {
    const message =
      'Purchases are restricted on your account until 2030-02-01 (Payment abuse). See your account standing to read why and to appeal.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/checkout')) return json({ message, code: 'ACCOUNT_SANCTIONED' }, 403);
        if (url.startsWith('/api/getproducts')) return json({ products: [aProduct('a')] });
        if (url === '/api/payments/mode') return json({ test_payments: true });
        return json({ items: [line('a', 1)], price: { amount: '10.00', currency: 'PHP' } });
      }),
    );
    renderPage(<TalesRunnerCartPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
    const alert = await screen.findByText(/Purchases are restricted/);
    expect(alert.closest('[role="alert"]')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'See your account standing' })).toHaveAttribute(
      'href',
      '/standing',
    );
  });
});
