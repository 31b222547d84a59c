import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render';
import AdminLoginPage from './AdminLoginPage';

afterEach(() => vi.unstubAllGlobals());

describe('AdminLoginPage with two-step verification on', () => {
  it('asks for the code after the password and opens the Dashboard after the banner', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ mfa_required: true, mfa_token: 'challenge-1' }))
      .mockResolvedValueOnce(
        jsonResponse({
          message: 'Login successful',
          token: 'admin-token',
          admin: { id: 'a1', name: 'Staff', email: 'staff@example.com', status: 'active' },
          adminAuthenticated: true,
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(
      [
        { path: '/mlg/admin/login', element: <AdminLoginPage /> },
        { path: '/mlg/admin/dashboard', element: <p>dashboard</p> },
      ],
      '/mlg/admin/login',
    );
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Email'), 'staff@example.com');
    await u.type(screen.getByLabelText('Password'), 'right-password{enter}');
    await u.type(await screen.findByLabelText(/Authentication code/), '123456{enter}');
    expect(await screen.findByText('Login Successfully!')).toBeInTheDocument();
    expect(await screen.findByText('dashboard', {}, { timeout: 3000 })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/admin/login/mfa');
    expect(JSON.parse(String(init.body))).toEqual({ mfa_token: 'challenge-1', code: '123456' });
    expect(localStorage.getItem('admin_token')).toBe('admin-token');
  }, 30_000);
});
