import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPlayer } from '../../test/fixtures';
import { jsonResponse, renderRoutes } from '../../test/render';
import SocialLoginPage from './SocialLoginPage';

afterEach(() => vi.unstubAllGlobals());

const loginState = `${btoa(JSON.stringify({ p: 'google', intent: 'login', game: 'caliber' })).replace(/=+$/, '')}.sig`;
const routes = [
  { path: '/social-login/:id', element: <SocialLoginPage /> },
  { path: '/login', element: <p>login page</p> },
  { path: '/profile', element: <p>profile page</p> },
];

describe('SocialLoginPage with two-step verification on', () => {
  it('asks for the code after the provider, then signs in and opens Profile', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ mfa_required: true, mfa_token: 'challenge-1' }))
      .mockResolvedValueOnce(
        jsonResponse({
          message: 'ok',
          isAuthenticated: true,
          token: 'session',
          user: aPlayer({ uuid: 'u1' }),
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, `/social-login/u1?token=exch&state=${loginState}`);
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/Authentication code/), '123456{enter}');
    expect(await screen.findByText('profile page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('session');
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/login/mfa');
    expect(JSON.parse(String(init.body))).toEqual({ mfa_token: 'challenge-1', code: '123456' });
  }, 30_000);

  it('Back to sign-in goes to the login page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ mfa_required: true, mfa_token: 'challenge-1' })),
    );
    renderRoutes(routes, `/social-login/u1?token=exch&state=${loginState}`);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Back to sign-in' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  }, 30_000);
});
