import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPlayer } from '../../test/fixtures';
import { jsonResponse, renderRoutes } from '../../test/render';
import LoginPage from './LoginPage';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

function server(routes: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const answer = routes[`${init.method ?? 'GET'} ${url}`];
      return answer ? answer() : jsonResponse({ message: 'no route' }, 404);
    }),
  );
}

describe('returning after sign-in', () => {
  const signedIn = () =>
    server({
      'POST /login': () =>
        jsonResponse({ message: 'ok', token: 'tok', isAuthenticated: true, user: aPlayer({ uuid: 'u' }) }),
    });
  const routes = [
    { path: '/login', element: <LoginPage /> },
    { path: '/authorize/:uid', element: <p>Authorize page</p> },
    { path: '/profile', element: <p>Profile page</p> },
  ];
  const signIn = async () => {
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Pick Your Desired Game for Login'), 'yggdra');
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'secret-pass{enter}');
  };

  it('opens the allowlisted page the login link names', async () => {
    signedIn();
    const router = renderRoutes(routes, '/login?next=%2Fauthorize%2Fu1');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/authorize/u1'), { timeout: 3000 });
  });

  it('ignores another origin and goes to Profile', async () => {
    signedIn();
    const router = renderRoutes(routes, '/login?next=https%3A%2F%2Fevil.example%2Fauthorize%2Fu1');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), { timeout: 3000 });
  });
});
