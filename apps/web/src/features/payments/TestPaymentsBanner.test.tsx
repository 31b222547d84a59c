import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderWithQueryClient } from '../../test/render';
import ConfirmationPage from './ConfirmationPage';
import PaymentResultPage from './PaymentResultPage';
import { TestPaymentsBanner } from './TestPaymentsBanner';

afterEach(() => vi.unstubAllGlobals());

/** fetch answering the payment mode with `mode` (or failing it), and a paid order for the result pages. */
function stubServer(mode: { test_payments: boolean } | 'down') {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === '/api/payments/mode')
        return mode === 'down' ? json({ message: 'Something went wrong.' }, 500) : json(mode);
      return json({
        message: 'Payment successful. Thank you for your purchase',
        status: 'SUCCESSFUL',
        txnid: 'T1',
      });
    }),
  );
  return calls;
}

describe('TestPaymentsBanner', () => {
  it('says "Test payments: no real money" when the server runs test payments', async () => {
    const calls = stubServer({ test_payments: true });
    renderWithQueryClient(<TestPaymentsBanner />);
    const banner = await screen.findByTestId('test-payments-banner');
    expect(banner).toHaveTextContent(/^Test payments: no real money\./);
    expect(banner).toHaveAttribute('role', 'note');
    expect(calls).toEqual(['/api/payments/mode']);
  });

  it('shows nothing with real payments, nor when the mode cannot be read', async () => {
    const calls = stubServer({ test_payments: false });
    const { container, unmount } = renderWithQueryClient(<TestPaymentsBanner />);
    await waitFor(() => expect(calls).toEqual(['/api/payments/mode']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
    unmount();

    const failed = stubServer('down');
    const second = renderWithQueryClient(<TestPaymentsBanner />);
    await waitFor(() => expect(failed).toEqual(['/api/payments/mode']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(second.container).toBeEmptyDOMElement();
  });

  it('draws with the page from the mode the page arrived with, asking the API nothing', () => {
    const calls = stubServer({ test_payments: false });
    const boot = document.createElement('script');
    boot.type = 'application/json';
    boot.id = 'portal-boot';
    boot.textContent = '{"test_payments":true}';
    document.head.append(boot);
    try {
      renderWithQueryClient(<TestPaymentsBanner />);
      // On the first render, not after a request: nothing moves when it appears.
      expect(screen.getByTestId('test-payments-banner')).toHaveTextContent(/^Test payments: no real money\./);
      expect(calls).toEqual([]);
    } finally {
      boot.remove();
    }
  });

  it('asks the API when the boot data does not read as the payment mode', async () => {
    const calls = stubServer({ test_payments: true });
    const boot = document.createElement('script');
    boot.type = 'application/json';
    boot.id = 'portal-boot';
    boot.textContent = '{"test_payments":"yes"';
    document.head.append(boot);
    try {
      renderWithQueryClient(<TestPaymentsBanner />);
      expect(await screen.findByTestId('test-payments-banner')).toBeVisible();
      expect(calls).toEqual(['/api/payments/mode']);
    } finally {
      boot.remove();
    }
  });

  it('is on both payment result pages', async () => {
    stubServer({ test_payments: true });
    window.history.replaceState(null, '', '/webshopconfirmation?txnid=T1');
    const tr = renderWithQueryClient(
      <MemoryRouter initialEntries={['/webshopconfirmation?txnid=T1']}>
        <ConfirmationPage />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('payment-message')).toHaveTextContent('Payment successful');
    expect(await screen.findByTestId('test-payments-banner')).toBeVisible();
    tr.unmount();

    renderWithQueryClient(
      <MemoryRouter initialEntries={['/webshop/payment?txnid=T1']}>
        <PaymentResultPage />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('payment-message')).toHaveTextContent('Payment successful');
    expect(await screen.findByTestId('test-payments-banner')).toBeVisible();
    window.history.replaceState(null, '', '/');
  });
});
