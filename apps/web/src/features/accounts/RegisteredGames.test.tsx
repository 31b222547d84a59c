import { ACCOUNT_MESSAGES, type ProfileUser } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../lib/format';
import { jsonResponse, renderRoutes, signInPlayerInStorage } from '../../test/render';
import { RegisteredGames } from './RegisteredGames';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const userWith = (games: ProfileUser['games']) => ({ games }) as unknown as ProfileUser;

const renderGames = (games: ProfileUser['games']) => {
  signInPlayerInStorage();
  renderRoutes([{ path: '/profile', element: <RegisteredGames user={userWith(games)} /> }], '/profile');
  return screen.getByRole('region', { name: 'Registered Games' });
};

describe('Registered Games', () => {
  it('lists every game the account has, Yggdra included, and offers only Caliber and Tales Runner', () => {
    const list = renderGames([
      { id: '1', name: 'talesrunner', created_at: '2026-10-01T08:00:00.000Z' },
      { id: '2', name: 'yggdra', created_at: '2026-11-02T08:00:00.000Z' },
    ]);
    const yggdra = within(list).getByTestId('registered-yggdra');
    expect(yggdra).toHaveTextContent('Yggdra');
    expect(yggdra).toHaveTextContent(`Registered Last: ${formatDate('2026-11-02T08:00:00.000Z')}`);
    expect(within(list).getByTestId('registered-talesrunner')).toHaveTextContent('Tales Runner');
    expect(within(list).getByRole('button', { name: 'Register for Caliber' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Register for Yggdra' })).toBeNull();
  });

  it('offers no Yggdra entry to an account without it', () => {
    const list = renderGames([{ id: '1', name: 'caliber', created_at: '2026-10-01T08:00:00.000Z' }]);
    expect(within(list).queryByText(/Yggdra/)).toBeNull();
    expect(within(list).getByRole('button', { name: 'Register for Tales Runner' })).toBeInTheDocument();
  });

  it('tells the outcome of a registration in a dialog, and OK after a failure closes it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Server Error' }, 500)),
    );
    const list = renderGames([{ id: '1', name: 'caliber', created_at: '2026-10-01T08:00:00.000Z' }]);
    fireEvent.click(within(list).getByRole('button', { name: 'Register for Tales Runner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registration failed' });
    expect(dialog).toHaveTextContent(ACCOUNT_MESSAGES.gameRegisterFailed('Tales Runner'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
