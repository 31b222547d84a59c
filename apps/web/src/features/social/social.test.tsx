import type { ProfileUser } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPlayer } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import SocialLoginPage from './SocialLoginPage';
import { decodeSocialState } from './state';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function replies(...bodies: [number, unknown][]) {
  const fetchMock = vi.fn(async () => {
    const [status, body] = bodies.length > 1 ? bodies.shift()! : bodies[0]!;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const state = (intent: string) =>
  `${btoa(JSON.stringify({ p: 'google', intent, game: 'caliber' })).replace(/=+$/, '')}.sig`;
const user = (verified: boolean, games: ProfileUser['games'] = []) =>
  aPlayer({
    email: 'gina@example.test',
    games,
    email_verified_at: verified ? '2026-01-01T00:00:00.000Z' : null,
  });

const routes = [
  { path: '/social-login/:id', element: <SocialLoginPage /> },
  { path: '/login', element: <p>login page</p> },
  { path: '/profile', element: <p>profile page</p> },
];

describe('SocialLoginPage', () => {
  it('decodes the intent from the signed state', () => {
    expect(decodeSocialState(state('login'))?.intent).toBe('login');
    expect(decodeSocialState('%%%')).toBeNull();
  });

  it('goes to /login without a token', async () => {
    replies([200, {}]);
    renderRoutes(routes, '/social-login/u1');
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('goes to /login when the lookup fails', async () => {
    replies([401, { message: 'no' }]);
    renderRoutes(routes, `/social-login/u1?token=t&state=${state('register')}`);
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('stays to show a refusal by a sanction, with the way to the account standing', async () => {
    const message =
      'Your account is banned permanently (Cheating). See your account standing to read why and to appeal.';
    replies([403, { message, code: 'ACCOUNT_SANCTIONED', standing_token: 'st-social' }]);
    renderRoutes(routes, `/social-login/u1?token=exch&state=${state('login')}`);
    expect(await screen.findByRole('heading', { name: 'Sign-in refused' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'See your account standing' })).toHaveAttribute(
      'href',
      '/standing',
    );
    await waitFor(() => expect(sessionStorage.getItem('standing_token')).toBe('st-social'));
    expect(screen.queryByText('login page')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    sessionStorage.clear();
  });

  it('signs in a verified login and opens Profile', async () => {
    const fetchMock = replies([200, { user: user(true), isAuthenticated: true, token: 'session' }]);
    renderRoutes(routes, `/social-login/u1?token=exch&state=${state('login')}`);
    expect(await screen.findByText('profile page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('session');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer exch');
  });

  it('shows Set your game details with the spec messages, then submits and clears storage', async () => {
    const fetchMock = replies(
      [200, { user: user(true), isAuthenticated: true, token: 'session' }],
      [
        200,
        {
          user: user(true, [{ id: 'g1', name: 'caliber', created_at: '2026-01-01T00:00:00.000Z' }]),
          message: 'ok',
        },
      ],
    );
    localStorage.setItem('darkMode', 'true');
    renderRoutes(routes, `/social-login/u1?token=exch&state=${state('register')}`);
    expect(await screen.findByRole('heading', { name: 'Set your game details' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Email')).toBeDisabled(); // the form shows once the lookup answers
    expect(screen.getByText('Password must be 8-70 characters long.')).toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Nickname field is required.')).toBeInTheDocument();
    expect(screen.getAllByText('Password length must be at least 8 characters')).toHaveLength(2);

    await u.type(screen.getByLabelText(/^Nickname/), 'Gina');
    await u.type(screen.getByLabelText(/^PIN/), '12ab34');
    await u.type(screen.getByLabelText(/^Password\s*\*?$/), 'Sunny-Days-42');
    await u.type(screen.getByLabelText(/^Password Confirmation/), 'Sunny-Days-41');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Password fields must match')).toBeInTheDocument();
    await u.clear(screen.getByLabelText(/^Password Confirmation/));
    await u.type(screen.getByLabelText(/^Password Confirmation/), 'Sunny-Days-42');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/register/details');
    expect(JSON.parse(String(init.body))).toEqual({
      game: 'caliber',
      email: 'gina@example.test',
      nickname: 'Gina',
      pin: '1234',
      password: 'Sunny-Days-42',
      confirmPassword: 'Sunny-Days-42',
    });
    expect(localStorage.getItem('darkMode')).toBeNull();
  }, 30_000);
});
