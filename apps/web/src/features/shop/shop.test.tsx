import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProduct } from '../../test/fixtures';
import { createTestQueryClient, jsonResponse as json, renderWithQueryClient } from '../../test/render';
import { seedCatalog } from './api';
import TalesRunnerCartPage from './TalesRunnerCartPage';
import TalesRunnerShopPage from './TalesRunnerShopPage';
import YggdraCartPage from './YggdraCartPage';
import YggdraShopPage from './YggdraShopPage';

const item = (sku: string, quantity: number, amount: string) => ({
  sku,
  name: `Item ${sku}`,
  description: '',
  image_url: `/shop-images/gem-${sku}.svg`,
  quantity,
  price: { amount, currency: 'PHP' },
  max_per_order: 10,
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

  it('changes a quantity with − and +, within 1 and the lower of the per-order limit and the stock', async () => {
    const puts: unknown[] = [];
    let cart = {
      items: [{ ...item('tr-coins', 2, '10.00'), max_per_order: 10 }],
      price: { amount: '20.00', currency: 'PHP' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.startsWith('/api/getproducts'))
          return json({
            products: [
              {
                id: '1',
                sku: 'tr-coins',
                name: 'Item tr-coins',
                description: '',
                image_url: '/shop-images/gem-tr-coins.svg',
                price: { amount: '10.00', currency: 'PHP' },
                available: 3,
                groups: [],
                max_per_order: 10,
              },
            ],
          });
        if (init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { items: { sku: string; quantity: number }[] };
          puts.push(body);
          const quantity = body.items[0]!.quantity;
          cart = {
            items: [{ ...item('tr-coins', quantity, '10.00'), max_per_order: 10 }],
            price: { amount: `${quantity * 10}.00`, currency: 'PHP' },
          };
        }
        return json(cart);
      }),
    );
    renderPage(<TalesRunnerCartPage />);
    const more = await screen.findByRole('button', { name: 'One more Item tr-coins' });
    const less = screen.getByRole('button', { name: 'One less Item tr-coins' });
    await waitFor(() => expect(more).toBeEnabled());
    fireEvent.click(more);
    await waitFor(() => expect(screen.getByTestId('cart-quantity')).toHaveTextContent('3'));
    expect(screen.getByTestId('order-total')).toHaveTextContent('PHP 30.00');
    // Only 3 left in stock.
    expect(more).toBeDisabled();
    fireEvent.click(less);
    fireEvent.click(await screen.findByRole('button', { name: 'One less Item tr-coins' }));
    await waitFor(() => expect(screen.getByTestId('cart-quantity')).toHaveTextContent('1'));
    expect(screen.getByRole('button', { name: 'One less Item tr-coins' })).toBeDisabled();
    expect(puts).toEqual([
      { items: [{ sku: 'tr-coins', quantity: 3 }] },
      { items: [{ sku: 'tr-coins', quantity: 2 }] },
      { items: [{ sku: 'tr-coins', quantity: 1 }] },
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
      max_per_order: 10,
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

describe('stock holding limits and the test-payments banner', () => {
  const crown = {
    id: '2',
    sku: 'ygg-crown',
    name: 'World Tree Crown',
    description: '',
    image_url: '/shop-images/crown-ygg-crown.svg',
    price: { amount: '899.00', currency: 'PHP' },
    available: 40,
    groups: [],
    max_per_order: 2,
  };
  const limit = 'You can buy at most 2 of World Tree Crown in one order.';
  const openOrders =
    'You have 3 unpaid orders. Pay or cancel one on its payment page, or wait until one expires (in 30 minutes), before starting another.';

  it('Yggdra shop: shows the banner and "Max 2 per order", and the server refusing a third', async () => {
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/payments/mode') return json({ test_payments: true });
        if (url.endsWith('/groups')) return json({ groups: [] });
        if (url.startsWith('/api/getproducts')) return json({ products: [crown] });
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return json({ message: limit, errors: { 'items.0.quantity': [limit] } }, 422);
        }
        return json({
          items: [{ ...item('ygg-crown', 2, '899.00'), max_per_order: 2 }],
          price: { amount: '1798.00', currency: 'PHP' },
        });
      }),
    );
    renderPage(<YggdraShopPage />);
    expect(await screen.findByTestId('test-payments-banner')).toHaveTextContent(
      'Test payments: no real money',
    );
    const card = await screen.findByTestId('product-ygg-crown');
    expect(card).toHaveTextContent('Max 2 per order');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument());
    fireEvent.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText(limit)).toBeInTheDocument();
    // The local cart stays as the server has it.
    expect(puts).toEqual([{ items: [{ sku: 'ygg-crown', quantity: 3 }] }]);
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
  });

  it('Tales Runner shop: the banner and the per-order limit on each product', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/payments/mode') return json({ test_payments: true });
        if (url.endsWith('/groups')) return json({ groups: [] });
        if (url.startsWith('/api/getproducts'))
          return json({ products: [{ ...crown, sku: 'tr-coins', name: 'TR Coins', max_per_order: 10 }] });
        return json({ items: [], price: { amount: '0.00', currency: 'PHP' } });
      }),
    );
    renderPage(<TalesRunnerShopPage />);
    expect(await screen.findByTestId('product-tr-coins')).toHaveTextContent('Max 10 per order');
    expect(await screen.findByTestId('test-payments-banner')).toBeVisible();
  });

  it('carts: the banner, the limit on a line that reached it, and the refused checkout message', async () => {
    const cart = {
      items: [
        { ...item('ygg-crown', 2, '899.00'), max_per_order: 2 },
        { ...item('ygg-gold', 3, '5.00'), max_per_order: 10 },
      ],
      price: { amount: '1813.00', currency: 'PHP' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/payments/mode') return json({ test_payments: true });
        if (init?.method === 'POST')
          return json({ message: openOrders, errors: { orders: [openOrders] } }, 422);
        return json(cart);
      }),
    );
    const yggdra = renderPage(<YggdraCartPage />);
    expect(await screen.findByTestId('test-payments-banner')).toBeVisible();
    expect(screen.getByTestId('cart-item-ygg-crown')).toHaveTextContent('Max 2 per order');
    expect(screen.getByTestId('cart-item-ygg-gold')).not.toHaveTextContent('per order');
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText(openOrders)).toBeInTheDocument();
    yggdra.unmount();

    renderPage(<TalesRunnerCartPage />);
    expect(await screen.findByTestId('test-payments-banner')).toBeVisible();
    expect(await screen.findByTestId('cart-item-ygg-crown')).toHaveTextContent('Max 2 per order');
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText(openOrders)).toBeInTheDocument();
  });

  it('shows no banner when payments are real', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url === '/api/payments/mode') return json({ test_payments: false });
        return json({ items: [], price: { amount: '0.00', currency: 'PHP' } });
      }),
    );
    renderPage(<YggdraCartPage />);
    expect(await screen.findByText('No items in cart.')).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('/api/payments/mode'));
    expect(screen.queryByTestId('test-payments-banner')).not.toBeInTheDocument();
  });
});

describe('Yggdra shop', () => {
  it('adds with the card or its Add to Cart button; an out-of-stock product has a disabled button', async () => {
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/groups')) return json({ groups: [] });
        if (url.startsWith('/api/getproducts'))
          return json({ products: [aProduct('ygg-a'), aProduct('ygg-b', { available: 0 })] });
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return json({ items: [item('ygg-a', 1, '10.00')], price: { amount: '10.00', currency: 'PHP' } });
        }
        return json({ items: [], price: { amount: '0.00', currency: 'PHP' } });
      }),
    );
    renderPage(<YggdraShopPage />);
    const card = await screen.findByTestId('product-ygg-a');
    fireEvent.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item ygg-a Added to Cart!')).toBeInTheDocument();
    expect(puts).toEqual([{ items: [{ sku: 'ygg-a', quantity: 1 }] }]);
    expect(
      within(screen.getByTestId('product-ygg-b')).getByRole('button', { name: 'Add to Cart' }),
    ).toBeDisabled();
    // One control per product for keyboards and screen readers: the button, described by the product's name.
    expect(within(card).getAllByRole('button')).toHaveLength(1);
    expect(within(card).getByRole('button', { name: 'Add to Cart' })).toHaveAccessibleDescription(
      'Item ygg-a',
    );
    // The card itself still adds, for the mouse.
    fireEvent.click(within(card).getByText('Item ygg-a'));
    await waitFor(() => expect(puts).toHaveLength(2));
  });

  it('draws the catalog the page was sent with and does not ask for it again; it asks for the cart', async () => {
    const fetch = vi.fn(async (_url: string) =>
      json({ items: [], price: { amount: '0.00', currency: 'PHP' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const client = createTestQueryClient();
    seedCatalog(client, 'yggdra', { products: [aProduct('ygg-a')], groups: [] });
    renderWithQueryClient(
      <MemoryRouter>
        <YggdraShopPage />
      </MemoryRouter>,
      client,
    );
    expect(screen.getByTestId('product-ygg-a')).toBeInTheDocument();
    const shopRequests = () =>
      fetch.mock.calls
        .map(([url]) => url)
        .filter((url) => url.startsWith('/api/getproducts') || url.endsWith('/cart'));
    await waitFor(() => expect(shopRequests()).toEqual(['/api/xsolla/yggdra/cart']));
    expect(
      await within(screen.getByTestId('product-ygg-a')).findByRole('button', { name: 'Add to Cart' }),
    ).toBeEnabled();
    expect(shopRequests()).toEqual(['/api/xsolla/yggdra/cart']);
  });
});

describe('adding waits for the cart', () => {
  it('Add to Cart is disabled until the cart has loaded, so an add keeps what the cart already held', async () => {
    let loadCart = () => {};
    const cartLoaded = new Promise<void>((resolve) => {
      loadCart = resolve;
    });
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/groups')) return json({ groups: [] });
        if (url.startsWith('/api/getproducts')) return json({ products: [aProduct('ygg-a')] });
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return json({
            items: [item('ygg-held', 2, '10.00'), item('ygg-a', 1, '10.00')],
            price: { amount: '30.00', currency: 'PHP' },
          });
        }
        await cartLoaded;
        return json({ items: [item('ygg-held', 2, '10.00')], price: { amount: '20.00', currency: 'PHP' } });
      }),
    );
    renderPage(<YggdraShopPage />);
    const card = await screen.findByTestId('product-ygg-a');
    const button = within(card).getByRole('button', { name: 'Add to Cart' });
    expect(button).toBeDisabled();
    // Neither the button nor the card adds before the cart is known.
    fireEvent.click(within(card).getByText('Item ygg-a'));
    expect(puts).toEqual([]);
    loadCart();
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      items: [
        { sku: 'ygg-held', quantity: 2 },
        { sku: 'ygg-a', quantity: 1 },
      ],
    });
  });
});
