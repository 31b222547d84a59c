import type { AdminUserRow } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderRoutes, signInAdminInStorage } from '../../test/render';
import { UsersTable } from './UsersTable';

const ana: AdminUserRow = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ana Reyes',
  email: 'ana@example.com',
  phone_number: null,
  referral_code: null,
  created_at: '2026-11-01T00:00:00.000Z',
  registered_at: '2026-11-01T00:00:00.000Z',
  games: [{ name: 'yggdra', updated_at: '2026-11-01T00:00:00.000Z', caliber: null }],
  addresses: [],
  profile: null,
  account_status: 'active',
};

/** The users table's API: one row whose status the status endpoint changes (or refuses), for a role. */
function serve(
  statusReply: { status: number; body: unknown } | null = null,
  capabilities = ['players.read', 'players.act'],
) {
  let row = ana;
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/admin/access') return json({ role: 'support', capabilities });
      if (init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { status: AdminUserRow['account_status'] };
        posts.push({ url, body });
        if (statusReply) return json(statusReply.body, statusReply.status);
        row = { ...row, account_status: body.status };
        return json({ message: 'ok', user: { id: row.id, account_status: row.account_status } });
      }
      return json({
        data: [row],
        current_page: 1,
        last_page: 1,
        per_page: 10,
        total: 1,
        total_is_estimate: false,
        next_page_url: null,
        prev_page_url: null,
      });
    }),
  );
  return posts;
}

function renderTable() {
  signInAdminInStorage();
  // In a router: each name links to the player's page.
  renderRoutes([{ path: '/', element: <UsersTable game="yggdra" /> }], '/');
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Account column of the users tables', () => {
  it('suspends a player after a confirmation, then shows the new status and the way back', async () => {
    const posts = serve();
    renderTable();
    expect(await screen.findByText('Active')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Suspend ana@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend this player?' });
    expect(dialog).toHaveTextContent('Ana Reyes (ana@example.com). They are signed out everywhere');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Suspend ana@example.com' }));
    const again = await screen.findByRole('dialog', { name: 'Suspend this player?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Suspended')).toBeInTheDocument();
    expect(posts).toEqual([{ url: `/api/admin/users/${ana.id}/status`, body: { status: 'suspended' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Reactivate ana@example.com' })).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's message when the change is refused", async () => {
    serve({ status: 404, body: { message: 'Unknown player.' } });
    renderTable();
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend ana@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend this player?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Unknown player.');
    expect(screen.getByText('Active')).toBeInTheDocument();
  });

  it('shows a role without player actions the status only, and no Export to Excel without players.export', async () => {
    serve(null, ['players.read', 'analytics.read']);
    renderTable();
    expect(await screen.findByText('Active')).toBeInTheDocument();
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([url]) => url === '/api/admin/access')).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Suspend ana@example.com' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).toBeNull();
  });

  it('offers Export to Excel to a role with players.export', async () => {
    serve(null, ['players.read', 'players.act', 'players.export']);
    renderTable();
    expect(await screen.findByRole('button', { name: 'Export to Excel' })).toBeInTheDocument();
  });
});
