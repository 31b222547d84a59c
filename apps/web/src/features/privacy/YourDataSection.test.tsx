import { PRIVACY_MESSAGES } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../lib/format';
import { jsonResponse, renderRoutes, signInPlayerInStorage } from '../../test/render';
import { YourDataSection } from './YourDataSection';

const ERASURE_DUE = '2030-01-09T03:04:05.000Z';
let calls: { method: string; url: string; body: unknown }[];
let deleteReply: () => Response;
beforeEach(() => {
  calls = [];
  deleteReply = () =>
    jsonResponse({ message: PRIVACY_MESSAGES.deletionRequested, erasure_due: ERASURE_DUE }, 202);
  signInPlayerInStorage();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      if (url === '/api/account/export') return jsonResponse({ exported_at: '2030-01-02T03:04:05.000Z' });
      return deleteReply();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderSection = () =>
  renderRoutes(
    [
      { path: '/profile', element: <YourDataSection /> },
      { path: '/logout', element: <p>Signing you out</p> },
    ],
    '/profile',
  );

describe('YourDataSection', () => {
  it('downloads the export as a JSON file', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls).toContainEqual({ method: 'GET', url: '/api/account/export', body: null });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('my-account-data-2030-01-02.json');
    click.mockRestore();
  });

  it('asks the password, explains the 7 days, shows the erasure date, then signs out', async () => {
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('erased in 7 days; sign in before then to keep it');
    fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: 'secret-pass' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Your personal data will be erased on ${formatDate(ERASURE_DUE)}.`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Signing you out')).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'POST',
      url: '/api/account/delete',
      body: { password: 'secret-pass' },
    });
  });

  it('shows a wrong password on the field and stays', async () => {
    deleteReply = () =>
      jsonResponse({ message: 'x', errors: { password: [PRIVACY_MESSAGES.passwordWrong] } }, 422);
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(PRIVACY_MESSAGES.passwordWrong)).toBeInTheDocument();
    expect(screen.queryByText('Signing you out')).toBeNull();
  });

  it('asks an account without a password to type its email address', async () => {
    deleteReply = () =>
      jsonResponse({ message: 'x', errors: { email: [PRIVACY_MESSAGES.emailRequired] } }, 422);
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: 'whatever' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const email = await within(dialog).findByLabelText(/Your email address/);
    deleteReply = () =>
      jsonResponse({ message: PRIVACY_MESSAGES.deletionRequested, erasure_due: ERASURE_DUE }, 202);
    fireEvent.change(email, { target: { value: 'me@example.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Signing you out')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ email: 'me@example.test' });
  });
});
