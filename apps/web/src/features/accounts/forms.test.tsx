import type { ProfileUser } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signInPlayerInStorage } from '../../test/render';
import EditProfilePage from './EditProfilePage';
import ForgotPasswordPage from './ForgotPasswordPage';
import RegisterPage from './RegisterPage';
import ResetPasswordPage from './ResetPasswordPage';

afterEach(() => vi.unstubAllGlobals());

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** Answers each call with `reply(call)` and records the calls. */
function serve(reply: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return reply(call);
    }),
  );
  return calls;
}

const invalid = (errors: Record<string, string[]>) =>
  jsonResponse({ message: Object.values(errors)[0]?.[0], errors }, 422);

const player: ProfileUser = {
  uuid: 'u1',
  name: 'Ann Player',
  email: 'ann@example.com',
  phone_number: null,
  timeZone: null,
  isp: null,
  account_status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  role: 'member',
  referral_code: null,
  nickname: 'ann1',
  pin: null,
  profile: { gender: null, birthdate: null, age: null, occupation: null },
  addresses: [],
  games: [{ id: 'g1', name: 'caliber', created_at: '2026-01-01T00:00:00.000Z' }],
  email_verified_at: '2026-01-01T00:00:00.000Z',
  pending_email: null,
  has_password: true,
  my_referral_codes: [],
};

describe('RegisterPage', () => {
  it('leaves the messages of a 422 under their fields once the Error modal is closed', async () => {
    serve(() =>
      invalid({
        email: ['The email has already been taken.'],
        nickname: ['The nickname has already been taken.'],
      }),
    );
    renderRoutes([{ path: '/register/:game', element: <RegisterPage /> }], '/register/caliber');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/Full Name/), 'Ana');
    await u.type(screen.getByLabelText(/Nickname/), 'ana1');
    await u.type(screen.getByLabelText(/^Email/), 'ana@example.com');
    await u.type(screen.getByLabelText(/^Password \*/), 'Secret-Pass-1');
    await u.type(screen.getByLabelText(/Password Confirmation/), 'Secret-Pass-1');
    await u.click(screen.getByRole('checkbox'));
    await u.click(screen.getByRole('button', { name: 'Submit' }));

    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByText('The email has already been taken.')).toBeInTheDocument();
    await u.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('The email has already been taken.');
    expect(screen.getByLabelText(/Nickname/)).toHaveAccessibleDescription(
      'The nickname has already been taken.',
    );
  }, 30_000);
});

describe('ResetPasswordPage', () => {
  const routes = [{ path: '/reset-password/:token/:game', element: <ResetPasswordPage /> }];

  it('sends nothing while the passwords differ, and says so under the confirmation', async () => {
    const calls = serve(() => jsonResponse({ message: 'ok', game: 'caliber' }));
    renderRoutes(routes, '/reset-password/tok/caliber');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/^New Password/), 'New-Password-42');
    await u.type(screen.getByLabelText(/^Confirm Password/), 'Other-Password-42');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Confirm Password/)).toHaveAccessibleDescription(
        'Passwords do not match.',
      ),
    );
    expect(calls).toHaveLength(0);
  });

  it("shows the server's 422 under the new password, and a 400's error text above the form", async () => {
    const calls = serve((call) =>
      call.body && (call.body as { new_password: string }).new_password === 'password123'
        ? invalid({ new_password: ['This password is too common. Please choose a less common password.'] })
        : jsonResponse(
            { message: 'x', code: 'LINK_INVALID', error: 'This password reset link is invalid.' },
            400,
          ),
    );
    renderRoutes(routes, '/reset-password/tok/caliber');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/^New Password/), 'password123');
    await u.type(screen.getByLabelText(/^Confirm Password/), 'password123');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^New Password/)).toHaveAccessibleDescription(
        'This password is too common. Please choose a less common password.',
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls[0]?.body).toEqual({
      new_password: 'password123',
      new_password_confirmation: 'password123',
      token: 'tok',
    });

    await u.clear(screen.getByLabelText(/^New Password/));
    await u.type(screen.getByLabelText(/^New Password/), 'Better-Password-42');
    await u.clear(screen.getByLabelText(/^Confirm Password/));
    await u.type(screen.getByLabelText(/^Confirm Password/), 'Better-Password-42');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid.');
  }, 30_000);
});

describe('ForgotPasswordPage', () => {
  it('sends an empty email as it is (no client-side checks) and shows the 422 under the field', async () => {
    const calls = serve(() => invalid({ email: ['The email field is required.'] }));
    renderRoutes([{ path: '/password/request', element: <ForgotPasswordPage /> }], '/password/request');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('The email field is required.'),
    );
    expect(calls[0]?.body).toEqual({ email: '' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('EditProfilePage', () => {
  it('shows a 422 under the right field and the failure banner, and saves nothing else', async () => {
    signInPlayerInStorage();
    const calls = serve((call) =>
      call.method === 'GET'
        ? jsonResponse({ user: player })
        : invalid({ 'addresses.0.city': ['Must be at most 255 characters.'] }),
    );
    renderRoutes([{ path: '/editProfile', element: <EditProfilePage /> }], '/editProfile');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await u.type(screen.getByLabelText('City'), 'Cebu City');
    await u.type(screen.getByLabelText('Mobile Number'), '0917-555');
    await u.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('Failed to update profile: Must be at most 255 characters.'),
    ).toBeVisible();
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('Must be at most 255 characters.');
    const update = calls.find((c) => c.method === 'POST');
    expect(update?.url).toBe('/profile/update');
    expect(update?.body).toMatchObject({
      name: 'Ann Player',
      phone_number: '0917555',
      nickname: 'ann1',
      pin: null,
      addresses: [{ city: 'Cebu City', address1: null }],
    });
  }, 30_000);

  it('checks the fields with the request rules before sending', async () => {
    signInPlayerInStorage();
    const calls = serve(() => jsonResponse({ user: player }));
    renderRoutes([{ path: '/editProfile', element: <EditProfilePage /> }], '/editProfile');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await u.clear(screen.getByLabelText(/^Email/));
    await u.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(
        'Required field and must be a valid email address',
      ),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  }, 30_000);

  it('asks for the current password only while the email is being changed, and sends it then', async () => {
    signInPlayerInStorage();
    const calls = serve((call) =>
      call.method === 'GET'
        ? jsonResponse({ user: player })
        : invalid({ current_password: ['The current password is incorrect.'] }),
    );
    renderRoutes([{ path: '/editProfile', element: <EditProfilePage /> }], '/editProfile');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    await u.clear(screen.getByLabelText(/^Email/));
    await u.type(screen.getByLabelText(/^Email/), 'ANN@example.com');
    expect(screen.queryByLabelText(/Current password/)).toBeNull(); // the same address in other case
    await u.clear(screen.getByLabelText(/^Email/));
    await u.type(screen.getByLabelText(/^Email/), 'ann.new@example.com');
    const current = screen.getByLabelText(/Current password/);
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAccessibleDescription('Enter your current password to change your email address.');
    await u.type(current, 'Wrong-Password-1');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Current password/)).toHaveAccessibleDescription(
        'The current password is incorrect.',
      ),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      email: 'ann.new@example.com',
      current_password: 'Wrong-Password-1',
    });
    // Back to the account's address: the field goes, and no password is sent.
    await u.clear(screen.getByLabelText(/^Email/));
    await u.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]?.body).toMatchObject({ current_password: null });
  }, 30_000);

  it('shows a 422 of the Caliber registration under its field in the modal', async () => {
    signInPlayerInStorage();
    const talesRunnerPlayer = {
      ...player,
      nickname: null,
      games: [{ id: 'g2', name: 'talesrunner' as const, created_at: '2026-01-01T00:00:00.000Z' }],
    };
    const calls = serve((call) =>
      call.method === 'GET'
        ? jsonResponse({ user: talesRunnerPlayer })
        : invalid({ password: ['The password is incorrect.'] }),
    );
    renderRoutes([{ path: '/editProfile', element: <EditProfilePage /> }], '/editProfile');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Register for Caliber' }));
    const modal = await screen.findByRole('dialog');
    await u.type(within(modal).getByLabelText(/^Nickname/), 'ann1');
    await u.type(within(modal).getByLabelText(/^PIN/), '12ab34');
    await u.type(within(modal).getByLabelText(/^Password/), 'Wrong-Password-1');
    await u.click(within(modal).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(within(modal).getByLabelText(/^Password/)).toHaveAccessibleDescription(
        'The password is incorrect.',
      ),
    );
    expect(within(modal).queryByRole('alert')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      game: 'caliber',
      nickname: 'ann1',
      pin: '1234',
      password: 'Wrong-Password-1',
    });
  }, 30_000);
});
