import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signInPlayerInStorage } from '../../test/render';
import PasskeysSection from './PasskeysSection';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

const LAPTOP = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'My laptop',
  created_at: '2026-11-20T03:00:00.000Z',
  last_used_at: null,
};

type Answer = (body: unknown) => Response;

/** A fake server by method and path; records each call's body. */
function server(routes: Record<string, Answer>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ key, body });
      const answer = routes[key];
      return answer ? answer(body) : jsonResponse({ message: `no route ${key}` }, 404);
    }),
  );
  return calls;
}

const renderSection = () => {
  signInPlayerInStorage();
  return renderRoutes([{ path: '/security', element: <PasskeysSection audience="player" /> }], '/security');
};

/** Registration options as the server sends them (`@simplewebauthn/server`'s shape). */
const CREATION_OPTIONS = {
  rp: { name: 'Portal', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'gwen@demo.local', displayName: 'Gwen' },
  challenge: 'abc',
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  timeout: 60000,
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  attestation: 'none',
};

describe('the Passkeys section', () => {
  it('points out the passkeys added in the last 7 days, which outlive a reset (decision 0038)', async () => {
    const day = 24 * 3_600_000;
    const fresh = { ...LAPTOP, id: '22222222-2222-4222-8222-222222222222', name: 'Spare key' };
    server({
      'GET /api/passkeys': () =>
        jsonResponse({
          passkeys: [
            { ...LAPTOP, created_at: new Date(Date.now() - 30 * day).toISOString() },
            { ...fresh, created_at: new Date(Date.now() - 2 * day).toISOString() },
          ],
        }),
    });
    renderSection();
    expect(
      await screen.findByText(/Added in the last 7 days: “Spare key”\. Passkeys keep signing in/),
    ).toBeInTheDocument();
    const [old, recent] = await screen.findAllByTestId('passkey-row');
    expect(within(old!).queryByText('New')).toBeNull();
    expect(within(recent!).getByText('New')).toBeInTheDocument();
    expect(within(recent!).getByRole('button', { name: 'Remove Spare key' })).toBeInTheDocument();
  });

  it('lists passkeys with their dates', async () => {
    server({ 'GET /api/passkeys': () => jsonResponse({ passkeys: [LAPTOP] }) });
    renderSection();
    const row = await screen.findByTestId('passkey-row');
    expect(within(row).getByText('My laptop')).toBeInTheDocument();
    expect(within(row).getByText(/Last used never/)).toBeInTheDocument();
  });

  it('adds a passkey under a name through the browser prompt', async () => {
    let passkeys: (typeof LAPTOP)[] = [];
    const calls = server({
      'GET /api/passkeys': () => jsonResponse({ passkeys }),
      'POST /api/passkeys/register/options': () => jsonResponse({ options: CREATION_OPTIONS }),
      'POST /api/passkeys/register/verify': () => {
        passkeys = [LAPTOP];
        return jsonResponse({ message: 'Passkey added.', passkey: LAPTOP });
      },
    });
    browser.startRegistration.mockResolvedValue({ id: 'cred', type: 'public-key' });
    renderSection();
    expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add a passkey' });
    expect(add).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Passkey name'), 'My laptop');
    await userEvent.click(add);
    expect(await screen.findByText('Passkey added.')).toBeInTheDocument();
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: CREATION_OPTIONS });
    expect(calls.find((c) => c.key === 'POST /api/passkeys/register/verify')?.body).toEqual({
      name: 'My laptop',
      response: { id: 'cred', type: 'public-key' },
    });
    expect(await screen.findByTestId('passkey-row')).toBeInTheDocument();
  });

  it('says so when the browser prompt is closed', async () => {
    server({
      'GET /api/passkeys': () => jsonResponse({ passkeys: [] }),
      'POST /api/passkeys/register/options': () => jsonResponse({ options: CREATION_OPTIONS }),
    });
    browser.startRegistration.mockRejectedValue(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    renderSection();
    await userEvent.type(await screen.findByLabelText('Passkey name'), 'Key');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(
      await screen.findByText('The passkey prompt was closed or timed out. Please try again.'),
    ).toBeInTheDocument();
  });

  it('renames, and removes only after a confirmation', async () => {
    const calls = server({
      'GET /api/passkeys': () => jsonResponse({ passkeys: [LAPTOP] }),
      [`PATCH /api/passkeys/${LAPTOP.id}`]: (body) =>
        jsonResponse({ message: 'Passkey renamed.', passkey: { ...LAPTOP, ...(body as object) } }),
      [`DELETE /api/passkeys/${LAPTOP.id}`]: () => jsonResponse({ message: 'Passkey removed.' }),
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Rename My laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const field = within(dialog).getByLabelText('Passkey name');
    await waitFor(() => expect(field).toHaveValue('My laptop'));
    await userEvent.clear(field);
    await userEvent.type(field, 'Old laptop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Passkey renamed.')).toBeInTheDocument();
    expect(calls.find((c) => c.key.startsWith('PATCH'))?.body).toEqual({ name: 'Old laptop' });

    await userEvent.click(await screen.findByRole('button', { name: 'Remove My laptop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove My laptop' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove this passkey?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByText('Passkey removed.')).toBeInTheDocument();
  });
});
