import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPlayer } from '../test/fixtures';
import { jsonResponse, renderRoutes } from '../test/render';
import { PasskeySignInButton } from './PasskeySignInButton';

const browser = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('PasskeySignInButton', () => {
  it('shows why a sign-in did not work, then passes the sign-in reply on', async () => {
    const reply = { message: 'Login Successfully!', token: 't', isAuthenticated: true, user: aPlayer() };
    let verify = () => jsonResponse({ message: 'This passkey could not sign you in.' }, 401);
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === '/api/passkeys/login/options')
          return jsonResponse({ challenge_id: 'c1', options: { challenge: 'x' } });
        bodies.push(JSON.parse(String(init.body)));
        return url === '/api/passkeys/login/verify' ? verify() : jsonResponse({}, 404);
      }),
    );
    browser.startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('no'), { name: 'NotAllowedError' }),
    );
    browser.startAuthentication.mockResolvedValue({ id: 'cred', type: 'public-key' });
    const onSignedIn = vi.fn();
    render(<PasskeySignInButton audience="player" onSignedIn={onSignedIn} />);
    const button = screen.getByRole('button', { name: 'Sign in with a passkey' });

    await userEvent.click(button);
    expect(
      await screen.findByText('The passkey prompt was closed or timed out. Please try again.'),
    ).toBeInTheDocument();
    await userEvent.click(button);
    expect(await screen.findByText('This passkey could not sign you in.')).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();

    verify = () => jsonResponse(reply);
    await userEvent.click(button);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(reply));
    expect(bodies.at(-1)).toEqual({ challenge_id: 'c1', response: { id: 'cred', type: 'public-key' } });
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'x' } });
    expect(button).toBeDisabled();
  });

  it('shows a refusal by a sanction with the way to the account standing, and keeps its token', async () => {
    const message =
      'Your account is banned permanently (Scamming). See your account standing to read why and to appeal.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/passkeys/login/options'
          ? jsonResponse({ challenge_id: 'c1', options: { challenge: 'x' } })
          : jsonResponse({ message, code: 'ACCOUNT_SANCTIONED', standing_token: 'st-passkey' }, 403),
      ),
    );
    browser.startAuthentication.mockResolvedValue({ id: 'cred', type: 'public-key' });
    const onSignedIn = vi.fn();
    renderRoutes(
      [{ path: '/login', element: <PasskeySignInButton audience="player" onSignedIn={onSignedIn} /> }],
      '/login',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'See your account standing' })).toHaveAttribute(
      'href',
      '/standing',
    );
    await waitFor(() => expect(sessionStorage.getItem('standing_token')).toBe('st-passkey'));
    expect(onSignedIn).not.toHaveBeenCalled();
    sessionStorage.clear();
  });
});
