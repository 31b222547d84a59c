import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render';
import LoginApiPage from './LoginApiPage';

afterEach(() => vi.unstubAllGlobals());

async function enterPassword() {
  renderRoutes([{ path: '/loginapi', element: <LoginApiPage /> }], '/loginapi?developer=true');
  const u = userEvent.setup();
  await u.type(screen.getByLabelText(/^Email/), 'a@b.c');
  await u.type(screen.getByLabelText(/^Password\s*\*?$/), 'right-password');
  await u.click(screen.getByRole('button', { name: 'Continue' }));
  return u;
}

describe('launcher password login with two-step verification on', () => {
  it('asks for the code; a refusal of the second step shows its errorMessage above the form again', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ mfa_required: true, mfa_token: 'challenge-1' }))
      .mockResolvedValueOnce(
        jsonResponse({
          data: { errorMessage: 'Your account is suspended.', errorCode: 'ACCOUNT_SUSPENDED' },
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const u = await enterPassword();
    await u.type(await screen.findByLabelText(/Authentication code/), '123456{enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is suspended.');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('a@b.c');
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/login-caliber/mfa');
    expect(JSON.parse(String(init.body))).toEqual({ mfa_token: 'challenge-1', code: '123456' });
  }, 30_000);

  it('Back to sign-in shows the password form again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ mfa_required: true, mfa_token: 'challenge-1' })),
    );
    const u = await enterPassword();
    await u.click(await screen.findByRole('button', { name: 'Back to sign-in' }));
    expect(screen.getByLabelText(/^Email/)).toHaveValue('a@b.c');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  }, 30_000);
});
