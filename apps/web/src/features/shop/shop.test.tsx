import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderWithQueryClient } from '../../test/render';
import TalesRunnerCartPage from './TalesRunnerCartPage';
import TalesRunnerShopPage from './TalesRunnerShopPage';

const item = (sku: string, quantity: number, amount: string) => ({
  sku,
  name: `Item ${sku}`,
  description: '',
  image_url: `/shop-images/gem-${sku}.svg`,
  quantity,
  price: { amount, currency: 'PHP' },
});
function renderPage(page: React.ReactNode) {
  return renderWithQueryClient(<MemoryRouter>{page}</MemoryRouter>);
}

afterEach(() => vi.unstubAllGlobals());

describe('Tales Runner cart', () => {
  it('shows 2-decimal line totals and the order total; remove calls DELETE then fetches the cart again', async () => {
    const calls: string[] = [];
    let cart = {
      items: [item('a', 3, '0.10'), item('b', 1, '1499.00')],
      price: { amount: '1499.30', currency: 'PHP' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (init?.method === 'DELETE') {
          cart = { items: [item('b', 1, '1499.00')], price: { amount: '1499.00', currency: 'PHP' } };
          return json(cart);
        }
        return json(cart);
      }),
    );
    renderPage(<TalesRunnerCartPage />);
    expect(await screen.findByText('PHP 0.30')).toBeInTheDocument();
    expect(screen.getByText('PHP 1,499.00', { selector: 'td' })).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Order Total: PHP 1,499.30');
    expect(screen.getByText(/agree to our/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Item a' }));
    await waitFor(() => expect(screen.queryByText('Item a')).not.toBeInTheDocument());
    expect(calls.slice(-2)).toEqual([
      'DELETE /api/xsolla/talesrunner/cart/item/a',
      'GET /api/xsolla/talesrunner/cart',
    ]);
  });

  it('shows the empty message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [], price: { amount: '0.00', currency: 'PHP' } })),
    );
    renderPage(<TalesRunnerCartPage />);
    expect(await screen.findByText('No items in cart.')).toBeInTheDocument();
  });
});

describe('Tales Runner shop', () => {
  it('changes the local cart only on a 200 reply', async () => {
    const product = {
      id: '1',
      sku: 'tr-x',
      name: 'Rainbow Sneakers',
      description: 'Fast',
      image_url: '/shop-images/shoe-tr-x.svg',
      price: { amount: '180.00', currency: 'PHP' },
      available: 5,
      groups: [],
    };
    let accept = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/groups')) return json({ groups: [{ external_id: 'costumes', name: 'Costumes' }] });
        if (url.startsWith('/api/getproducts')) return json({ products: [product] });
        if (init?.method === 'PUT') {
          if (!accept) return json({ message: 'Only 0 of Rainbow Sneakers left in stock.' }, 422);
          return json({ items: [item('tr-x', 1, '180.00')], price: { amount: '180.00', currency: 'PHP' } });
        }
        return json({ items: [], price: { amount: '0.00', currency: 'PHP' } });
      }),
    );
    renderPage(<TalesRunnerShopPage />);
    expect(await screen.findByText('PHP 180.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Costumes' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Only 0 of Rainbow Sneakers left in stock.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Cart \(0\)/ })).toBeInTheDocument();
    accept = true;
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Rainbow Sneakers Added to Cart!')).toBeInTheDocument();
    // The count comes from the cart, fetched again after the add: it may arrive after the toast.
    expect(await screen.findByRole('link', { name: /Cart \(1\)/ })).toBeInTheDocument();
  });
});
