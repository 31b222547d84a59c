import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render';
import LoginPage from './LoginPage';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const REFUSAL = {
  message:
    'Your account is banned until 2030-02-01 (Cheating). See your account standing to read why and to appeal.',
  code: 'ACCOUNT_SANCTIONED',
  sanction: {
    scope: 'account',
    game: null,
    category: 'cheating',
    note: 'Aimbot.',
    expires_at: '2030-02-01T00:00:00.000Z',
  },
  standing_token: 'st-refused',
};

describe('a sign-in refused by a sanction', () => {
  it("shows the refusal's words and opens the account standing with its token kept in the tab", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(REFUSAL, 403)),
    );
    const router = renderRoutes(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '/standing', element: <p>Standing page</p> },
      ],
      '/login',
    );
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Pick Your Desired Game for Login'), 'yggdra');
    await user.type(screen.getByLabelText('Email'), 'banned@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret-pass{enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(REFUSAL.message);
    const link = within(alert).getByRole('link', { name: 'See your account standing' });
    expect(link).toHaveAttribute('href', '/standing');
    // The token is never in an address: it waits in this tab's sessionStorage.
    await waitFor(() => expect(sessionStorage.getItem('standing_token')).toBe('st-refused'));
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/standing'));
    expect(router.state.location.search).toBe('');
    expect(router.state.location.hash).toBe('');
  });
});
