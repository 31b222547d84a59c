import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createTestQueryClient,
  heldReplies,
  renderRoutes,
  signInAdminInStorage,
  signInPlayerInStorage,
} from '../test/render';
import { AdminRoute, GuestRoute, PlayerRoute, startAdminMfaCheck, startSessionCheck } from './guards';

const routes = [
  { path: '/login', element: <p>login page</p> },
  { path: '/profile', element: <PlayerRoute>profile page</PlayerRoute> },
  { path: '/shop', handle: { publicContent: true }, element: <PlayerRoute>shop page</PlayerRoute> },
];

/** A user-info check that answers only when `settle` is called. */
function pendingCheck(status: number) {
  const { fetchMock, answer } = heldReplies(
    status === 200 ? { isAuthenticated: true } : { message: 'x' },
    status,
  );
  return { fetchMock, settle: answer };
}

function answer(status: number) {
  // A success is user-info's reply; a failure, an error body.
  const body = status === 200 ? { isAuthenticated: true } : { message: 'x' };
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('PlayerRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets the player through when user-info answers 200, sending the bearer token', async () => {
    signInPlayerInStorage();
    const fetchMock = answer(200);
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('profile page')).toBeInTheDocument();
    const init = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init[0]).toBe('/api/user-info');
    expect(init[1].headers).toMatchObject({ Authorization: 'Bearer player-token' });
  });

  it('clears local storage and goes to Login on any other answer', async () => {
    signInPlayerInStorage();
    localStorage.setItem('darkMode', 'true');
    answer(401);
    const router = renderRoutes(routes, '/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
  });

  it('shows a page of private content only once the check has answered', async () => {
    signInPlayerInStorage();
    const check = pendingCheck(200);
    renderRoutes(routes, '/profile');
    await waitFor(() => expect(check.fetchMock).toHaveBeenCalled());
    expect(screen.getByText('Checking your session…')).toBeInTheDocument();
    expect(screen.queryByText('profile page')).toBeNull();
    check.settle();
    expect(await screen.findByText('profile page')).toBeInTheDocument();
  });

  it('shows a page of public content while the check runs, and still leaves on a refusal', async () => {
    signInPlayerInStorage();
    const check = pendingCheck(401);
    const router = renderRoutes(routes, '/shop');
    expect(screen.getByText('shop page')).toBeInTheDocument();
    await waitFor(() => expect(check.fetchMock).toHaveBeenCalled());
    check.settle();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('uses the check the app started with (start.tsx) instead of asking again; another page asks anew', async () => {
    signInPlayerInStorage();
    const check = pendingCheck(200);
    const client = createTestQueryClient();
    startSessionCheck(client, 'player-token', '/profile');
    await waitFor(() => expect(check.fetchMock).toHaveBeenCalledTimes(1));
    const router = renderRoutes(routes, '/profile', client);
    expect(screen.getByText('Checking your session…')).toBeInTheDocument();
    check.settle();
    expect(await screen.findByText('profile page')).toBeInTheDocument();
    expect(check.fetchMock).toHaveBeenCalledTimes(1);

    await router.navigate('/shop');
    await waitFor(() => expect(check.fetchMock).toHaveBeenCalledTimes(2));
    check.settle();
    expect(await screen.findByText('shop page')).toBeInTheDocument();
  });

  it('sends a visitor without a token to Login without calling the server', async () => {
    const fetchMock = answer(200);
    const router = renderRoutes(routes, '/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('GuestRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  const guestRoutes = [
    { path: '/login', element: <GuestRoute>login page</GuestRoute> },
    { path: '/profile', element: <PlayerRoute>profile page</PlayerRoute> },
    { path: '/activate', element: <p>activate page</p> },
  ];

  it('sends a signed-in player to the allowlisted page the login was opened for, else to Profile', async () => {
    signInPlayerInStorage();
    answer(200);
    const router = renderRoutes(
      guestRoutes,
      `/login?next=${encodeURIComponent('/activate?user_code=BCDF-GHJK')}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/activate'));
    expect(router.state.location.search).toBe('?user_code=BCDF-GHJK');
    const elsewhere = renderRoutes(guestRoutes, `/login?next=${encodeURIComponent('//evil.example/x')}`);
    await waitFor(() => expect(elsewhere.state.location.pathname).toBe('/profile'));
  });

  it('keeps the page while a stored session is checked, and Profile counts that check as its own', async () => {
    signInPlayerInStorage();
    const { fetchMock, settle } = pendingCheck(200);
    const router = renderRoutes(guestRoutes, '/login');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(router.state.location.pathname).toBe('/login');
    settle();
    expect(await screen.findByText('profile page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stays on the page and clears the stored session when it has ended', async () => {
    signInPlayerInStorage();
    const { settle } = pendingCheck(401);
    const router = renderRoutes(guestRoutes, '/login');
    const page = await screen.findByText('login page');
    settle();
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    // The same element: the page was never replaced, so what was typed into it is still there.
    expect(screen.getByText('login page')).toBe(page);
  });

  it('stays on the page and keeps the session when the server cannot be reached', async () => {
    signInPlayerInStorage();
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const router = renderRoutes(guestRoutes, '/login');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBe('player-token');
  });
});

describe('AdminRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  const adminRoutes = [
    {
      path: '/mlg/admin',
      element: <AdminRoute />,
      children: [{ path: 'dashboard', element: <p>dashboard</p> }],
    },
  ];

  it('uses the two-step status check the app started with (start.tsx) instead of asking again', async () => {
    signInAdminInStorage();
    const { fetchMock, answer } = heldReplies({
      totp_enabled: true,
      recovery_codes_left: 10,
      setup_required: false,
    });
    const client = createTestQueryClient();
    startAdminMfaCheck(client, 'admin-token');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/mfa');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer admin-token' });
    renderRoutes(adminRoutes, '/mlg/admin/dashboard', client);
    expect(screen.getByText('Checking your session…')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/mfa')).toHaveLength(1);
  });
});
