import type { AuditEntry } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signInAdminInStorage } from '../../test/render';
import AuditPage from './AuditPage';

const STAFF_ID = '11111111-1111-4111-8111-111111111111';
const playerId = (n: number) => `22222222-2222-4222-8222-${String(n).padStart(12, '0')}`;
const entry = (n: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  created_at: '2030-05-10T12:00:00.000Z',
  actor_kind: 'admin',
  actor_id: STAFF_ID,
  actor_label: 'ana@staff.test',
  actor_name: 'Ana Staff',
  action: 'users.suspend',
  target: `user:${playerId(n)}`,
  target_name: `Pat ${n}`,
  details: { userId: playerId(n), note: '<b>not markup</b>', notifyPlayer: true },
  ip: '203.0.113.9',
  ...overrides,
});

const show = () => renderRoutes([{ path: '/mlg/admin/audit', element: <AuditPage /> }], '/mlg/admin/audit');

let urls: string[];
beforeEach(() => {
  urls = [];
  signInAdminInStorage();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === '/api/admin/audit/filters')
        return jsonResponse({
          actors: [{ id: STAFF_ID, label: 'Ana (ana@staff.test)' }],
          actions: ['users.suspend'],
        });
      const after = new URL(url, 'http://x').searchParams.get('after');
      if (after === 'P2') return jsonResponse({ entries: [entry(2)], next: null });
      if (url.includes('from=')) return jsonResponse({ entries: [], next: null });
      if (url === '/api/admin/audit/export/link')
        return jsonResponse({ url: '/api/admin/audit/export?signature=s' });
      return jsonResponse({ entries: [entry(1)], next: 'P2' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('AuditPage', () => {
  it('shows who did what to whom, when and from where, with details as labelled text', async () => {
    show();
    const row = (await screen.findByText('Pat 1')).closest('tr')!;
    expect(within(row).getByText('Ana Staff')).toBeInTheDocument();
    expect(within(row).getByText('ana@staff.test')).toBeInTheDocument();
    expect(within(row).getByText('Player suspended')).toBeInTheDocument();
    expect(within(row).queryByText('users.suspend')).toBeNull();
    expect(within(row).getByRole('link', { name: 'Pat 1' })).toHaveAttribute(
      'href',
      `/mlg/admin/users/${playerId(1)}`,
    );
    expect(within(row).getByText('203.0.113.9')).toBeInTheDocument();
    // Details open on demand as labelled fields, as text, without the player's id the Target already names.
    expect(screen.queryByText(/not markup/)).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Show details' }));
    const details = await screen.findByText(/not markup/);
    expect(details.tagName).toBe('DD');
    const list = details.closest('dl')!;
    expect([...list.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Note', 'Notify player']);
    expect([...list.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      '<b>not markup</b>',
      'Yes',
    ]);
    expect(list).not.toHaveTextContent(playerId(1));
    expect(list.querySelector('b')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Hide details' }));
    expect(screen.queryByText(/not markup/)).toBeNull();
  });

  it('names a target without a name by its kind and reference, and an action without a label by its words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/admin/audit/filters'
          ? jsonResponse({ actors: [], actions: [] })
          : jsonResponse({
              entries: [
                entry(3, { action: 'orders.refund', target: 'order:TXN9', target_name: null }),
                entry(4, { action: 'games.key_rotate', target: null, target_name: null, details: {} }),
                entry(5, {
                  action: 'games.delivery_retry',
                  target: 'delivery:D-5',
                  target_name: null,
                  details: { deliveryId: 'D-5' },
                }),
              ],
              next: null,
            }),
      ),
    );
    show();
    const refund = (await screen.findByText('Order refunded')).closest('tr')!;
    expect(refund).toHaveTextContent('Order TXN9');
    const other = screen.getByText('Games: key rotate').closest('tr')!;
    expect(within(other).queryByRole('button', { name: 'Show details' })).toBeNull();
    // A kind of target without a name is called what it is, never "Player"; ids alone are no details.
    const retry = screen.getByText(/D-5/).closest('tr')!;
    expect(retry).toHaveTextContent('Webhook delivery D-5');
    expect(within(retry).queryByRole('button', { name: 'Show details' })).toBeNull();
  });

  it('pages older and back to newer with the positions the server gave', async () => {
    show();
    await screen.findByText('Pat 1');
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Pat 2');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
    await screen.findByText('Pat 1');
    expect(urls).toContain('/api/admin/audit?after=P2');
  });

  it('refuses a From after To without asking the server', async () => {
    show();
    await screen.findByText('Pat 1');
    const before = urls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-05-12' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-05-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/after|before|From/i);
    expect(urls.length).toBe(before);
  });

  it('exports the shown filter through a signed link', async () => {
    show();
    await screen.findByText('Pat 1');
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(urls).toContain('/api/admin/audit/export/link'));
  });

  it('filters by day range and says when nothing matches', async () => {
    show();
    await screen.findByText('Pat 1');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-05-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-05-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(urls).toContain('/api/admin/audit?from=2030-05-01&to=2030-05-10'));
    expect(await screen.findByText('No entries match this filter.')).toBeInTheDocument();
  });
});
