import type { AdminUserRow } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderRoutes, signInAdminInStorage } from '../../test/render';
import AllUsersPage from './AllUsersPage';

const row = (game: string, name: string): AdminUserRow => ({
  id: `${game}-1`,
  name,
  email: `${game}@example.com`,
  phone_number: null,
  referral_code: null,
  created_at: '2026-11-01T00:00:00.000Z',
  registered_at: '2026-11-01T00:00:00.000Z',
  games: [{ name: game, updated_at: '2026-11-01T00:00:00.000Z', caliber: null }],
  addresses: [],
  profile: null,
  account_status: 'active',
});
const NAMES: Record<string, string> = {
  caliber: 'Cal Player',
  yggdra: 'Ygg Player',
  talesrunner: 'Rhea Runner',
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('All Users', () => {
  it('lists every game’s players, Tales Runner beside Caliber and Yggdra, each table searched on its own', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        if (url === '/api/admin/access') return json({ role: 'support', capabilities: ['players.read'] });
        const game = /\/api\/users\/paginate\/(\w+)/.exec(url)?.[1] ?? '';
        return json({
          data: NAMES[game] ? [row(game, NAMES[game])] : [],
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
    signInAdminInStorage();
    renderRoutes([{ path: '/', element: <AllUsersPage /> }], '/');

    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Caliber Users',
      'Yggdra Users',
      'Tales Runner Users',
    ]);
    const runners = screen.getByTestId('table-tales-runner-users');
    expect(await within(runners).findByRole('link', { name: 'Rhea Runner' })).toHaveAttribute(
      'href',
      '/mlg/admin/users/talesrunner-1',
    );
    expect(within(runners).queryByRole('columnheader', { name: 'Level' })).toBeNull();

    fireEvent.change(within(runners).getByLabelText('Search'), { target: { value: 'rhea' } });
    await waitFor(() =>
      expect(
        urls.some((u) => u.startsWith('/api/users/paginate/talesrunner?') && u.includes('search=rhea')),
      ).toBe(true),
    );
    // The other tables keep their own (empty) search.
    expect(urls.some((u) => u.startsWith('/api/users/paginate/caliber?') && u.includes('search=rhea'))).toBe(
      false,
    );
  });
});
