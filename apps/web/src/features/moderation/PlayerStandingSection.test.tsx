import { SANCTION_MESSAGES, STEP_UP_MESSAGES } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signInAdminInStorage } from '../../test/render';
import { aStaffSanction, fakeServer, PLAYER_ID, SANCTION_ID } from '../../test/sanctions';
import { PlayerStandingSection } from './PlayerStandingSection';

const LIST = `GET /api/admin/sanctions?player=${PLAYER_ID}&page=1`;
const PLACE = `POST /api/admin/players/${PLAYER_ID}/sanctions`;
const list =
  (...sanctions: ReturnType<typeof aStaffSanction>[]) =>
  () =>
    jsonResponse({ sanctions, page: 1, has_more: false });
const OWNER = { role: 'owner', capabilities: ['players.read', 'players.act', 'sanctions.unlimited'] };
const READER = { role: 'analyst', capabilities: ['players.read'] };

const renderSection = () =>
  renderRoutes(
    [{ path: '/p', element: <PlayerStandingSection player={{ id: PLAYER_ID, name: 'Pat' }} /> }],
    '/p',
  );

/** A datetime-local value `days` from now (the dialog's own format). */
const inDays = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

beforeEach(() => signInAdminInStorage());
afterEach(() => vi.unstubAllGlobals());

describe("a player's Standing in the back office", () => {
  it('says it is loading, then that the player is in good standing', async () => {
    let release = () => {};
    fakeServer({
      [LIST]: [
        () =>
          new Promise<Response>((resolve) => {
            release = () => resolve(jsonResponse({ sanctions: [], page: 1, has_more: false }));
          }),
      ],
    });
    renderSection();
    expect(await screen.findByRole('status', { name: 'Loading the sanctions' })).toBeInTheDocument();
    release();
    expect(await screen.findByText('No sanctions: this player is in good standing.')).toBeInTheDocument();
  });

  it('says the sanctions could not be loaded, and tries again', async () => {
    fakeServer({
      [LIST]: [() => jsonResponse({ message: 'Something went wrong.' }, 500), list(aStaffSanction())],
    });
    renderSection();
    expect(await screen.findByText('The sanctions could not be loaded.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Sanctions in force' })).toBeInTheDocument();
  });

  it('lists the sanctions in force and the past ones, and lifts one with a reason', async () => {
    const past = aStaffSanction({
      id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      scope: 'purchases',
      game: null,
      status: 'lifted',
      lifted_at: '2030-01-10T00:00:00.000Z',
      lifted_by: 'Olga Owner',
      lift_reason: 'Paid back.',
    });
    const calls = fakeServer({
      [LIST]: [list(aStaffSanction(), past), list(aStaffSanction({ status: 'lifted' }), past)],
      [`POST /api/admin/sanctions/${SANCTION_ID}/lift`]: [
        () => jsonResponse({ sanction: aStaffSanction({ status: 'lifted' }) }),
      ],
    });
    renderSection();
    const inForce = await screen.findByRole('table', { name: 'Sanctions in force' });
    const row = within(inForce).getAllByRole('row')[1]!;
    expect(within(row).getByText('One game: Caliber')).toBeInTheDocument();
    expect(within(row).getByText('Cheating')).toBeInTheDocument();
    expect(within(row).getByText('Anti-cheat case 42.')).toBeInTheDocument();
    expect(within(row).getByText('In force')).toBeInTheDocument();
    const pastTable = screen.getByRole('table', { name: 'Past sanctions' });
    expect(within(pastTable).getByText(/by Olga Owner: Paid back\./)).toBeInTheDocument();
    expect(within(pastTable).queryByRole('button', { name: /Lift/ })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: /^Lift One game: Caliber/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift this sanction?' });
    await user.click(within(dialog).getByRole('button', { name: 'Lift' }));
    expect(await within(dialog).findByText('Write the reason.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Why lift it/ }), 'Wrong player.');
    await user.click(within(dialog).getByRole('button', { name: 'Lift' }));
    expect(await screen.findByText('The sanction was lifted.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Wrong player.' });
  });

  it('offers nothing to change to a role that only reads', async () => {
    fakeServer({ [LIST]: [list(aStaffSanction())] }, READER);
    renderSection();
    const inForce = await screen.findByRole('table', { name: 'Sanctions in force' });
    // Once the role is known (its answer, then a render), still nothing to change.
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/admin/access', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(inForce).queryByRole('columnheader', { name: 'Action' })).toBeNull();
    expect(within(inForce).queryByRole('button', { name: /Lift/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Place sanction' })).toBeNull();
  });
});

describe('Place sanction', () => {
  it("keeps support within 30 days and never permanent, saying why, then places a chat restriction after 'Confirm it's you'", async () => {
    const calls = fakeServer({
      [LIST]: [list()],
      [PLACE]: [
        () => jsonResponse({ message: STEP_UP_MESSAGES.required, code: 'STEP_UP_REQUIRED' }, 403),
        () => jsonResponse({ sanction: aStaffSanction({ scope: 'chat' }) }, 201),
      ],
      'GET /api/admin/mfa': [
        () => jsonResponse({ totp_enabled: false, recovery_codes_left: 0, setup_required: false }),
      ],
      'POST /api/admin/step-up': [() => jsonResponse({ until: '2030-01-01T00:10:00.000Z' })],
    });
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Place sanction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sanction Pat' });
    expect(within(dialog).getByRole('radio', { name: 'Permanent' })).toBeDisabled();
    expect(within(dialog).getByText(/Your role places sanctions of at most 30 days/)).toBeInTheDocument();
    const ends = within(dialog).getByLabelText(/Ends on/);
    expect(ends).toHaveAttribute('max');

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Applies to' }), 'chat');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Reason/ }), 'verbal_abuse');
    await user.type(within(dialog).getByRole('textbox', { name: /Note for the player/ }), 'Insults in chat.');
    await user.type(within(dialog).getByRole('textbox', { name: /Staff note/ }), 'Three reports.');
    fireEvent.change(ends, { target: { value: inDays(45) } });
    await user.click(within(dialog).getByRole('button', { name: 'Place sanction' }));
    expect(await within(dialog).findByText(SANCTION_MESSAGES.tooLongForRole)).toBeInTheDocument();
    expect(within(dialog).getByText(SANCTION_MESSAGES.gameRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Game/ }), 'caliber');
    await user.click(within(dialog).getByRole('button', { name: '7 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Place sanction' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.type(within(confirm).getByLabelText('Password'), 'Correct-Horse-7');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The sanction was placed.')).toBeInTheDocument();

    const placed = calls.filter((call) => `${call.method} ${call.url}` === PLACE);
    expect(placed).toHaveLength(2);
    const body = placed[1]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      scope: 'chat',
      game: 'caliber',
      category: 'verbal_abuse',
      note: 'Insults in chat.',
      staff_note: 'Three reports.',
    });
    const days = (Date.parse(String(body.expires_at)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  }, 30_000);

  it('lets an owner place a permanent account ban, without a game', async () => {
    const calls = fakeServer(
      {
        [LIST]: [list()],
        [PLACE]: [() => jsonResponse({ sanction: aStaffSanction({ scope: 'account' }) }, 201)],
      },
      OWNER,
    );
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Place sanction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sanction Pat' });
    const permanent = within(dialog).getByRole('radio', { name: 'Permanent' });
    await waitFor(() => expect(permanent).toBeEnabled());
    expect(within(dialog).queryByText(/Your role places sanctions/)).toBeNull();
    expect(within(dialog).queryByRole('combobox', { name: /Game/ })).toBeNull();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Reason/ }), 'scamming');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Note for the player/ }),
      'Scam <script>x</script>.',
    );
    await user.click(permanent);
    expect(within(dialog).queryByLabelText(/Ends on/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Place sanction' }));
    expect(await screen.findByText('The sanction was placed.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      scope: 'account',
      category: 'scamming',
      note: 'Scam <script>x</script>.',
      expires_at: null,
    });
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    fakeServer(
      {
        [LIST]: [list()],
        [PLACE]: [() => jsonResponse({ message: SANCTION_MESSAGES.tooLongForRole, code: 'FORBIDDEN' }, 403)],
      },
      OWNER,
    );
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Place sanction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sanction Pat' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Reason/ }), 'cheating');
    await user.type(within(dialog).getByRole('textbox', { name: /Note for the player/ }), 'Aimbot.');
    await user.click(within(dialog).getByRole('button', { name: 'Place sanction' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SANCTION_MESSAGES.tooLongForRole);
    expect(screen.getByRole('dialog', { name: 'Sanction Pat' })).toBeInTheDocument();
  });
});
