import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../shell/session';
import { jsonResponse, renderWithQueryClient, signInAdminInStorage } from '../../test/render';
import ReferralCodesPage from './ReferralCodesPage';

const emptyPage = {
  data: [],
  current_page: 1,
  last_page: 1,
  per_page: 10,
  total: 0,
  total_is_estimate: false,
  next_page_url: null,
  prev_page_url: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** GET /api/admin/access for a support member (creates codes) or an analyst (reads only). */
const accessOf = (url: string) =>
  url === '/api/admin/access'
    ? jsonResponse({ role: 'support', capabilities: ['players.read', 'referrals.manage'] })
    : null;

describe('Create a referral code', () => {
  it('checks the code with the contract rule, shows a 422 under it, and shows the created URL', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (init.method !== 'POST') return accessOf(url) ?? jsonResponse(emptyPage);
        const body = JSON.parse(String(init.body)) as { code: string; game: string };
        posted.push(body);
        return body.code === 'TAKEN'
          ? jsonResponse(
              {
                message: 'This referral code is already taken.',
                errors: { code: ['This referral code is already taken.'] },
              },
              422,
            )
          : jsonResponse(
              {
                id: 'c1',
                referral_code: body.code,
                used_for: body.game,
                url: `https://portal.test/register/caliber?referral_code=${body.code}`,
                total_count: 0,
                created_at: '2026-01-01T00:00:00.000Z',
              },
              201,
            );
      }),
    );
    signInAdminInStorage();
    renderWithQueryClient(
      <SessionProvider>
        <ReferralCodesPage />
      </SessionProvider>,
    );
    const form = within(await screen.findByRole('region', { name: 'Create a referral code' }));
    const code = form.getByRole('textbox', { name: /Referral Code/ });
    const u = userEvent.setup();

    await u.type(code, 'x!');
    await u.click(form.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription('A referral code is 3-32 letters, digits, - or _.'),
    );
    expect(posted).toHaveLength(0);

    await u.clear(code);
    await u.type(code, 'TAKEN');
    await u.click(form.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('This referral code is already taken.'));
    expect(form.queryByRole('alert')).toBeNull();

    await u.clear(code);
    await u.type(code, 'SPRING26');
    await u.click(form.getByRole('button', { name: 'Create' }));
    expect(await form.findByRole('status')).toHaveTextContent(
      'Created SPRING26: https://portal.test/register/caliber?referral_code=SPRING26',
    );
    expect(posted.at(-1)).toEqual({ code: 'SPRING26', game: 'caliber' });
    expect(code).toHaveValue('');
  }, 30_000);

  it('offers neither the form nor the exports to a role that may only read', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return url === '/api/admin/access'
          ? jsonResponse({ role: 'analyst', capabilities: ['players.read', 'analytics.read'] })
          : jsonResponse(emptyPage);
      }),
    );
    signInAdminInStorage();
    renderWithQueryClient(
      <SessionProvider>
        <ReferralCodesPage />
      </SessionProvider>,
    );
    expect(await screen.findAllByText('No data available')).not.toHaveLength(0);
    await waitFor(() => expect(urls).toContain('/api/admin/access'));
    expect(screen.queryByRole('region', { name: 'Create a referral code' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).toBeNull();
  });
});
