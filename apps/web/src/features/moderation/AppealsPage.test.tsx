import type { AppealList } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signInAdminInStorage } from '../../test/render';
import { aStaffSanction, fakeServer, PLAYER_ID } from '../../test/sanctions';
import AppealsPage from './AppealsPage';

type StaffAppeal = AppealList['appeals'][number];
const APPEAL_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const anAppeal = (fields: Partial<StaffAppeal> = {}): StaffAppeal => ({
  id: APPEAL_ID,
  status: 'open',
  message: 'I was <b>not</b> cheating: my friend played.',
  created_at: '2030-01-03T00:00:00.000Z',
  answer: null,
  decided_at: null,
  sanction: aStaffSanction(),
  reports: [],
  ...fields,
});

const OPEN = 'GET /api/admin/appeals?status=open&page=1';
const DECIDE = `POST /api/admin/appeals/${APPEAL_ID}/decision`;
const appeals =
  (...list: StaffAppeal[]) =>
  () =>
    jsonResponse({ appeals: list, page: 1, has_more: false });

const renderPage = () => renderRoutes([{ path: '/a', element: <AppealsPage /> }], '/a');

beforeEach(() => signInAdminInStorage());
afterEach(() => vi.unstubAllGlobals());

describe('the Appeals page', () => {
  it('says it is loading, then shows each appeal as text with the sanction beside it', async () => {
    let release = () => {};
    fakeServer({
      [OPEN]: [
        () =>
          new Promise<Response>((resolve) => {
            release = () => resolve(jsonResponse({ appeals: [anAppeal()], page: 1, has_more: false }));
          }),
      ],
    });
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading the appeals' })).toBeInTheDocument();
    release();
    const card = await screen.findByRole('article', { name: 'Pat <b>Player</b>' });
    expect(within(card).getByRole('link', { name: 'Pat <b>Player</b>' })).toHaveAttribute(
      'href',
      `/mlg/admin/users/${PLAYER_ID}`,
    );
    const message = within(card).getByText('I was <b>not</b> cheating: my friend played.');
    expect(message.querySelector('b')).toBeNull();
    expect(within(card).getByText('Appeal under review')).toBeInTheDocument();
    const sanction = within(card).getByRole('region', { name: 'The sanction' });
    expect(within(sanction).getByText('One game: Caliber · Cheating')).toBeInTheDocument();
    expect(within(sanction).getByText('Anti-cheat case 42.')).toBeInTheDocument();
    expect(within(sanction).getByText('Ana Staff')).toBeInTheDocument();
  });

  it('shows the reports the sanction answered under it, and says when staff placed it without one', async () => {
    const REPORTER_ID = '22222222-2222-4222-8222-222222222222';
    const fromPlayer: StaffAppeal['reports'][number] = {
      id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
      game: 'caliber',
      source: 'game',
      reporter: REPORTER_ID,
      reporter_name: 'Rae <i>Reporter</i>',
      category: 'cheating',
      message: 'Shot me <b>through</b> a wall.',
      context: { match: 'm-77' },
      status: 'actioned',
      created_at: '2030-01-01T10:00:00.000Z',
    };
    const fromServer = {
      ...fromPlayer,
      id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
      reporter: null,
      reporter_name: null,
      category: 'exploiting' as const,
      message: null,
      context: null,
    };
    const placedByStaff = anAppeal({
      id: 'ffffffff-ffff-4fff-8fff-ffffffffffff',
      sanction: aStaffSanction({ player_name: 'Sam Second' }),
    });
    fakeServer({ [OPEN]: [appeals(anAppeal({ reports: [fromPlayer, fromServer] }), placedByStaff)] });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Pat <b>Player</b>' });
    const reports = within(card).getByRole('region', { name: 'Reports' });
    const [first, second] = within(reports).getAllByRole('listitem');
    expect(within(first!).getByText('Caliber · Cheating')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Rae <i>Reporter</i>' })).toHaveAttribute(
      'href',
      `/mlg/admin/users/${REPORTER_ID}`,
    );
    expect(within(first!).getByText('Shot me <b>through</b> a wall.').querySelector('b')).toBeNull();
    expect(within(first!).getByText(/"match": "m-77"/)).toBeInTheDocument();
    expect(within(second!).getByText('Caliber · Exploiting a bug')).toBeInTheDocument();
    expect(within(second!).getByText('Caliber server')).toBeInTheDocument();
    expect(within(second!).queryByRole('link')).toBeNull();
    expect(within(reports).queryByText('No reports: placed by staff')).toBeNull();

    const other = screen.getByRole('article', { name: 'Sam Second' });
    expect(
      within(within(other).getByRole('region', { name: 'Reports' })).getByText('No reports: placed by staff'),
    ).toBeInTheDocument();
  });

  it('says when no appeal is waiting, and when the appeals could not be loaded', async () => {
    fakeServer({
      [OPEN]: [appeals()],
      'GET /api/admin/appeals?status=upheld&page=1': [
        () => jsonResponse({ message: 'Something went wrong.' }, 500),
      ],
    });
    renderPage();
    expect(await screen.findByText('No appeal is waiting for an answer.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Appeals' }), 'upheld');
    expect(await screen.findByText('The appeals could not be loaded.')).toBeInTheDocument();
  });

  it('upholds with an answer, asked for first, sent with the keyboard', async () => {
    const calls = fakeServer({
      [OPEN]: [appeals(anAppeal()), appeals()],
      [DECIDE]: [
        () => jsonResponse({ appeal: anAppeal({ status: 'upheld', answer: 'The replays show it.' }) }),
      ],
    });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Pat <b>Player</b>' });
    within(card).getByRole('button', { name: 'Uphold' }).focus();
    await user.keyboard('{Enter}');
    expect(await within(card).findByText('Write the answer to the player.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(
      within(card).getByRole('textbox', { name: /Answer to the player/ }),
      'The replays show it.',
    );
    await user.tab();
    expect(within(card).getByRole('button', { name: 'Uphold' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('The appeal was upheld.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      decision: 'uphold',
      message: 'The replays show it.',
    });
    expect(await screen.findByText('No appeal is waiting for an answer.')).toBeInTheDocument();
  });

  it("lifts the sanction with an answer, and shows the server's refusal", async () => {
    const calls = fakeServer({
      [OPEN]: [appeals(anAppeal())],
      [DECIDE]: [
        () => jsonResponse({ message: 'This appeal has already been decided.', code: 'CONFLICT' }, 409),
        () => jsonResponse({ appeal: anAppeal({ status: 'lifted' }) }),
      ],
    });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Pat <b>Player</b>' });
    await user.type(
      within(card).getByRole('textbox', { name: /Answer to the player/ }),
      'Sorry, our mistake.',
    );
    await user.click(within(card).getByRole('button', { name: 'Lift the sanction' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('This appeal has already been decided.');
    await user.click(within(card).getByRole('button', { name: 'Lift the sanction' }));
    expect(await screen.findByText('The appeal was granted: the sanction is lifted.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { decision: 'lift', message: 'Sorry, our mistake.' },
      { decision: 'lift', message: 'Sorry, our mistake.' },
    ]);
  });

  it('shows a role that only reads the appeals without the answer form', async () => {
    fakeServer({ [OPEN]: [appeals(anAppeal())] }, { role: 'analyst', capabilities: ['players.read'] });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Pat <b>Player</b>' });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/admin/access', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(card).queryByRole('button', { name: 'Uphold' })).toBeNull();
  });
});
