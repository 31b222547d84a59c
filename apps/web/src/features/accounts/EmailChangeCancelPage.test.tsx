import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signInPlayerInStorage } from '../../test/render';
import EmailChangeCancelPage from './EmailChangeCancelPage';

afterEach(() => vi.unstubAllGlobals());

function serve(reply: Response) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => reply);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const route = [{ path: '/email-change/cancel/:token', element: <EmailChangeCancelPage /> }];

describe('EmailChangeCancelPage', () => {
  it('cancels only on the button, shows the outcome and forgets the local session', async () => {
    signInPlayerInStorage();
    const message = 'The email change was cancelled: your account has its previous email address again.';
    const fetch = serve(jsonResponse({ message }));
    renderRoutes(route, '/email-change/cancel/abc.def');
    const button = await screen.findByRole('button', { name: 'Cancel the change' });
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.setup().click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(message);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/email-change/cancel');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'abc.def' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel the change' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows the server’s reason when the link is spent or expired, and keeps the session', async () => {
    signInPlayerInStorage();
    const reason = 'This cancel link is invalid or has expired, or the change was already undone.';
    serve(jsonResponse({ message: reason }, 400));
    renderRoutes(route, '/email-change/cancel/old');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel the change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(localStorage.getItem('token')).toBe('player-token');
  });
});
