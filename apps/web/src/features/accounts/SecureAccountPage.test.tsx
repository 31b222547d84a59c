import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signInPlayerInStorage } from '../../test/render';
import SecureAccountPage from './SecureAccountPage';

afterEach(() => vi.unstubAllGlobals());

function serve(...replies: Response[]) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => replies.shift()!);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const TOKEN = 'T'.repeat(43);
const routes = [
  { path: '/secure-account/:token', element: <SecureAccountPage /> },
  { path: '/reset-password/:token/:game', element: <h1>Change your Password</h1> },
];

describe('SecureAccountPage', () => {
  it('does nothing on opening; the button secures, forgets the session and opens the reset page', async () => {
    signInPlayerInStorage();
    const fetch = serve(
      jsonResponse({ message: 'Your account is secured.', reset_token: 'reset-tok', game: 'talesrunner' }),
    );
    const router = renderRoutes(routes, `/secure-account/${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Secure my account' });
    expect(screen.getByText(/Every session is signed out/)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.setup().click(button);
    expect(await screen.findByRole('heading', { name: 'Change your Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password/reset-tok/talesrunner');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/account/secure');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('can be pressed from the keyboard and shows its progress', async () => {
    let answer: (reply: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderRoutes(routes, `/secure-account/${TOKEN}`);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Secure my account' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Secure my account' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const busy = await screen.findByRole('button', { name: 'Securing your account…' });
    expect(busy).toBeDisabled();
    answer(jsonResponse({ message: 'ok', reset_token: 'r', game: 'caliber' }));
    expect(await screen.findByRole('heading', { name: 'Change your Password' })).toBeInTheDocument();
  });

  it('explains a spent or expired link, offers Forgot password and keeps the session', async () => {
    signInPlayerInStorage();
    const reason = 'This link to secure your account is invalid, has already been used or has expired.';
    serve(jsonResponse({ message: reason, error: reason }, 400));
    renderRoutes(routes, `/secure-account/${TOKEN}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Secure my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute(
      'href',
      '/password/request',
    );
    expect(screen.queryByRole('button', { name: 'Secure my account' })).toBeNull();
    expect(localStorage.getItem('token')).toBe('player-token');
  });

  it('lets the player try again after a failure that is not the link’s', async () => {
    serve(
      jsonResponse({ message: 'Too many requests.' }, 429),
      jsonResponse({ message: 'ok', reset_token: 'r', game: 'caliber' }),
    );
    renderRoutes(routes, `/secure-account/${TOKEN}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Secure my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
    await user.click(screen.getByRole('button', { name: 'Secure my account' }));
    expect(await screen.findByRole('heading', { name: 'Change your Password' })).toBeInTheDocument();
  });
});
