import { PRIVACY_MESSAGES } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../lib/format';
import { jsonResponse, renderRoutes, signInPlayerInStorage } from '../test/render';
import { PlayerRoute } from './guards';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const routes = [
  { path: '/profile', element: <PlayerRoute>profile page</PlayerRoute> },
  { path: '/logout', element: <p>logout page</p> },
];

/** A player whose sign-in reply said the account waits for its erasure on 3 December 2026. */
function signedInWhileDeletionWaits(cancel: () => Response) {
  signInPlayerInStorage();
  localStorage.setItem(
    'user',
    JSON.stringify({ name: 'Ann Player', pending_deletion: { erase_at: '2026-12-03T10:00:00.000Z' } }),
  );
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      return url === '/api/account/delete/cancel' ? cancel() : jsonResponse({ isAuthenticated: true });
    }),
  );
  return calls;
}

describe('signed in while a deletion waits', () => {
  it('asks, with the erasure date; "Keep my account" cancels the deletion and the question goes', async () => {
    const calls = signedInWhileDeletionWaits(() =>
      jsonResponse({ message: PRIVACY_MESSAGES.deletionCancelled }),
    );
    renderRoutes(routes, '/profile');
    const dialog = await screen.findByRole('dialog', { name: 'Your account is waiting to be deleted' });
    expect(dialog).toHaveTextContent(`erased on ${formatDate('2026-12-03T10:00:00.000Z')}.`);
    expect(screen.getByText('profile page')).toBeInTheDocument();
    const u = userEvent.setup();
    await u.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PRIVACY_MESSAGES.deletionCancelled);
    await u.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(localStorage.getItem('user')!).pending_deletion).toBeNull();
    expect(calls).toContain('POST /api/account/delete/cancel');
  });

  it('"Continue deletion" signs out without cancelling', async () => {
    const calls = signedInWhileDeletionWaits(() => jsonResponse({ message: 'x' }));
    const router = renderRoutes(routes, '/profile');
    const dialog = await screen.findByRole('dialog');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Continue deletion' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
    expect(calls).not.toContain('POST /api/account/delete/cancel');
  });

  it('shows a failure and keeps asking', async () => {
    signedInWhileDeletionWaits(() => jsonResponse({ message: 'Something went wrong.' }, 500));
    renderRoutes(routes, '/profile');
    const dialog = await screen.findByRole('dialog');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    expect(await within(dialog).findByText('Something went wrong.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Keep my account' })).toBeEnabled();
  });

  it('asks no more when another tab kept the account already (NO_DELETION_PENDING)', async () => {
    signedInWhileDeletionWaits(() =>
      jsonResponse({ message: PRIVACY_MESSAGES.noDeletionPending, code: 'NO_DELETION_PENDING' }, 409),
    );
    renderRoutes(routes, '/profile');
    const dialog = await screen.findByRole('dialog');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(localStorage.getItem('user')!).pending_deletion).toBeNull();
  });

  it('asks nothing of an account that is not waiting', async () => {
    signInPlayerInStorage();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ isAuthenticated: true })),
    );
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('profile page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
