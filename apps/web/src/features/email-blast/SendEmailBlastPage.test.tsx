import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueryClient } from '../../test/render';
import SendEmailBlastPage from './SendEmailBlastPage';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function serve(reply: (call: Call) => Response) {
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
      return reply(call);
    }),
  );
  return calls;
}

const recipients = { users: [{ id: 'r1', name: 'QA', email: 'qa@example.com' }], message: 'ok' };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Send Test Email', () => {
  it('sends with an idempotency key and shows the reply in the toast', async () => {
    const calls = serve((call) =>
      call.method === 'POST'
        ? jsonResponse({ message: 'Emails sent successfully', sent: 1, replayed: false })
        : jsonResponse(recipients),
    );
    renderWithQueryClient(<SendEmailBlastPage />);
    expect(await screen.findByText('qa@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Emails sent successfully')).toBeInTheDocument();
    const send = calls.find((c) => c.method === 'POST');
    expect(send?.url).toBe('/api/email-blast');
    expect(send?.body).toEqual({ idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/) });
  });

  it('checks a new recipient with the contract rules, then shows a 422 under its field', async () => {
    const calls = serve((call) =>
      call.method === 'POST'
        ? jsonResponse(
            {
              message: 'This email is already on the list.',
              errors: { email: ['This email is already on the list.'] },
            },
            422,
          )
        : jsonResponse(recipients),
    );
    renderWithQueryClient(<SendEmailBlastPage />);
    await screen.findByText('qa@example.com');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Add recipient' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Enter a name.'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await u.type(name, 'QA Two');
    await u.type(screen.getByRole('textbox', { name: 'Email' }), 'qa@example.com');
    await u.click(screen.getByRole('button', { name: 'Add recipient' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
        'This email is already on the list.',
      ),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'QA Two', email: 'qa@example.com' });
    expect(
      within(screen.getByRole('list', { name: 'Test recipients' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
