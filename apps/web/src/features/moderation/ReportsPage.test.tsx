import type { PlayerReports, ReportedPlayer } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signInAdminInStorage } from '../../test/render';
import { aStaffSanction, fakeServer, PLAYER_ID, SANCTION_ID } from '../../test/sanctions';
import ReportsPage from './ReportsPage';

const REPORTER = '22222222-2222-4222-8222-222222222222';
const reportId = (n: number) => `33333333-3333-4333-8333-${String(n).padStart(12, '0')}`;

const reported = (fields: Partial<ReportedPlayer> = {}): ReportedPlayer => ({
  player: PLAYER_ID,
  player_name: 'Pat <b>Player</b>',
  open_reports: 3,
  by_category: { cheating: 2, verbal_abuse: 1 },
  games: ['caliber'],
  newest_report_at: '2030-01-05T10:00:00.000Z',
  active_sanctions: [{ id: SANCTION_ID, scope: 'chat', game: 'caliber' }],
  ...fields,
});

type OpenReport = PlayerReports['reports'][number];
const report = (n: number, fields: Partial<OpenReport> = {}): OpenReport => ({
  id: reportId(n),
  game: 'caliber',
  source: 'player',
  reporter: REPORTER,
  reporter_name: 'Rita Reporter',
  category: 'cheating',
  message: 'Wallhack, <i>obviously</i>.',
  context: null,
  status: 'open',
  created_at: `2030-01-0${n}T10:00:00.000Z`,
  reporter_record: { reports: 4, dismissed: 0, flooding: false },
  ...fields,
});
const REPORTS = [
  report(1),
  report(2, {
    reporter_name: 'Flo Flooder',
    reporter_record: { reports: 40, dismissed: 35, flooding: true },
    context: { match: 'M-7' },
  }),
  report(3, {
    category: 'verbal_abuse',
    source: 'game',
    reporter: null,
    reporter_name: null,
    reporter_record: null,
  }),
];

const QUEUE = 'GET /api/admin/reports?page=1';
const PLAYER_REPORTS = `GET /api/admin/players/${PLAYER_ID}/reports`;
const queue =
  (...players: ReportedPlayer[]) =>
  () =>
    jsonResponse({ players, page: 1, has_more: false });

const renderPage = () => renderRoutes([{ path: '/r', element: <ReportsPage /> }], '/r');

/** Opens the reports about Pat with the keyboard. */
async function review(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole('button', { name: 'Review the reports about Pat <b>Player</b>' });
  button.focus();
  await user.keyboard('{Enter}');
  return screen.findByRole('region', { name: 'Reports about Pat <b>Player</b>' });
}

beforeEach(() => signInAdminInStorage());
afterEach(() => vi.unstubAllGlobals());

describe('the Reports page', () => {
  it('says it is loading, then ranks the reported players with their reasons, games and sanctions in force', async () => {
    let release = () => {};
    fakeServer({
      [QUEUE]: [
        () =>
          new Promise<Response>((resolve) => {
            release = () =>
              resolve(
                jsonResponse({
                  players: [
                    reported(),
                    reported({
                      player: REPORTER,
                      player_name: 'Rita',
                      open_reports: 1,
                      by_category: { spamming: 1 },
                      games: ['yggdra', 'talesrunner'],
                      active_sanctions: [],
                    }),
                  ],
                  page: 1,
                  has_more: false,
                }),
              );
          }),
      ],
    });
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading the reports' })).toBeInTheDocument();
    release();
    const table = await screen.findByRole('table', { name: 'Reported players' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Pat <b>Player</b>')).toBeInTheDocument();
    expect(first!.querySelector('b')).toBeNull();
    expect(within(first!).getByText('3')).toBeInTheDocument();
    expect(within(first!).getByText('Cheating 2')).toBeInTheDocument();
    expect(within(first!).getByText('Verbal abuse 1')).toBeInTheDocument();
    expect(within(first!).getByText('Chat in one game: Caliber')).toBeInTheDocument();
    expect(within(second!).getByText('Yggdra, Tales Runner')).toBeInTheDocument();
    expect(within(second!).getByText('Spamming 1')).toBeInTheDocument();
  });

  it('says when no report matches, filters by game and reason, and says when the queue could not be loaded', async () => {
    const calls = fakeServer({
      [QUEUE]: [queue(reported())],
      'GET /api/admin/reports?game=yggdra&page=1': [queue()],
      'GET /api/admin/reports?game=yggdra&category=spamming&page=1': [
        () => jsonResponse({ message: 'Something went wrong.' }, 500),
      ],
    });
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Reported players' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Game' }), 'yggdra');
    expect(await screen.findByText('No open reports match this filter.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'spamming');
    expect(await screen.findByText('The reports could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([
      '/api/admin/reports?page=1',
      '/api/admin/reports?game=yggdra&page=1',
      '/api/admin/reports?game=yggdra&category=spamming&page=1',
    ]);
  });

  it("shows a player's reports with each reporter's record, a flooding reporter marked, and marks the chosen ones reviewed", async () => {
    const calls = fakeServer({
      [QUEUE]: [queue(reported())],
      [PLAYER_REPORTS]: [
        () => jsonResponse({ reports: REPORTS }),
        () => jsonResponse({ reports: [REPORTS[1]] }),
      ],
      'POST /api/admin/reports/resolve': [() => jsonResponse({ resolved: 2 })],
    });
    renderPage();
    const user = userEvent.setup();
    const panel = await review(user);
    await waitFor(() => expect(within(panel).getByRole('heading', { name: /Reports about/ })).toHaveFocus());
    const table = await within(panel).findByRole('table', { name: 'Open reports' });
    const [, first, flooder, fromGame] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Rita Reporter')).toBeInTheDocument();
    expect(within(first!).getByText('4 reports, 0 dismissed')).toBeInTheDocument();
    expect(within(first!).queryByText('Flooding')).toBeNull();
    expect(within(first!).getByText('Wallhack, <i>obviously</i>.')).toBeInTheDocument();
    expect(within(flooder!).getByText('Flooding')).toBeInTheDocument();
    expect(within(flooder!).getByText('40 reports, 35 dismissed')).toBeInTheDocument();
    expect(within(flooder!).getByText(/"match": "M-7"/)).toBeInTheDocument();
    expect(within(fromGame!).getByText('Caliber server')).toBeInTheDocument();
    expect(within(panel).getByText('3 reports chosen')).toBeInTheDocument();

    // The flooder's report is left out with the keyboard (Space on its box).
    within(flooder!).getByRole('checkbox').focus();
    await user.keyboard(' ');
    expect(within(panel).getByText('2 reports chosen')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Mark reviewed' }));
    expect(await screen.findByText('2 reports marked reviewed.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      report_ids: [reportId(1), reportId(3)],
      action: 'review',
    });
    await waitFor(() => expect(within(panel).getAllByRole('row')).toHaveLength(2));
  });

  it('dismisses the chosen reports with a reason', async () => {
    const calls = fakeServer({
      [QUEUE]: [queue(reported())],
      [PLAYER_REPORTS]: [() => jsonResponse({ reports: REPORTS }), () => jsonResponse({ reports: [] })],
      'POST /api/admin/reports/resolve': [() => jsonResponse({ resolved: 3 })],
    });
    renderPage();
    const user = userEvent.setup();
    const panel = await review(user);
    await within(panel).findByRole('table', { name: 'Open reports' });
    await user.click(within(panel).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss 3 reports?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Why dismiss them/ }), 'No evidence.');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('3 reports dismissed.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      report_ids: [reportId(1), reportId(2), reportId(3)],
      action: 'dismiss',
      reason: 'No evidence.',
    });
    expect(await within(panel).findByText('No open reports about this player.')).toBeInTheDocument();
  });

  it('opens the sanction dialog with the reports: their most frequent reason, their game and their ids', async () => {
    const calls = fakeServer({
      [QUEUE]: [queue(reported())],
      [PLAYER_REPORTS]: [() => jsonResponse({ reports: REPORTS })],
      [`POST /api/admin/players/${PLAYER_ID}/sanctions`]: [
        () => jsonResponse({ sanction: aStaffSanction() }, 201),
      ],
    });
    renderPage();
    const user = userEvent.setup();
    const panel = await review(user);
    await within(panel).findByRole('table', { name: 'Open reports' });
    await user.click(within(panel).getByRole('button', { name: 'Sanction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sanction Pat <b>Player</b>' });
    expect(within(dialog).getByText('Answers 3 reports.')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Applies to' })).toHaveValue('game');
    expect(within(dialog).getByRole('combobox', { name: /Game/ })).toHaveValue('caliber');
    expect(within(dialog).getByRole('combobox', { name: /Reason/ })).toHaveValue('cheating');
    await user.type(within(dialog).getByRole('textbox', { name: /Note for the player/ }), 'Wallhack.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place sanction' }));
    expect(await screen.findByText('The sanction was placed; it answers 3 reports.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      scope: 'game',
      game: 'caliber',
      category: 'cheating',
      note: 'Wallhack.',
      report_ids: [reportId(1), reportId(2), reportId(3)],
    });
  });
});
