import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signInAdminInStorage, signInPlayerInStorage } from '../../test/render';
import AdminSecurityPage from './AdminSecurityPage';
import { eventDetail, eventLabel } from './labels';
import PlayerSecurityPage from './PlayerSecurityPage';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const session = (id: string, overrides = {}) => ({
  id,
  created_at: '2026-11-20T03:00:00.000Z',
  last_seen_at: '2026-11-21T04:05:00.000Z',
  ip: '203.0.113.7',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  device: 'Firefox on Linux',
  current: false,
  ...overrides,
});
const THIS = session('11111111-1111-4111-8111-111111111111', {
  ip: '198.51.100.4',
  device: 'Chrome on Windows',
  signed_in_with: 'passkey',
  current: true,
});
const OTHER = session('22222222-2222-4222-8222-222222222222');

const event = (id: string, kind: string, detail: string | null = null) => ({
  id,
  kind,
  created_at: '2026-11-21T04:05:00.000Z',
  ip: '203.0.113.7',
  user_agent: null,
  device: 'Firefox on Linux',
  detail,
});

type Answer = (init: RequestInit) => Response;

/** A fake server by method and path; records the calls with their bearer token. */
function server(routes: Record<string, Answer>) {
  const calls: { method: string; url: string; auth: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, auth: (init.headers as Record<string, string>).Authorization });
      const answer = routes[`${method} ${url}`];
      return answer ? answer(init) : jsonResponse({ message: `no route ${method} ${url}` }, 404);
    }),
  );
  return calls;
}

const mfaOff = () => jsonResponse({ totp_enabled: false, recovery_codes_left: 0, setup_required: false });

function renderPlayerPage() {
  signInPlayerInStorage();
  return renderRoutes(
    [
      { path: '/security', element: <PlayerSecurityPage /> },
      { path: '/login', element: <p>Login page</p> },
    ],
    '/security',
  );
}

describe('the Security page', () => {
  it('lists the sessions with this device marked, and the recent activity', async () => {
    server({
      'GET /api/mfa': mfaOff,
      'GET /api/sessions': () => jsonResponse([THIS, OTHER]),
      'GET /api/security/events': () =>
        jsonResponse([
          event('2', 'sign_in', 'launcher-pin'),
          event('1', 'sign_in_failed', 'password: suspended'),
        ]),
    });
    renderPlayerPage();
    expect(await screen.findByRole('heading', { name: 'Security', level: 1 })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Chrome on Windows');
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('IP 198.51.100.4');
    // How each session signed in, where it says (decision 0063).
    expect(rows[0]).toHaveTextContent('Signed in with a passkey');
    expect(rows[1]).toHaveTextContent('Firefox on Linux');
    expect(rows[1]).not.toHaveTextContent('Signed in with');
    expect(within(rows[1]!).queryByText('This device')).toBeNull();

    const events = await screen.findAllByTestId('event-row');
    expect(events[0]).toHaveTextContent('Signed in');
    expect(events[0]).toHaveTextContent('in the Caliber launcher, with the PIN');
    expect(events[0]).toHaveTextContent('203.0.113.7');
    expect(events[1]).toHaveTextContent('Sign-in refused');
    expect(events[1]).toHaveTextContent('with the password; the account is suspended');
    // The two-step verification section of the mfa feature sits on the same page.
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
  });

  it('offers to end the other sessions once two-step is turned on (decision 0063)', async () => {
    let on = false;
    const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const calls = server({
      'GET /api/mfa': () =>
        jsonResponse({ totp_enabled: on, recovery_codes_left: on ? 10 : 0, setup_required: false }),
      'GET /api/sessions': () => jsonResponse([THIS, OTHER]),
      'GET /api/security/events': () => jsonResponse([]),
      'POST /api/mfa/totp/setup': () =>
        jsonResponse({ secret: SECRET, otpauth_url: `otpauth://totp/x?secret=${SECRET}` }),
      'POST /api/mfa/totp/enable': () => {
        on = true;
        return jsonResponse({
          message: 'Two-step verification is on.',
          recovery_codes: Array.from({ length: 10 }, (_, i) => `code${i}-abcd${i}`),
        });
      },
      'POST /api/sessions/revoke-others': () =>
        jsonResponse({ message: '1 other session was signed out.', revoked: 1, recent_passkeys: [] }),
    });
    renderPlayerPage();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Turn on' }));
    await u.type(await screen.findByLabelText(/6-digit code/), '123456{enter}');
    await u.click(await screen.findByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await u.click(screen.getByRole('button', { name: 'Done' }));
    await u.click(await screen.findByRole('button', { name: 'End the other sessions' }));
    expect(await screen.findByText('1 other session was signed out.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/sessions/revoke-others')).toHaveLength(1);
  }, 30_000);

  it('signs out another session after a confirmation, and lists again', async () => {
    let signedOut = false;
    const calls = server({
      'GET /api/mfa': mfaOff,
      'GET /api/sessions': () => jsonResponse(signedOut ? [THIS] : [THIS, OTHER]),
      'GET /api/security/events': () => jsonResponse([]),
      [`DELETE /api/sessions/${OTHER.id}`]: () => {
        signedOut = true;
        return jsonResponse({ message: 'The session was signed out.' });
      },
    });
    renderPlayerPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Firefox on Linux' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this session?' });
    expect(dialog).toHaveTextContent('Firefox on Linux at 203.0.113.7 will be signed out');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('The session was signed out.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: `/api/sessions/${OTHER.id}`, auth: 'Bearer player-token' },
    ]);
  });

  it('asks before signing out everywhere else; Cancel changes nothing', async () => {
    const calls = server({
      'GET /api/mfa': mfaOff,
      'GET /api/sessions': () => jsonResponse([THIS, OTHER]),
      'GET /api/security/events': () => jsonResponse([]),
      'POST /api/sessions/revoke-others': () =>
        jsonResponse({
          message: 'One other session was signed out.',
          revoked: 1,
          recent_passkeys: [{ name: 'Spare key', added_at: '2026-11-25T10:00:00.000Z' }],
        }),
    });
    renderPlayerPage();
    const everywhere = await screen.findByRole('button', { name: 'Sign out everywhere else' });
    await userEvent.click(everywhere);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(everywhere);
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    // Passkeys outlive every session: the ones added lately are named (decision 0038).
    expect(
      await screen.findByText(
        'One other session was signed out. Passkeys added in the last 7 days still sign in: “Spare key”. Remove any you do not recognise under Passkeys.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/sessions/revoke-others',
    ]);
  });

  it('signing out this device ends the session here and goes to Login', async () => {
    server({
      'GET /api/mfa': mfaOff,
      'GET /api/sessions': () => jsonResponse([THIS]),
      'GET /api/security/events': () => jsonResponse([]),
      [`DELETE /api/sessions/${THIS.id}`]: () => jsonResponse({ message: 'The session was signed out.' }),
    });
    const router = renderPlayerPage();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out on this device' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Sign out on this device?' })).getByRole('button', {
        name: 'Sign out',
      }),
    );
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('goes to Login when the session was ended elsewhere (401)', async () => {
    server({
      'GET /api/mfa': mfaOff,
      'GET /api/sessions': () =>
        jsonResponse({ message: 'Your session has ended. Please sign in again.' }, 401),
      'GET /api/security/events': () => jsonResponse([]),
    });
    renderPlayerPage();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows an empty history, and a failed list with Try again', async () => {
    let failing = true;
    server({
      'GET /api/mfa': mfaOff,
      'GET /api/sessions': () =>
        failing ? jsonResponse({ message: 'Something went wrong.' }, 500) : jsonResponse([THIS]),
      'GET /api/security/events': () => jsonResponse([]),
    });
    renderPlayerPage();
    expect(await screen.findByTestId('no-events')).toHaveTextContent('No activity recorded yet.');
    const alert = await screen.findByText('Something went wrong.');
    failing = false;
    await userEvent.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    expect(await screen.findAllByTestId('session-row')).toHaveLength(1);
  });

  it("an admin's page reads the admin's own sessions with the admin token", async () => {
    signInAdminInStorage();
    const calls = server({
      'GET /api/admin/mfa': mfaOff,
      'GET /api/admin/sessions': () => jsonResponse([THIS]),
      'GET /api/admin/security/events': () => jsonResponse([event('1', 'sign_in')]),
      'GET /api/admin/passkeys': () => jsonResponse({ passkeys: [] }),
    });
    renderRoutes([{ path: '/mlg/admin/security', element: <AdminSecurityPage /> }], '/mlg/admin/security');
    expect(await screen.findAllByTestId('session-row')).toHaveLength(1);
    expect(await screen.findAllByTestId('event-row')).toHaveLength(1);
    expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/admin/passkeys')?.auth).toBe('Bearer admin-token');
    const reads = calls.filter((c) => !['/api/admin/mfa', '/api/admin/passkeys'].includes(c.url));
    expect(reads.map((c) => [c.url, c.auth])).toEqual([
      ['/api/admin/sessions', 'Bearer admin-token'],
      ['/api/admin/security/events', 'Bearer admin-token'],
    ]);
  });
});

describe('eventDetail', () => {
  it('says how, why, and how many', () => {
    expect(eventDetail({ kind: 'sign_in', detail: 'google' })).toBe('with Google');
    expect(eventDetail({ kind: 'sign_in_failed', detail: 'password: unverified' })).toBe(
      'with the password; the email address is not verified yet',
    );
    expect(eventDetail({ kind: 'other_sessions_revoked', detail: '3' })).toBe('3 sessions');
    expect(eventDetail({ kind: 'other_sessions_revoked', detail: '1' })).toBe('1 session');
    expect(eventDetail({ kind: 'passkey_added', detail: 'Work laptop' })).toBe('Work laptop');
    expect(eventDetail({ kind: 'sign_in', detail: null })).toBeNull();
  });

  it('names what a two-step code was for, never the raw purpose', () => {
    expect(eventDetail({ kind: 'recovery_code_used', detail: 'email-change' })).toBe(
      'when changing the email address',
    );
    expect(eventDetail({ kind: 'mfa_succeeded', detail: 'password-change' })).toBe(
      'when changing the password',
    );
    expect(eventDetail({ kind: 'mfa_failed', detail: 'something-new' })).toBeNull();
    expect(eventLabel('password_changed')).toBe('Password changed');
    expect(eventLabel('a_kind_from_a_newer_server')).toBe('Other account activity');
  });
});

describe('Change password on the Security page', () => {
  const base = {
    'GET /api/sessions': () => jsonResponse([THIS]),
    'GET /api/security/events': () => jsonResponse([]),
  };

  async function fill(user: ReturnType<typeof userEvent.setup>) {
    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText(/^Current password/), 'Old-Pass-42');
    await user.type(within(form).getByLabelText(/^New password/), 'New-Pass-4242');
    await user.type(within(form).getByLabelText(/^Confirm new password/), 'New-Pass-4242');
    return form;
  }

  it('sends the current and new password, then says the other sessions were signed out', async () => {
    const bodies: unknown[] = [];
    server({
      ...base,
      'GET /api/mfa': mfaOff,
      'POST /api/account/password': (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse({ message: 'Your password was changed. Every other session was signed out.' });
      },
    });
    renderPlayerPage();
    const user = userEvent.setup();
    const form = await fill(user);
    expect(within(form).queryByLabelText(/Authentication code/)).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Every other session was signed out.');
    expect(bodies).toEqual([
      {
        current_password: 'Old-Pass-42',
        password: 'New-Pass-4242',
        password_confirmation: 'New-Pass-4242',
        code: null,
      },
    ]);
    expect(within(form).getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('offers an account without a password (Google or Facebook) the emailed link that sets one', async () => {
    const bodies: unknown[] = [];
    server({
      ...base,
      'GET /api/mfa': mfaOff,
      'POST /sendForgotPassword': (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse({
          message: 'If an account exists for that email, we have sent a password reset link.',
        });
      },
    });
    signInPlayerInStorage();
    localStorage.setItem(
      'user',
      JSON.stringify({ name: 'Gina', email: 'gina@example.com', has_password: false }),
    );
    renderRoutes([{ path: '/security', element: <PlayerSecurityPage /> }], '/security');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Password' });
    expect(within(section).queryByRole('form', { name: 'Change password' })).toBeNull();
    expect(section).toHaveTextContent('gina@example.com');
    await user.click(within(section).getByRole('button', { name: 'Email me a link to set a password' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'we have sent a password reset link',
    );
    expect(bodies).toEqual([{ email: 'gina@example.com' }]);
    expect(within(section).getByRole('button', { name: 'Email me a link to set a password' })).toBeDisabled();
  });

  it('with two-step on asks for a code, or a recovery code instead, and shows a 422 under its field', async () => {
    const bodies: { code: string }[] = [];
    server({
      ...base,
      'GET /api/mfa': () =>
        jsonResponse({ totp_enabled: true, recovery_codes_left: 10, setup_required: false }),
      'POST /api/account/password': (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse(
          {
            message: 'The code is not correct.',
            errors: { code: ['The code is not correct. Please try again.'] },
          },
          422,
        );
      },
    });
    renderPlayerPage();
    const user = userEvent.setup();
    const form = await fill(user);
    await user.type(await within(form).findByLabelText(/^Authentication code/), '12a3456');
    expect(within(form).getByLabelText(/^Authentication code/)).toHaveValue('123456');
    await user.click(within(form).getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(within(form).getByLabelText(/^Recovery code/), 'abcde-12345');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('The code is not correct. Please try again.')).toBeVisible();
    expect(bodies.map((b) => b.code)).toEqual(['abcde-12345']);
  });
});
