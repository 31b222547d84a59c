import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createChallenge, pbkdf2, verifySolution } from 'altcha/lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render';
import AdminLoginPage from './AdminLoginPage';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/mlg/admin/login', element: <AdminLoginPage /> },
  { path: '/mlg/admin/dashboard', element: <p>dashboard</p> },
];

const SECRET = 'test-signature-secret';

/** A real ALTCHA v2 challenge as the server makes one (lib/proof-of-work.ts), small enough for jsdom. */
const serverChallenge = () =>
  createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 100,
    counter: 200,
    deriveKey: pbkdf2.deriveKey,
    hmacSignatureSecret: SECRET,
  });

describe('AdminLoginPage with a proof-of-work challenge (decision 0039)', () => {
  it('says it is checking the browser, solves the challenge and repeats the sign-in with altcha', async () => {
    const challenge = await serverChallenge();
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(
          {
            message: 'Please wait while your browser is checked, then try again.',
            code: 'CHALLENGE_REQUIRED',
            challenge,
          },
          429,
        ),
      )
      .mockResolvedValueOnce(
        jsonResponse({
          message: 'Login successful',
          token: 'admin-token',
          admin: { id: 'a1', name: 'Staff', email: 'staff@example.com', status: 'active' },
          adminAuthenticated: true,
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/mlg/admin/login');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Email'), 'staff@example.com');
    await u.type(screen.getByLabelText('Password'), 'right');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    // Shown under the sign-in form and said in a polite live region (no puzzle), which stays in the page,
    // empty, once the check is done.
    const note = await screen.findByTestId('challenge-note');
    expect(note).toHaveTextContent('Checking your browser…');
    expect(note.closest('form')).not.toBeNull();
    const status = document.querySelector('[aria-live="polite"]');
    expect(status).toHaveTextContent('Checking your browser…');
    expect(await screen.findByText('dashboard', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('challenge-note')).toBeNull();
    expect(status).toBeInTheDocument();
    expect(status).toHaveTextContent('');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/admin/login');
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({ email: 'staff@example.com', password: 'right' });
    // The payload is what the server checks: the signed challenge and a solution that verifies.
    const payload = JSON.parse(atob(body.altcha));
    expect(payload.challenge).toEqual(challenge);
    const verified = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey: pbkdf2.deriveKey,
      hmacSignatureSecret: SECRET,
    });
    expect(verified.verified).toBe(true);
  }, 30_000);

  it('shows the refusal when the repeat is asked again, without solving a second time', async () => {
    const asked = async () =>
      jsonResponse(
        {
          message: 'Please wait while your browser is checked, then try again.',
          code: 'CHALLENGE_REQUIRED',
          challenge: await serverChallenge(),
        },
        429,
      );
    const fetchMock = vi.fn().mockImplementation(asked);
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/mlg/admin/login');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Email'), 'staff@example.com');
    await u.type(screen.getByLabelText('Password'), 'right');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please wait while your browser is checked, then try again.',
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(JSON.parse(String((fetchMock.mock.calls[1] as [string, RequestInit])[1].body)).altcha).toEqual(
      expect.any(String),
    );
  }, 30_000);
});
