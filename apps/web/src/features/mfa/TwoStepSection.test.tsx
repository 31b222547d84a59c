import { MFA_MESSAGES, STEP_UP_MESSAGES } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MFA_SETUP_PATH, AdminRoute } from '../../shell/guards';
import { jsonResponse, renderRoutes, signInAdminInStorage, signInPlayerInStorage } from '../../test/render';
import AdminTwoStepSetupPage from './AdminTwoStepSetupPage';
import TwoStepSection from './TwoStepSection';

afterEach(() => vi.unstubAllGlobals());

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcd${i}`);
const status = (on: boolean, left = on ? 10 : 0, setupRequired = false) => ({
  totp_enabled: on,
  recovery_codes_left: left,
  setup_required: setupRequired,
});

type Handler = (body: unknown, init: RequestInit) => Response;

/** A fake server by method and path: each path answers its queue of replies in turn, the last one again. */
function server(routes: Record<string, Handler[]>) {
  const calls: { method: string; url: string; body: unknown; auth: string | undefined }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, url, body, auth: (init.headers as Record<string, string>).Authorization });
    const queue = routes[`${method} ${url}`];
    if (!queue?.length) return jsonResponse({ message: `no route ${method} ${url}` }, 404);
    const handler = queue.length > 1 ? queue.shift()! : queue[0]!;
    return handler(body, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const reply =
  (body: unknown, code = 200): Handler =>
  () =>
    jsonResponse(body, code);

describe('TwoStepSection', () => {
  it('turns TOTP on: QR code and key, one code, then the recovery codes once, then the status', async () => {
    signInPlayerInStorage();
    const calls = server({
      'GET /api/mfa': [reply(status(false)), reply(status(true))],
      'POST /api/mfa/totp/setup': [
        reply({ secret: SECRET, otpauth_url: `otpauth://totp/Portal:ann%40example.com?secret=${SECRET}` }),
      ],
      'POST /api/mfa/totp/enable': [
        reply({ message: 'x', errors: { code: [MFA_MESSAGES.wrongCode] } }, 422),
        reply({ message: MFA_MESSAGES.enabled, recovery_codes: CODES }),
      ],
    });
    renderRoutes([{ path: '/security', element: <TwoStepSection audience="player" /> }], '/security');
    const u = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Two-step verification' });
    expect(await within(section).findByText('Off')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Turn on' }));

    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    await waitFor(() => expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/));
    expect(decodeURIComponent(qr.getAttribute('src') ?? '')).toContain('<svg');
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await u.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    const code = screen.getByLabelText(/6-digit code/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await u.type(code, '111111{enter}');
    await waitFor(() => expect(code).toHaveAccessibleDescription(MFA_MESSAGES.wrongCode));
    await u.clear(code);
    await u.type(code, '222222{enter}');

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    // The badge is right while the codes are shown, before the status is read again.
    expect(within(section).getByText('On')).toBeInTheDocument();
    expect(within(section).queryByText('Off')).toBeNull();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    await u.click(screen.getByRole('button', { name: 'Copy' }));
    const copied = await navigator.clipboard.readText();
    for (const each of CODES) expect(copied).toContain(each);

    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await u.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await u.click(done);

    expect(await screen.findByText('10 of 10 recovery codes left.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MFA_MESSAGES.enabled);
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(within(section).getByText('On')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/mfa/totp/enable').map((c) => c.body)).toEqual([
      { code: '111111' },
      { code: '222222' },
    ]);
    expect(calls.every((c) => c.auth === 'Bearer player-token')).toBe(true);
  }, 30_000);

  it('turns TOTP on after "Confirm it’s you" when the session’s sign-in is no longer recent (password only: two-step is off)', async () => {
    signInPlayerInStorage();
    const calls = server({
      'GET /api/mfa': [reply(status(false))],
      'POST /api/mfa/totp/setup': [
        reply({ message: STEP_UP_MESSAGES.required, code: 'STEP_UP_REQUIRED' }, 403),
        reply({ secret: SECRET, otpauth_url: `otpauth://totp/Portal:ann%40example.com?secret=${SECRET}` }),
      ],
      'POST /api/step-up': [reply({ until: '2030-01-01T00:10:00.000Z' })],
    });
    renderRoutes([{ path: '/security', element: <TwoStepSection audience="player" /> }], '/security');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Turn on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await waitFor(() =>
      expect(within(dialog).queryByLabelText('Authentication code or recovery code')).toBeNull(),
    );
    await u.type(within(dialog).getByLabelText('Password'), 'Correct-Horse-7');
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // Confirmed, the setup is asked again and the QR code shows.
    expect(
      await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).toBeNull());
    expect(calls.filter((c) => c.url === '/api/step-up').map((c) => c.body)).toEqual([
      { password: 'Correct-Horse-7' },
    ]);
    expect(calls.filter((c) => c.url === '/api/mfa/totp/setup')).toHaveLength(2);
  }, 30_000);

  it('turns TOTP off with the password and a code; a wrong password shows under its field', async () => {
    signInAdminInStorage();
    const calls = server({
      'GET /api/admin/mfa': [reply(status(true, 3)), reply(status(false))],
      'POST /api/admin/mfa/totp/disable': [
        reply({ message: 'x', errors: { password: [MFA_MESSAGES.wrongPassword] } }, 422),
        reply({ message: MFA_MESSAGES.disabled }),
      ],
    });
    renderRoutes([{ path: '/s', element: <TwoStepSection audience="admin" /> }], '/s');
    const u = userEvent.setup();
    expect(await screen.findByText('3 of 10 recovery codes left.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Turn off' }));

    const password = screen.getByLabelText(/^Password/);
    await u.type(password, 'wrong-password');
    await u.type(screen.getByLabelText(/Authentication code or recovery code/), 'K3F9A-7QM2X');
    await u.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(MFA_MESSAGES.wrongPassword));

    await u.clear(password);
    await u.type(password, 'right-password{enter}');
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MFA_MESSAGES.disabled);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { password: 'wrong-password', code: 'k3f9a-7qm2x' },
      { password: 'right-password', code: 'k3f9a-7qm2x' },
    ]);
    expect(calls.every((c) => c.auth === 'Bearer admin-token')).toBe(true);
  }, 30_000);
});

describe('the admin forced setup', () => {
  it('sends an admin who must set up TOTP to the setup screen, then to the dashboard once it is on', async () => {
    signInAdminInStorage();
    let enabled = false;
    server({
      'GET /api/admin/mfa': [() => jsonResponse(status(enabled, enabled ? 10 : 0, !enabled))],
      'POST /api/admin/mfa/totp/setup': [
        reply({ secret: SECRET, otpauth_url: `otpauth://totp/x?secret=${SECRET}` }),
      ],
      'POST /api/admin/mfa/totp/enable': [
        () => {
          enabled = true;
          return jsonResponse({ message: MFA_MESSAGES.enabled, recovery_codes: CODES });
        },
      ],
    });
    const router = renderRoutes(
      [
        {
          path: '/mlg/admin',
          element: <AdminRoute />,
          children: [
            { path: 'dashboard', element: <p>dashboard</p> },
            { path: ADMIN_MFA_SETUP_PATH.replace('/mlg/admin/', ''), element: <AdminTwoStepSetupPage /> },
          ],
        },
      ],
      '/mlg/admin/dashboard',
    );
    const u = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Set up two-step verification' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(ADMIN_MFA_SETUP_PATH);
    expect(screen.queryByText('dashboard')).toBeNull();

    await u.click(screen.getByRole('button', { name: 'Turn on' }));
    await u.type(await screen.findByLabelText(/6-digit code/), '123456{enter}');
    await u.click(await screen.findByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await u.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mlg/admin/dashboard');
  }, 30_000);

  it('sends the admin to sign in again once it is on, when this session signed in without it', async () => {
    signInAdminInStorage();
    let enabled = false;
    server({
      // The session stays limited to the setup after turning it on: it signed in without the code.
      'GET /api/admin/mfa': [() => jsonResponse(status(enabled, enabled ? 10 : 0, true))],
      'POST /api/admin/mfa/totp/setup': [
        reply({ secret: SECRET, otpauth_url: `otpauth://totp/x?secret=${SECRET}` }),
      ],
      'POST /api/admin/mfa/totp/enable': [
        () => {
          enabled = true;
          return jsonResponse({ message: MFA_MESSAGES.enabled, recovery_codes: CODES });
        },
      ],
    });
    const router = renderRoutes(
      [
        {
          path: '/mlg/admin',
          element: <AdminRoute />,
          children: [
            { path: 'dashboard', element: <p>dashboard</p> },
            { path: ADMIN_MFA_SETUP_PATH.replace('/mlg/admin/', ''), element: <AdminTwoStepSetupPage /> },
          ],
        },
        { path: '/admin-logout', element: <p>signing out</p> },
      ],
      ADMIN_MFA_SETUP_PATH,
    );
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Turn on' }));
    await u.type(await screen.findByLabelText(/6-digit code/), '123456{enter}');
    await u.click(await screen.findByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await u.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('signing out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin-logout');
  }, 30_000);

  it('makes new recovery codes after "Confirm it’s you" (password and code), then repeats the request', async () => {
    signInPlayerInStorage();
    const NEW = CODES.map((c) => `n${c.slice(1)}`);
    const calls = server({
      'GET /api/mfa': [reply(status(true, 2))],
      'GET /api/passkeys': [
        reply({
          passkeys: [{ id: 'p1', name: 'Phone', created_at: '2026-01-01T00:00:00Z', last_used_at: null }],
        }),
      ],
      'POST /api/mfa/recovery-codes': [
        reply({ message: STEP_UP_MESSAGES.required, code: 'STEP_UP_REQUIRED' }, 403),
        reply({ message: MFA_MESSAGES.recoveryCodesRenewed, recovery_codes: NEW }),
      ],
      'POST /api/step-up': [
        reply({ message: 'x', errors: { code: [MFA_MESSAGES.wrongCode] } }, 422),
        reply({ until: '2030-01-01T00:10:00.000Z' }),
      ],
    });
    renderRoutes([{ path: '/security', element: <TwoStepSection audience="player" /> }], '/security');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    // The account has a passkey: it is offered instead of the password and code.
    expect(await within(dialog).findByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText('Password'), 'Correct-Horse-7');
    await u.type(within(dialog).getByLabelText('Authentication code or recovery code'), '000000');
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(MFA_MESSAGES.wrongCode)).toBeInTheDocument();
    await u.clear(within(dialog).getByLabelText('Authentication code or recovery code'));
    await u.type(within(dialog).getByLabelText('Authentication code or recovery code'), '123456');
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(NEW);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).toBeNull());
    expect(calls.filter((c) => c.url === '/api/step-up').map((c) => c.body)).toEqual([
      { password: 'Correct-Horse-7', code: '000000' },
      { password: 'Correct-Horse-7', code: '123456' },
    ]);
    expect(calls.filter((c) => c.url === '/api/mfa/recovery-codes')).toHaveLength(2);
  }, 30_000);

  it('shows the refusal when "Confirm it’s you" is cancelled, and makes nothing', async () => {
    signInAdminInStorage();
    const calls = server({
      'GET /api/admin/mfa': [reply(status(true, 0))],
      'GET /api/admin/passkeys': [reply({ passkeys: [] })],
      'POST /api/admin/mfa/recovery-codes': [
        reply({ message: STEP_UP_MESSAGES.required, code: 'STEP_UP_REQUIRED' }, 403),
      ],
    });
    renderRoutes([{ path: '/security', element: <TwoStepSection audience="admin" /> }], '/security');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    // No passkey on the account: none offered, once the dialog knows (it is busy until then).
    await waitFor(() =>
      expect(within(dialog).getByRole('form', { name: 'Confirm it’s you' })).toHaveAttribute(
        'aria-busy',
        'false',
      ),
    );
    expect(within(dialog).queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(STEP_UP_MESSAGES.required)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/admin/mfa/recovery-codes')).toHaveLength(1);
    expect(calls.some((c) => c.url === '/api/admin/step-up')).toBe(false);
  }, 30_000);
});
