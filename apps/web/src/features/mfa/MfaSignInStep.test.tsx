import { MFA_MESSAGES } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPlayer } from '../../test/fixtures';
import { jsonResponse, renderRoutes, renderWithQueryClient } from '../../test/render';
import { mfaSignIn } from './api';
import MfaSignInStep from './MfaSignInStep';

afterEach(() => vi.unstubAllGlobals());

/** Answers each call with the next reply; returns the mock to read what was sent. */
function replies(...answers: Response[]) {
  const fetchMock = vi.fn();
  for (const answer of answers) fetchMock.mockResolvedValueOnce(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof vi.fn>, call: number) => {
  const [url, init] = fetchMock.mock.calls[call] as [string, RequestInit];
  return { url, body: JSON.parse(String(init.body)) as unknown };
};

function renderStep() {
  const onBack = vi.fn();
  const onSignedIn = vi.fn();
  renderWithQueryClient(
    <MfaSignInStep
      mfaToken="challenge-1"
      verify={(request) => mfaSignIn.player(request).then(onSignedIn)}
      onBack={onBack}
    />,
  );
  return { onBack, onSignedIn, u: userEvent.setup() };
}

describe('MfaSignInStep', () => {
  it('asks for the app code, checks its form, shows a wrong code under the field, then finishes', async () => {
    const fetchMock = replies(
      jsonResponse({ message: 'x', errors: { code: [MFA_MESSAGES.wrongCode] } }, 422),
      jsonResponse({ message: 'ok', token: 'player-token', isAuthenticated: true, user: aPlayer() }),
    );
    const { u, onSignedIn } = renderStep();
    const code = screen.getByLabelText(/Authentication code/);
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveFocus();

    // Letters are dropped as typed; five digits are refused by the contract's rule before any call.
    await u.type(code, '12a345');
    expect(code).toHaveValue('12345');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(code).toHaveAccessibleDescription(MFA_MESSAGES.codeFormat));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();

    await u.type(code, '6{enter}');
    await vi.waitFor(() => expect(code).toHaveAccessibleDescription(MFA_MESSAGES.wrongCode));
    expect(sent(fetchMock, 0)).toEqual({
      url: '/login/mfa',
      body: { mfa_token: 'challenge-1', code: '123456' },
    });

    await u.clear(code);
    await u.type(code, '654321{enter}');
    await vi.waitFor(() =>
      expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ token: 'player-token' })),
    );
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
  }, 30_000);

  it('takes a recovery code instead; a spent challenge (401) leaves only Back to sign-in', async () => {
    const fetchMock = replies(jsonResponse({ message: MFA_MESSAGES.tokenInvalid }, 401));
    const { u, onBack } = renderStep();
    await u.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByText(/Enter one of your recovery codes/)).toBeInTheDocument();
    await u.type(screen.getByLabelText(/Recovery code/), ' K3F9A-7QM2X {enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MFA_MESSAGES.tokenInvalid);
    expect(sent(fetchMock, 0).body).toEqual({ mfa_token: 'challenge-1', code: 'k3f9a-7qm2x' });
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(screen.queryByRole('button', { name: /instead/ })).toBeNull();

    await u.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(onBack).toHaveBeenCalledOnce();
  }, 30_000);

  it('shows a lockout (429) as the server says it and lets the player try again later', async () => {
    replies(jsonResponse({ message: MFA_MESSAGES.lockedOut(15) }, 429));
    const { u } = renderStep();
    await u.type(screen.getByLabelText(/Authentication code/), '123456{enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong codes. Please try again in 15 minutes.',
    );
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  }, 30_000);

  it('shows a refusal by a sanction once the code is right, and leaves only Back to sign-in', async () => {
    const message =
      'Your account is banned until 2030-02-01 (Cheating). See your account standing to read why and to appeal.';
    replies(jsonResponse({ message, code: 'ACCOUNT_SANCTIONED', standing_token: 'st-mfa' }, 403));
    const onBack = vi.fn();
    renderRoutes(
      [
        {
          path: '/login',
          element: (
            <MfaSignInStep
              mfaToken="challenge-1"
              verify={(request) => mfaSignIn.player(request)}
              onBack={onBack}
            />
          ),
        },
      ],
      '/login',
    );
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/Authentication code/), '123456{enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'See your account standing' })).toHaveAttribute(
      'href',
      '/standing',
    );
    await waitFor(() => expect(sessionStorage.getItem('standing_token')).toBe('st-mfa'));
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(onBack).toHaveBeenCalled();
    sessionStorage.clear();
  });
});
