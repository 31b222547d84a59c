import type { Game, Sanction } from '@portal/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPlayer } from '../../test/fixtures';
import { jsonResponse, renderRoutes, signInPlayerInStorage } from '../../test/render';
import StandingPage from './StandingPage';

const PLAYER = '11111111-1111-4111-8111-111111111111';
const BAN = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const OLD = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const APPEAL = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const sanction = (overrides: Partial<Sanction> = {}): Sanction => ({
  id: BAN,
  player: PLAYER,
  scope: 'game',
  kind: 'ban',
  game: 'caliber',
  category: 'cheating',
  note: 'An aimbot was <b>seen</b> in three matches.',
  starts_at: '2030-01-02T03:04:00.000Z',
  expires_at: null,
  lifted_at: null,
  status: 'active',
  appeal: null,
  ...overrides,
});
const PAST = sanction({
  id: OLD,
  scope: 'purchases',
  kind: 'restriction',
  game: null,
  category: 'payment_abuse',
  note: 'Chargebacks.',
  expires_at: '2029-06-01T00:00:00.000Z',
  status: 'expired',
});
const appeal = (overrides = {}) => ({
  id: APPEAL,
  status: 'open' as const,
  message: 'I did not cheat.',
  created_at: '2030-01-03T00:00:00.000Z',
  answer: null,
  decided_at: null,
  ...overrides,
});

type Answer = (init: RequestInit) => Response | Promise<Response>;
type Call = { method: string; url: string; auth: string | undefined; body: unknown };

/** A fake server by method and path; each route answers its replies in turn, the last one again. */
function server(routes: Record<string, Answer[]>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const auth = (init.headers as Record<string, string>).Authorization;
      calls.push({
        method,
        url,
        auth,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const answers = routes[`${method} ${url}`];
      const answer = answers && (answers.length > 1 ? answers.shift() : answers[0]);
      return answer ? answer(init) : jsonResponse({ message: `no route ${method} ${url}` }, 404);
    }),
  );
  return calls;
}

const standing =
  (...sanctions: Sanction[]) =>
  () =>
    jsonResponse({ sanctions });

const renderPage = (url = '/standing') =>
  renderRoutes(
    [
      { path: '/standing', element: <StandingPage /> },
      { path: '/login', element: <p>Login page</p> },
    ],
    url,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the Account standing page', () => {
  it('says it is loading, then shows each sanction in words, its note as text, its end or Permanent', async () => {
    signInPlayerInStorage();
    let release = () => {};
    server({
      'GET /api/standing': [
        () =>
          new Promise<Response>((resolve) => {
            release = () => resolve(jsonResponse({ sanctions: [sanction(), PAST] }));
          }),
      ],
    });
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading your account standing' })).toBeInTheDocument();
    release();

    const ban = await screen.findByRole('article', { name: 'Ban from Caliber' });
    expect(within(ban).getByText('You cannot play Caliber.')).toBeInTheDocument();
    expect(within(ban).getByText('In force')).toBeInTheDocument();
    expect(within(ban).getByText('Cheating')).toBeInTheDocument();
    expect(within(ban).getByText('Permanent')).toBeInTheDocument();
    const note = within(ban).getByText('An aimbot was <b>seen</b> in three matches.');
    expect(note.querySelector('b')).toBeNull();
    expect(within(ban).getByRole('button', { name: 'Appeal' })).toBeInTheDocument();

    const past = screen.getByRole('article', { name: 'Purchases restricted' });
    expect(within(past).getByText('Ended')).toBeInTheDocument();
    expect(within(past).getByText('Payment abuse')).toBeInTheDocument();
    expect(within(past).getByText(/Jun 1, 2029|May 31, 2029/)).toBeInTheDocument();
    // An ended sanction is not appealed.
    expect(within(past).queryByRole('button', { name: 'Appeal' })).toBeNull();
  });

  it('says the account is in good standing when there is no sanction', async () => {
    signInPlayerInStorage();
    server({ 'GET /api/standing': [standing()] });
    renderPage();
    expect(await screen.findByText('Your account is in good standing.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('says the standing could not be loaded, with the reason, and tries again', async () => {
    signInPlayerInStorage();
    server({
      'GET /api/standing': [
        () => jsonResponse({ message: 'Something went wrong.' }, 500),
        standing(sanction()),
      ],
    });
    renderPage();
    expect(await screen.findByText('Your account standing could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Ban from Caliber' })).toBeInTheDocument();
  });

  it('asks a visitor with neither a session nor a standing token to sign in, and asks the server nothing', async () => {
    const calls = server({});
    renderPage();
    expect(await screen.findByText('Sign in to see your account standing.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fstanding');
    expect(calls).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Report a player' })).toBeNull();
  });

  it('takes a standing token out of the address, keeps it in the tab and reads the standing with it', async () => {
    const calls = server({ 'GET /api/standing': [standing(sanction({ scope: 'account', game: null }))] });
    const router = renderPage('/standing#token=st-from-launcher');
    expect(await screen.findByRole('article', { name: 'Account ban' })).toBeInTheDocument();
    expect(router.state.location.hash).toBe('');
    expect(sessionStorage.getItem('standing_token')).toBe('st-from-launcher');
    expect(calls.map((call) => call.auth)).toEqual(['Bearer st-from-launcher']);
    // Without a session, there is no one to report as.
    expect(screen.queryByRole('heading', { name: 'Report a player' })).toBeNull();
  });

  it('drops a standing token the server no longer takes and reads with the session instead', async () => {
    signInPlayerInStorage();
    sessionStorage.setItem('standing_token', 'st-run-out');
    const calls = server({
      'GET /api/standing': [
        (init) =>
          (init.headers as Record<string, string>).Authorization === 'Bearer st-run-out'
            ? jsonResponse({ message: 'Sign in to see your account standing.', code: 'UNAUTHENTICATED' }, 401)
            : jsonResponse({ sanctions: [] }),
      ],
    });
    renderPage();
    expect(await screen.findByText('Your account is in good standing.')).toBeInTheDocument();
    const standingReads = calls.filter((call) => call.url === '/api/standing');
    expect(standingReads.map((call) => call.auth)).toEqual(['Bearer st-run-out', 'Bearer player-token']);
    expect(sessionStorage.getItem('standing_token')).toBeNull();
  });

  it('sends an appeal with the keyboard, counting the characters, and shows it under review', async () => {
    sessionStorage.setItem('standing_token', 'st-1');
    const calls = server({
      'GET /api/standing': [standing(sanction()), standing(sanction({ appeal: appeal() }))],
      [`POST /api/standing/sanctions/${BAN}/appeal`]: [
        () =>
          jsonResponse(
            {
              appeal: appeal(),
              message: 'Your appeal was sent. We will email you when it has been decided.',
            },
            201,
          ),
      ],
    });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Ban from Caliber' });
    within(card).getByRole('button', { name: 'Appeal' }).focus();
    await user.keyboard('{Enter}');

    const field = await within(card).findByRole('textbox', { name: /Why should this sanction be lifted/ });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('maxlength', '2000');
    expect(within(card).getByText('0 / 2000 characters')).toBeInTheDocument();
    // Sent empty, the form says what is missing and sends nothing.
    await user.tab();
    expect(within(card).getByRole('button', { name: 'Send appeal' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await within(card).findByText('Write the appeal.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(field);
    await user.keyboard('I did not cheat.');
    expect(within(card).getByText('16 / 2000 characters')).toBeInTheDocument();
    await user.tab();
    await user.keyboard('{Enter}');

    expect(
      await within(card).findByText('Your appeal was sent. We will email you when it has been decided.'),
    ).toBeInTheDocument();
    const sent = within(card).getByRole('region', { name: 'Your appeal' });
    expect(within(sent).getByText('Appeal under review')).toBeInTheDocument();
    expect(within(sent).getByText('I did not cheat.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Appeal' })).toBeNull();
    const post = calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({ auth: 'Bearer st-1', body: { message: 'I did not cheat.' } });
  });

  it('shows a second appeal refused, then the appeal already sent', async () => {
    signInPlayerInStorage();
    server({
      'GET /api/standing': [standing(sanction()), standing(sanction({ appeal: appeal() }))],
      [`POST /api/standing/sanctions/${BAN}/appeal`]: [
        () => jsonResponse({ message: 'You have already appealed this sanction.', code: 'CONFLICT' }, 409),
      ],
    });
    renderPage();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Ban from Caliber' });
    await user.click(within(card).getByRole('button', { name: 'Appeal' }));
    await user.type(within(card).getByRole('textbox', { name: /Why should/ }), 'Again.');
    await user.click(within(card).getByRole('button', { name: 'Send appeal' }));
    expect(await within(card).findByText('You have already appealed this sanction.')).toBeInTheDocument();
    expect(await within(card).findByText('Appeal under review')).toBeInTheDocument();
  });

  it("shows a decided appeal with staff's answer, as text", async () => {
    signInPlayerInStorage();
    server({
      'GET /api/standing': [
        standing(
          sanction({
            appeal: appeal({
              status: 'upheld',
              answer: 'We checked the <i>replays</i>: the ban stays.',
              decided_at: '2030-01-05T00:00:00.000Z',
            }),
          }),
        ),
      ],
    });
    renderPage();
    const sent = await screen.findByRole('region', { name: 'Your appeal' });
    expect(within(sent).getByText('Appeal declined')).toBeInTheDocument();
    expect(within(sent).getByText(/^Our answer/)).toBeInTheDocument();
    const answer = within(sent).getByText('We checked the <i>replays</i>: the ban stays.');
    expect(answer.querySelector('i')).toBeNull();
  });
});

describe('Report a player', () => {
  it('reports a player by their nickname in a game, then thanks and empties the form', async () => {
    signInPlayerInStorage();
    const calls = server({
      'GET /api/standing': [standing()],
      'POST /api/reports': [
        () =>
          jsonResponse(
            {
              report: { id: APPEAL, created_at: '2030-01-01T00:00:00.000Z' },
              message: 'Thank you. Our team will look at your report.',
            },
            201,
          ),
      ],
    });
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Report a player' });
    // Nothing chosen: the form says what is missing.
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await within(form).findByText('Choose the game.')).toBeInTheDocument();
    expect(within(form).getByText('Choose what they did.')).toBeInTheDocument();

    await user.selectOptions(within(form).getByRole('combobox', { name: /Game/ }), 'talesrunner');
    await user.type(within(form).getByRole('textbox', { name: /Their nickname/ }), 'Griefer99');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /What did they do/ }),
      'verbal_abuse',
    );
    await user.type(within(form).getByRole('textbox', { name: /What happened/ }), 'Insults in chat.');
    expect(within(form).getByText('16 / 1000 characters')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Send report' }));

    expect(
      await within(form).findByText('Thank you. Our team will look at your report.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      auth: 'Bearer player-token',
      body: {
        game: 'talesrunner',
        nickname: 'Griefer99',
        category: 'verbal_abuse',
        message: 'Insults in chat.',
      },
    });
    expect(within(form).getByRole('textbox', { name: /Their nickname/ })).toHaveValue('');
  });

  it("shows the server's refusal of a nickname under its field", async () => {
    signInPlayerInStorage();
    server({
      'GET /api/standing': [standing()],
      'POST /api/reports': [
        () =>
          jsonResponse(
            {
              message: 'There is no player with this nickname in this game.',
              code: 'VALIDATION_FAILED',
              errors: { nickname: ['There is no player with this nickname in this game.'] },
            },
            422,
          ),
      ],
    });
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Report a player' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /Game/ }), 'caliber');
    await user.type(within(form).getByRole('textbox', { name: /Their nickname/ }), 'nobody');
    await user.selectOptions(within(form).getByRole('combobox', { name: /What did they do/ }), 'cheating');
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    const nickname = within(form).getByRole('textbox', { name: /Their nickname/ });
    await waitFor(() =>
      expect(nickname).toHaveAccessibleDescription('There is no player with this nickname in this game.'),
    );
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  const playing =
    (...names: Game[]) =>
    () =>
      jsonResponse({
        user: aPlayer({
          games: names.map((name) => ({ id: name, name, created_at: '2026-01-01T00:00:00.000Z' })),
        }),
      });
  const reportTaken = () =>
    jsonResponse(
      { report: { id: APPEAL, created_at: '2030-01-01T00:00:00.000Z' }, message: 'Thank you.' },
      201,
    );
  const offeredGames = (form: HTMLElement) =>
    within(within(form).getByRole('combobox', { name: /Game/ }))
      .getAllByRole('option')
      .map((option) => option.textContent);

  it('offers only the games the player has, the one preselected when there is one, again after a report', async () => {
    signInPlayerInStorage();
    server({
      'GET /api/standing': [standing()],
      'GET /api/profile': [playing('talesrunner')],
      'POST /api/reports': [reportTaken],
    });
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Report a player' });
    const game = within(form).getByRole('combobox', { name: /Game/ });
    await waitFor(() => expect(game).toHaveValue('talesrunner'));
    expect(offeredGames(form)).toEqual(['Choose the game', 'Tales Runner']);

    await user.type(within(form).getByRole('textbox', { name: /Their nickname/ }), 'Griefer99');
    await user.selectOptions(within(form).getByRole('combobox', { name: /What did they do/ }), 'spamming');
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await within(form).findByText('Thank you.')).toBeInTheDocument();
    expect(game).toHaveValue('talesrunner');
    expect(within(form).getByRole('textbox', { name: /Their nickname/ })).toHaveValue('');
  });

  it('sends a game chosen before the profile answered when the player has it, else their one game', async () => {
    /** Chooses Caliber while all three games are offered, then sends the report once the profile answered. */
    const gameSentAfterChoosingEarly = async (games: Game[]) => {
      signInPlayerInStorage();
      let answerProfile = () => {};
      const profileAnswered = new Promise<void>((resolve) => {
        answerProfile = resolve;
      });
      const calls = server({
        'GET /api/standing': [standing()],
        'GET /api/profile': [() => profileAnswered.then(playing(...games))],
        'POST /api/reports': [reportTaken],
      });
      renderPage();
      const user = userEvent.setup();
      const form = await screen.findByRole('form', { name: 'Report a player' });
      await user.selectOptions(within(form).getByRole('combobox', { name: /Game/ }), 'caliber');
      answerProfile();
      await waitFor(() => expect(offeredGames(form)).toHaveLength(games.length + 1));
      await user.type(within(form).getByRole('textbox', { name: /Their nickname/ }), 'Griefer99');
      await user.selectOptions(within(form).getByRole('combobox', { name: /What did they do/ }), 'cheating');
      await user.click(within(form).getByRole('button', { name: 'Send report' }));
      await within(form).findByText('Thank you.');
      cleanup();
      return (calls.find((call) => call.method === 'POST')?.body as { game: Game } | undefined)?.game;
    };
    expect(await gameSentAfterChoosingEarly(['yggdra', 'caliber'])).toBe('caliber');
    // The screen shows the one game left; the form sends it, not the Caliber it no longer offers.
    expect(await gameSentAfterChoosingEarly(['talesrunner'])).toBe('talesrunner');
  });

  it('asks for the game among several the player has', async () => {
    signInPlayerInStorage();
    server({ 'GET /api/standing': [standing()], 'GET /api/profile': [playing('yggdra', 'caliber')] });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Report a player' });
    await waitFor(() => expect(offeredGames(form)).toEqual(['Choose the game', 'Caliber', 'Yggdra']));
    expect(within(form).getByRole('combobox', { name: /Game/ })).toHaveValue('');
  });

  it('leads a player without a game to the profile instead of a form the server would refuse', async () => {
    signInPlayerInStorage();
    server({ 'GET /api/standing': [standing()], 'GET /api/profile': [playing()] });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Report a player' });
    expect(await within(section).findByText(/Reports are made in a game you play/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(section).queryByRole('form')).toBeNull();
  });
});
