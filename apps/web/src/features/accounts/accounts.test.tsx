import { MESSAGES } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPlayer } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';

afterEach(() => vi.unstubAllGlobals());

function reply(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('LoginPage', () => {
  const routes = [
    { path: '/login', element: <LoginPage /> },
    { path: '/profile', element: <p>profile page</p> },
  ];

  it('joins 422 messages with line breaks', async () => {
    reply(422, {
      message: 'x',
      errors: { email: ['The email field is required.'], password: ['The password field is required.'] },
    });
    renderRoutes(routes, '/login');
    fireEvent.submit(screen.getByRole('form', { name: 'Login' }));
    const alert = await screen.findByText(/The email field is required\./);
    expect(alert.textContent).toBe('The email field is required.\nThe password field is required.');
  });

  it('shows the error text of a 401', async () => {
    reply(401, { message: 'Invalid email or password.', error: 'Invalid email or password.' });
    renderRoutes(routes, '/login');
    fireEvent.submit(screen.getByRole('form', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
  });

  it('shows the success banner, then stores the session and goes to Profile', async () => {
    const fetchMock = reply(200, {
      message: 'ok',
      token: 'tok',
      isAuthenticated: true,
      user: aPlayer({ uuid: 'u', role: 'admin' }),
    });
    const router = renderRoutes(routes, '/login');
    await userEvent.selectOptions(screen.getByLabelText('Pick Your Desired Game for Login'), 'yggdra');
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.co');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass{enter}');
    expect(await screen.findByText('Login Successfully!')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'a@b.co',
      password: 'secret-pass',
      game: 'yggdra',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), { timeout: 2000 });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('isAuthenticated')).toBe('true');
    expect(localStorage.getItem('role')).toBe('admin');
  });
});

describe('RegisterPage', () => {
  const routes = [
    { path: '/register', element: <RegisterPage /> },
    { path: '/register/:game', element: <RegisterPage /> },
  ];

  it('keeps Submit disabled until every rule holds, then shows the first field error in the Error modal', async () => {
    const fetchMock = reply(422, {
      message: 'x',
      errors: { email: ['The email has already been taken.'], name: ['other'] },
    });
    renderRoutes(routes, '/register/caliber?referral_code=ABC123');
    expect(screen.getByLabelText('Referral Code (optional)')).toHaveValue('ABC123');
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/Full Name/), 'Ana');
    await userEvent.type(screen.getByLabelText(/Nickname/), 'ana1');
    await userEvent.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await userEvent.tab();
    expect(screen.getByText(MESSAGES.emailBlur)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Email/));
    await userEvent.type(screen.getByLabelText(/^Email/), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(/^Password \*/), 'Secret-Pass-1');
    await userEvent.type(screen.getByLabelText(/Password Confirmation/), 'Secret-Pass-2');
    await userEvent.tab();
    expect(screen.getByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/Password Confirmation/));
    await userEvent.type(screen.getByLabelText(/Password Confirmation/), 'Secret-Pass-1');
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox'));
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(await screen.findByText('The email has already been taken.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      selectedGame: 'caliber',
      nickname: 'ana1',
      referralCode: 'ABC123',
    });
  }, 30_000);

  it('counts a Tales Runner referral visit once', async () => {
    const fetchMock = reply(200, { counted: true });
    renderRoutes(routes, '/register/talesrunner?ref=TRCODE');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/referral-visit');
    expect(JSON.parse(String(init.body))).toEqual({ referral_code: 'TRCODE' });
    expect(screen.queryByLabelText(/Nickname/)).toBeNull();
  });
});
