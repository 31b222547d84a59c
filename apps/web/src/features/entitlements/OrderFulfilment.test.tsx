import type { OrderFulfilment } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueryClient, signInAdminInStorage } from '../../test/render';
import { OrderFulfilmentDialog } from './OrderFulfilment';

const PLAYER = '11111111-1111-4111-8111-111111111111';

const FULFILMENT: OrderFulfilment = {
  entitlements: [
    {
      id: '22222222-2222-4222-8222-222222222222',
      player: PLAYER,
      game: 'yggdra',
      sku: 'ygg-elixir-10',
      name: 'Elixir <b>Pack</b>',
      quantity: 2,
      order: 'YG123',
      status: 'revoked',
      granted_at: '2026-11-20T03:00:00.000Z',
      consumed_at: '2026-11-20T03:05:00.000Z',
      revoked_at: '2026-11-21T03:00:00.000Z',
      clawback: true,
    },
  ],
  deliveries: [
    {
      id: '33333333-3333-4333-8333-333333333333',
      game: 'yggdra',
      event_id: 'evt_1',
      type: 'entitlement.revoked',
      entitlement_id: '22222222-2222-4222-8222-222222222222',
      order: 'YG123',
      status: 'pending',
      attempts: 1,
      last_attempt_at: '2026-11-21T03:00:01.000Z',
      last_status: null,
      last_error: 'connect ECONNREFUSED',
      next_attempt_at: '2026-11-21T03:01:00.000Z',
      created_at: '2026-11-21T03:00:00.000Z',
      delivered_at: null,
    },
  ],
};

let calls: string[];
beforeEach(() => {
  calls = [];
  signInAdminInStorage();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function serve(reply: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return reply;
    }),
  );
}

describe('OrderFulfilmentDialog', () => {
  it("shows the order's entitlements and deliveries as text, with notes before them", async () => {
    serve(jsonResponse(FULFILMENT));
    renderWithQueryClient(
      <OrderFulfilmentDialog txnid="YG123" onClose={() => {}}>
        <p>A dispute note</p>
      </OrderFulfilmentDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Order YG123' });
    expect(within(dialog).getByText('A dispute note')).toBeInTheDocument();
    const entitlements = await within(dialog).findByRole('list', { name: 'Entitlements' });
    expect(entitlements).toHaveTextContent('Elixir <b>Pack</b> × 2');
    expect(entitlements).toHaveTextContent('Revoked');
    expect(entitlements).toHaveTextContent('the game takes the items back');
    const deliveries = within(dialog).getByRole('list', { name: 'Deliveries' });
    expect(deliveries).toHaveTextContent('Yggdra · Items revoked');
    expect(deliveries).toHaveTextContent('1 attempt · Not reached: connect ECONNREFUSED');
    expect(deliveries).toHaveTextContent('Pending');
    expect(calls).toEqual(['/api/admin/orders/YG123/fulfilment']);
  });

  it('says when the order owes nothing, and when it cannot be loaded', async () => {
    serve(jsonResponse({ entitlements: [], deliveries: [] }));
    const { unmount } = renderWithQueryClient(<OrderFulfilmentDialog txnid="YG124" onClose={() => {}} />);
    expect(await screen.findByText('None: the game is owed nothing for this order.')).toBeInTheDocument();
    expect(screen.getByText('No webhook was sent for this order.')).toBeInTheDocument();
    unmount();

    serve(jsonResponse({ message: 'We could not find this order.' }, 404));
    renderWithQueryClient(<OrderFulfilmentDialog txnid="YG125" onClose={() => {}} />);
    expect(await screen.findByText('We could not find this order.')).toBeInTheDocument();
  });

  it('is closed without an order', () => {
    serve(jsonResponse(FULFILMENT));
    renderWithQueryClient(<OrderFulfilmentDialog txnid={null} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);
  });
});
