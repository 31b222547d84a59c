import type { Delivery, GameSettings } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueryClient, signInAdminInStorage } from '../../test/render';
import GamesPage from './GamesPage';

const KEY_ID = '22222222-2222-4222-8222-222222222222';
const DELIVERY_ID = '33333333-3333-4333-8333-333333333333';

const yggdra = (overrides: Partial<GameSettings> = {}): GameSettings => ({
  game: 'yggdra',
  webhook: null,
  keys: [
    {
      id: KEY_ID,
      name: 'EU <b>servers</b>',
      prefix: 'gsk_ab12',
      created_at: '2026-11-20T03:00:00.000Z',
      last_used_at: null,
      revoked_at: null,
    },
  ],
  deliveries: { pending: 0, failed: 1 },
  ...overrides,
});

const failed: Delivery = {
  id: DELIVERY_ID,
  game: 'yggdra',
  event_id: 'evt_1',
  type: 'entitlement.granted',
  entitlement_id: '44444444-4444-4444-8444-444444444444',
  order: 'YG123',
  status: 'failed',
  attempts: 3,
  last_attempt_at: '2026-11-20T04:00:00.000Z',
  last_status: 500,
  last_error: 'Internal <i>Server</i> Error',
  next_attempt_at: null,
  created_at: '2026-11-20T03:00:00.000Z',
  delivered_at: null,
};

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
/** Answers per "METHOD url"; anything else is a 404. */
let answers: Record<string, () => Response>;

beforeEach(() => {
  calls = [];
  signInAdminInStorage();
  answers = {
    'GET /api/admin/games': () => jsonResponse({ games: [yggdra()] }),
    'GET /api/admin/deliveries': () => jsonResponse({ deliveries: [failed], next: null }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const answer = answers[`${method} ${url}`];
      return answer ? answer() : jsonResponse({ message: 'Not found.' }, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const SLOW = { timeout: 20_000 };
const game = () => screen.findByTestId('game-yggdra');

describe('GamesPage', SLOW, () => {
  it('saves a webhook and shows its signing secret once, with Copy', async () => {
    answers['PUT /api/admin/games/yggdra/webhook'] = () =>
      jsonResponse({
        game: yggdra({
          webhook: {
            url: 'https://game.test/hook',
            active: true,
            secret_created_at: '2026-11-20T05:00:00.000Z',
          },
        }),
        secret: 'whsec_only_once',
      });
    renderWithQueryClient(<GamesPage />);
    const card = await game();
    expect(within(card).getByText('No webhook')).toBeInTheDocument();
    expect(within(card).getByText('1 failed')).toBeInTheDocument();
    const form = within(card).getByRole('form', { name: 'Webhook of Yggdra' });
    fireEvent.change(within(form).getByLabelText(/Webhook URL/), {
      target: { value: 'https://game.test/hook' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save webhook' }));

    const dialog = await screen.findByRole('dialog', { name: 'Signing secret for Yggdra' });
    expect(within(dialog).getByTestId('shown-once-value')).toHaveTextContent('whsec_only_once');
    expect(within(dialog).getByText(/shown only once/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'PUT',
      url: '/api/admin/games/yggdra/webhook',
      body: { url: 'https://game.test/hook', active: true },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('Yggdra: the webhook is saved.');
  });

  it("refuses a URL that is not one before asking the server, and shows the server's field message", async () => {
    answers['PUT /api/admin/games/yggdra/webhook'] = () =>
      jsonResponse(
        { message: 'Invalid', errors: { url: ['The webhook URL must start with https://.'] } },
        422,
      );
    renderWithQueryClient(<GamesPage />);
    const form = within(await game()).getByRole('form', { name: 'Webhook of Yggdra' });
    const url = within(form).getByLabelText(/Webhook URL/);
    fireEvent.change(url, { target: { value: 'not a url' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save webhook' }));
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(url, { target: { value: 'ftp://game.test/hook' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save webhook' }));
    expect(await within(form).findByText('The webhook URL must start with https://.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends a test ping and rotates the secret after asking', async () => {
    answers['GET /api/admin/games'] = () =>
      jsonResponse({
        games: [
          yggdra({
            webhook: {
              url: 'https://game.test/hook',
              active: false,
              secret_created_at: '2026-11-20T05:00:00.000Z',
            },
          }),
        ],
      });
    answers['POST /api/admin/games/yggdra/webhook/test'] = () =>
      jsonResponse({
        delivery: { ...failed, type: 'ping', attempts: 1, last_status: 401, last_error: 'HTTP 401' },
      });
    answers['POST /api/admin/games/yggdra/webhook/rotate-secret'] = () =>
      jsonResponse({ secret: 'whsec_new' });
    renderWithQueryClient(<GamesPage />);
    const card = await game();
    expect(within(card).getByText('Webhook off')).toBeInTheDocument();
    expect(within(card).getByRole('switch', { name: 'Active' })).not.toBeChecked();

    fireEvent.click(within(card).getByRole('button', { name: 'Send test ping' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Yggdra: test ping not delivered (HTTP 401).');

    fireEvent.click(within(card).getByRole('button', { name: 'Rotate secret' }));
    const ask = screen.getByRole('dialog', { name: 'Make a new signing secret for Yggdra?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret for Yggdra' });
    expect(within(shown).getByTestId('shown-once-value')).toHaveTextContent('whsec_new');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/admin/games/yggdra/webhook/test',
      '/api/admin/games/yggdra/webhook/rotate-secret',
    ]);
  });

  it('creates a key and shows it once; revokes a key only after a confirmation', async () => {
    answers['POST /api/admin/games/yggdra/keys'] = () =>
      jsonResponse({
        key: 'gsk_cd34_secret',
        server_key: { ...yggdra().keys[0]!, id: '55555555-5555-4555-8555-555555555555', name: 'Asia' },
      });
    answers[`DELETE /api/admin/games/yggdra/keys/${KEY_ID}`] = () =>
      jsonResponse({ server_key: { ...yggdra().keys[0]!, revoked_at: '2026-11-20T06:00:00.000Z' } });
    renderWithQueryClient(<GamesPage />);
    const card = await game();
    expect(within(card).getByText('EU <b>servers</b>')).toBeInTheDocument();
    expect(within(card).getByText('gsk_ab12…')).toBeInTheDocument();

    const form = within(card).getByRole('form', { name: 'New server key for Yggdra' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/Key name/)).toHaveAttribute('aria-invalid', 'true'),
    );
    fireEvent.change(within(form).getByLabelText(/Key name/), { target: { value: 'Asia' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'New server key for Yggdra' });
    expect(within(shown).getByTestId('shown-once-value')).toHaveTextContent('gsk_cd34_secret');
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(card).getByRole('button', { name: 'Revoke the key EU <b>servers</b>' }));
    const ask = screen.getByRole('dialog', { name: 'Revoke the key "EU <b>servers</b>"?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(card).getByRole('button', { name: 'Revoke the key EU <b>servers</b>' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: /Revoke the key/ })).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Yggdra: the key "EU <b>servers</b>" is revoked.',
    );
    expect(calls).toContainEqual({
      method: 'POST',
      url: '/api/admin/games/yggdra/keys',
      body: { name: 'Asia' },
    });
    expect(calls).toContainEqual({
      method: 'DELETE',
      url: `/api/admin/games/yggdra/keys/${KEY_ID}`,
      body: undefined,
    });
  });

  it('shows the delivery log with attempts and the last error as text, filters it and retries', async () => {
    answers[`POST /api/admin/deliveries/${DELIVERY_ID}/retry`] = () =>
      jsonResponse({
        delivery: { ...failed, status: 'delivered', attempts: 4, last_status: 200, last_error: null },
      });
    answers['GET /api/admin/deliveries?game=yggdra&status=failed'] = () =>
      jsonResponse({ deliveries: [], next: null });
    renderWithQueryClient(<GamesPage />);
    const row = await screen.findByTestId(`delivery-${DELIVERY_ID}`);
    expect(row).toHaveTextContent('Items granted');
    expect(row).toHaveTextContent('YG123');
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('HTTP 500: Internal <i>Server</i> Error');

    fireEvent.click(within(row).getByRole('button', { name: 'Retry delivery evt_1' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Retry of evt_1: delivered (HTTP 200).');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Game' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Yggdra' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    expect(await screen.findByText('No deliveries match.')).toBeInTheDocument();
  });

  it('says when the games or the log cannot be loaded', async () => {
    answers['GET /api/admin/games'] = () => jsonResponse({ message: 'Your role does not open this.' }, 403);
    answers['GET /api/admin/deliveries'] = () => jsonResponse({ message: 'Something went wrong.' }, 500);
    renderWithQueryClient(<GamesPage />);
    expect(await screen.findByText('Your role does not open this.')).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
  });

  it('says plainly when nothing was sent yet', async () => {
    answers['GET /api/admin/deliveries'] = () => jsonResponse({ deliveries: [], next: null });
    renderWithQueryClient(<GamesPage />);
    expect(await screen.findByText('Nothing has been sent to the games yet.')).toBeInTheDocument();
  });
});
