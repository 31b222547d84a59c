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

let calls: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  calls = [];
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
      return jsonResponse(LIST);
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
});
