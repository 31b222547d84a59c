import type { Developer } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueryClient } from '../../test/render';
import DevelopersPage from './DevelopersPage';

const HOUR = 60 * 60 * 1000;
const verified: Developer = {
  userId: '11111111-1111-4111-8111-111111111111',
  email: 'dan@example.com',
  name: 'Dan Lim',
  markedAt: '2026-11-01T10:00:00.000Z',
  verifiedAt: '2026-11-02T10:00:00.000Z',
  linkExpiresAt: null,
};
const waiting: Developer = {
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'eve@example.com',
  name: 'Eve Cruz',
  markedAt: new Date().toISOString(),
  verifiedAt: null,
  linkExpiresAt: new Date(Date.now() + 23 * HOUR).toISOString(),
};
const expired: Developer = {
  ...waiting,
  userId: '33333333-3333-4333-8333-333333333333',
  email: 'fay@example.com',
  name: 'Fay <b>Ong</b>',
  linkExpiresAt: new Date(Date.now() - HOUR).toISOString(),
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fake back-office API: answers from `reply` and records every call. */
function serve(reply: (call: Call) => { status?: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const { status = 200, body } = reply(call);
      return jsonResponse(body, status);
    }),
  );
  return calls;
}

function renderPage() {
  localStorage.setItem('admin_token', 'admin-token');
  renderWithQueryClient(<DevelopersPage />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Caliber Developers page', () => {
  it('lists developers with their link state, as text', async () => {
    const calls = serve(() => ({ body: { developers: [verified, waiting, expired] } }));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Developer accounts' });
    const rowOf = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(within(rowOf('Dan Lim')).getByText('Verified Nov 2, 2026')).toBeInTheDocument();
    expect(within(rowOf('Dan Lim')).queryByRole('button', { name: /new link/ })).toBeNull();
    expect(within(rowOf('Eve Cruz')).getByText(/^Link sent, valid until /)).toBeInTheDocument();
    expect(within(rowOf('Fay <b>Ong</b>')).getByText('Link expired')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/admin/developers' });
  });

  it('says so when there are none, and offers a retry when the list fails', async () => {
    let fail = true;
    serve(() =>
      fail ? { status: 500, body: { message: 'Something went wrong.' } } : { body: { developers: [] } },
    );
    renderPage();
    expect(await screen.findByText('The developer accounts could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No developer accounts yet.')).toBeInTheDocument();
  });

  it('checks the email before sending, then shows the reply and refreshes the list', async () => {
    let developers: Developer[] = [];
    const calls = serve((call) => {
      if (call.method === 'POST') {
        developers = [waiting];
        return { body: { developer: waiting, message: 'A verification email was sent to eve@example.com.' } };
      }
      return { body: { developers } };
    });
    renderPage();
    await screen.findByText('No developer accounts yet.');
    const email = screen.getByRole('textbox', { name: /Player email/ });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as developer' }));
    expect(await screen.findByText('Enter the player email.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(email, { target: { value: ' eve@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as developer' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'A verification email was sent to eve@example.com.',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'eve@example.com' });
    expect(await screen.findByRole('cell', { name: 'Eve Cruz' })).toBeInTheDocument();
    expect(email).toHaveValue('');
  });

  it("shows the server's message when marking fails, and keeps what was typed", async () => {
    serve((call) =>
      call.method === 'POST'
        ? { status: 404, body: { message: 'No player account has this email address.' } }
        : { body: { developers: [] } },
    );
    renderPage();
    await screen.findByText('No developer accounts yet.');
    const email = screen.getByRole('textbox', { name: /Player email/ });
    fireEvent.change(email, { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as developer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No player account has this email address.');
    expect(email).toHaveValue('nobody@example.com');
  });

  it('sends a new link, and removes a mark only after confirming', async () => {
    let developers = [verified, expired];
    const calls = serve((call) => {
      if (call.method === 'POST') {
        return { body: { developer: expired, message: 'A verification email was sent to fay@example.com.' } };
      }
      if (call.method === 'DELETE') {
        developers = [expired];
        return { body: { message: 'The developer mark was removed.' } };
      }
      return { body: { developers } };
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Send new link to fay@example.com' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'A verification email was sent to fay@example.com.',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'fay@example.com' });

    fireEvent.click(screen.getByRole('button', { name: 'Remove the developer mark of dan@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the developer mark?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove the developer mark of dan@example.com' }));
    const again = await screen.findByRole('dialog', { name: 'Remove the developer mark?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'dan@example.com: The developer mark was removed.',
    );
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`/api/admin/developers/${verified.userId}`);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Dan Lim' })).toBeNull());
  });

  it('shows a 422 under the email field, not in the outcome banner', async () => {
    serve((call) =>
      call.method === 'POST'
        ? { status: 422, body: { message: 'Too long.', errors: { email: ['Too long.'] } } }
        : { body: { developers: [] } },
    );
    renderPage();
    await screen.findByText('No developer accounts yet.');
    const email = screen.getByRole('textbox', { name: /Player email/ });
    fireEvent.change(email, { target: { value: 'eve@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as developer' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Too long.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
