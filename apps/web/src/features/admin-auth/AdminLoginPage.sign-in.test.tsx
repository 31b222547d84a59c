import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render';
import AdminLoginPage from './AdminLoginPage';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/mlg/admin/login', element: <AdminLoginPage /> },
  { path: '/mlg/admin/dashboard', element: <p>dashboard</p> },
];

describe('AdminLoginPage', () => {
  it('shows the spec message of a 401, then signs in and opens the Dashboard after the banner', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse({ message: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' }, 401),
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
    await u.type(screen.getByLabelText('Password'), 'wrong');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials.');

    await u.clear(screen.getByLabelText('Password'));
    await u.type(screen.getByLabelText('Password'), 'right');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Login Successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByText('dashboard', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(localStorage.getItem('admin_token')).toBe('admin-token');
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/admin/login');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'staff@example.com', password: 'right' });
  }, 30_000);
});
