import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signInAdminInStorage } from '../../test/render';
import { aStaffSanction, fakeServer, PLAYER_ID, SANCTION_ID } from '../../test/sanctions';
import SanctionsPage from './SanctionsPage';

const ACTIVE = 'GET /api/admin/sanctions?status=active&page=1';
const page =
  (sanctions: ReturnType<typeof aStaffSanction>[], number = 1, hasMore = false) =>
  () =>
    jsonResponse({ sanctions, page: number, has_more: hasMore });

const renderPage = () => renderRoutes([{ path: '/s', element: <SanctionsPage /> }], '/s');

beforeEach(() => signInAdminInStorage());
afterEach(() => vi.unstubAllGlobals());

describe('the Sanctions page', () => {
  it('says it is loading, then lists the sanctions in force with their player, and pages on', async () => {
    let release = () => {};
    const calls = fakeServer({
      [ACTIVE]: [
        () =>
          new Promise<Response>((resolve) => {
            release = () => resolve(jsonResponse({ sanctions: [aStaffSanction()], page: 1, has_more: true }));
          }),
      ],
      'GET /api/admin/sanctions?status=active&page=2': [
        page([aStaffSanction({ id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', player_name: 'Second' })], 2),
      ],
    });
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading the sanctions' })).toBeInTheDocument();
    release();
    const table = await screen.findByRole('table', { name: 'Sanctions' });
    const link = within(table).getByRole('link', { name: 'Pat <b>Player</b>' });
    expect(link).toHaveAttribute('href', `/mlg/admin/users/${PLAYER_ID}`);
    expect(within(table).getByText('One game: Caliber')).toBeInTheDocument();
    expect(within(table).getByText('An aimbot was seen in three matches.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Second' })).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([
      '/api/admin/sanctions?status=active&page=1',
      '/api/admin/sanctions?status=active&page=2',
    ]);
  });

  it('filters by status, game and scope; says when none match and when they could not be loaded', async () => {
    const calls = fakeServer({
      [ACTIVE]: [page([aStaffSanction()])],
      'GET /api/admin/sanctions?page=1': [page([])],
      'GET /api/admin/sanctions?game=yggdra&page=1': [page([])],
      'GET /api/admin/sanctions?game=yggdra&scope=chat&page=1': [
        () => jsonResponse({ message: 'Something went wrong.' }, 500),
      ],
    });
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Sanctions' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    expect(await screen.findByText('No sanctions match this filter.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Game' }), 'yggdra');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Applies to' }), 'chat');
    expect(await screen.findByText('The sanctions could not be loaded.')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/admin/sanctions?game=yggdra&scope=chat&page=1');
  });

  it("lifts a sanction with a reason, and shows the server's refusal in the dialog", async () => {
    const calls = fakeServer({
      [ACTIVE]: [page([aStaffSanction()]), page([])],
      [`POST /api/admin/sanctions/${SANCTION_ID}/lift`]: [
        () => jsonResponse({ message: 'This sanction has already ended.', code: 'CONFLICT' }, 409),
        () => jsonResponse({ sanction: aStaffSanction({ status: 'lifted' }) }),
      ],
    });
    renderPage();
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Sanctions' });
    await user.click(
      within(table).getByRole('button', { name: 'Lift One game: Caliber of Pat <b>Player</b>' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Lift this sanction?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Why lift it/ }), 'Appeal by email.');
    await user.click(within(dialog).getByRole('button', { name: 'Lift' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This sanction has already ended.');
    await user.click(within(dialog).getByRole('button', { name: 'Lift' }));
    expect(await screen.findByText('The sanction was lifted.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { reason: 'Appeal by email.' },
      { reason: 'Appeal by email.' },
    ]);
    expect(await screen.findByText('No sanctions match this filter.')).toBeInTheDocument();
  });
});
