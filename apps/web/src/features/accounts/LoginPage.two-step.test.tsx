import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPlayer } from '../../test/fixtures';
import { jsonResponse, renderRoutes } from '../../test/render';
import LoginPage from './LoginPage';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/profile', element: <p>profile page</p> },
];

describe('LoginPage with two-step verification on', () => {
  it('asks for the code after the password, then shows the banner and opens Profile', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ mfa_required: true, mfa_token: 'challenge-1' }))
      .mockResolvedValueOnce(
        jsonResponse({ message: 'ok', token: 'player-token', isAuthenticated: true, user: aPlayer() }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const router = renderRoutes(routes, '/login');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Email'), 'ann@example.com');
    await u.type(screen.getByLabelText('Password'), 'right-password{enter}');

    const code = await screen.findByLabelText(/Authentication code/);
    expect(screen.queryByText('Login Successfully!')).toBeNull();
    expect(screen.getByLabelText('Email')).not.toBeVisible();
    await u.type(code, '123456{enter}');
    expect(await screen.findByText('Login Successfully!')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), { timeout: 3000 });
    expect(localStorage.getItem('token')).toBe('player-token');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/login', '/login/mfa']);
  }, 30_000);

  it('Back to sign-in shows the form as it was typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ mfa_required: true, mfa_token: 'challenge-1' })),
    );
    renderRoutes(routes, '/login');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Email'), 'ann@example.com');
    await u.type(screen.getByLabelText('Password'), 'right-password{enter}');
    await u.click(await screen.findByRole('button', { name: 'Back to sign-in' }));
    expect(screen.getByRole('form', { name: 'Login' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  }, 30_000);
});
