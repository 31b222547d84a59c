import type { StaffList } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueryClient, signInAdminInStorage } from '../../test/render';
import StaffPage from './StaffPage';

const LIST: StaffList = {
  staff: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Olive <i>Owner</i>',
      email: 'olive@staff.test',
      role: 'owner',
      active: true,
      two_step: true,
      last_login_at: null,
    },
  ],
  invitations: [],
};

const INVITATION = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Ivy <b>Invited</b>',
  email: 'ivy@staff.test',
  role: 'finance',
  expires_at: '2026-11-28T10:00:00.000Z',
} as const;

let calls: { method: string; url: string; body: unknown }[];
let list: StaffList;
beforeEach(() => {
  calls = [];
  list = LIST;
  signInAdminInStorage();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method: init.method ?? 'GET', url, body });
      if (init.method === 'PATCH')
        return jsonResponse(
          { message: 'The portal needs at least one active owner: make someone else an owner first.' },
          409,
        );
      if (init.method === 'POST')
        return jsonResponse({ message: `An invitation is on its way to ${body.email}.` });
      if (init.method === 'DELETE')
        return url.endsWith(INVITATION.id)
          ? jsonResponse({ message: 'The invitation was cancelled; its link no longer works.' })
          : jsonResponse({ message: 'There is no open invitation with this id.' }, 404);
      return jsonResponse(list);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('StaffPage', () => {
  it('lists staff as text and invites with the chosen role', async () => {
    renderWithQueryClient(<StaffPage />);
    expect(await screen.findByText('Olive <i>Owner</i>')).toBeInTheDocument();
    expect(screen.getByText('No open invitations.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Invite a staff member' });
    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: 'Sam Support' } });
    fireEvent.change(within(form).getByLabelText(/Email/), { target: { value: 'sam@staff.test' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'An invitation is on its way to sam@staff.test.',
    );
    expect(calls).toContainEqual({
      method: 'POST',
      url: '/api/admin/staff',
      body: { email: 'sam@staff.test', name: 'Sam Support', role: 'support' },
    });
  });

  it('refuses a bad email before asking the server', async () => {
    renderWithQueryClient(<StaffPage />);
    await screen.findByText('Olive <i>Owner</i>');
    const form = screen.getByRole('form', { name: 'Invite a staff member' });
    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: 'Sam' } });
    fireEvent.change(within(form).getByLabelText(/Email/), { target: { value: 'not-an-email' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(within(form).getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("asks before deactivating and shows the server's refusal", async () => {
    renderWithQueryClient(<StaffPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('olive@staff.test is signed out everywhere');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('at least one active owner');
    expect(calls).toContainEqual({
      method: 'PATCH',
      url: '/api/admin/staff/11111111-1111-4111-8111-111111111111',
      body: { active: false },
    });
  });

  it('lists open invitations as text with Cancel behind a confirmation', async () => {
    const gone = { ...INVITATION, id: '33333333-3333-4333-8333-333333333333', email: 'gone@staff.test' };
    list = { ...LIST, invitations: [INVITATION, gone] };
    renderWithQueryClient(<StaffPage />);
    const invitations = await screen.findByRole('list', { name: 'Open invitations' });
    expect(invitations).toHaveTextContent('Ivy <b>Invited</b> (ivy@staff.test), finance, valid until');
    fireEvent.click(
      within(invitations).getByRole('button', { name: 'Cancel the invitation to ivy@staff.test' }),
    );
    let dialog = screen.getByRole('dialog', { name: 'Cancel the invitation to ivy@staff.test?' });
    // Cancel in the dialog leaves it alone.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    fireEvent.click(
      within(invitations).getByRole('button', { name: 'Cancel the invitation to ivy@staff.test' }),
    );
    dialog = screen.getByRole('dialog', { name: 'Cancel the invitation to ivy@staff.test?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'ivy@staff.test: The invitation was cancelled; its link no longer works.',
    );
    expect(calls).toContainEqual({
      method: 'DELETE',
      url: `/api/admin/staff/invitations/${INVITATION.id}`,
      body: undefined,
    });

    // One already gone: the server's answer is shown.
    fireEvent.click(
      within(invitations).getByRole('button', { name: 'Cancel the invitation to gone@staff.test' }),
    );
    dialog = screen.getByRole('dialog', { name: 'Cancel the invitation to gone@staff.test?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no open invitation with this id.');
  });
});
