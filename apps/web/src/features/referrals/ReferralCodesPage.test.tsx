import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueryClient } from '../../test/render';
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

afterEach(() => vi.unstubAllGlobals());

describe('Create a referral code', () => {
  it('checks the code with the contract rule, shows a 422 under it, and shows the created URL', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit = {}) => {
        if (init.method !== 'POST') return jsonResponse(emptyPage);
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
    renderWithQueryClient(<ReferralCodesPage />);
    const form = within(screen.getByRole('region', { name: 'Create a referral code' }));
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
});
