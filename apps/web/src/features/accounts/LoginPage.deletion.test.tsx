import { PRIVACY_MESSAGES } from '@portal/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render';
import LoginPage from './LoginPage';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/profile', element: <p>profile page</p> },
];

const signIn = async (reply: object) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      jsonResponse({ message: 'ok', token: 't', isAuthenticated: true, user: { uuid: 'u1' }, ...reply }),
    ),
  );
  renderRoutes(routes, '/login');
  const u = userEvent.setup();
  await u.type(screen.getByLabelText('Email'), 'ann@example.com');
  await u.type(screen.getByLabelText('Password'), 'right-password{enter}');
  return screen.findByRole('status');
};

describe('LoginPage after a deletion request', () => {
  it('says the sign-in cancelled the pending deletion', async () => {
    expect(await signIn({ deletion_cancelled: true })).toHaveTextContent(PRIVACY_MESSAGES.deletionCancelled);
  }, 30_000);

  it('says nothing of it on an ordinary sign-in', async () => {
    expect(await signIn({})).not.toHaveTextContent(PRIVACY_MESSAGES.deletionCancelled);
  }, 30_000);
});
