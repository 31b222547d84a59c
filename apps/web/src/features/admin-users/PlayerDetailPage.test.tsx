import type { PlayerDetail, StaffSanction } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, signInAdminInStorage } from '../../test/render';
import { aStaffSanction } from '../../test/sanctions';
import PlayerDetailPage from './PlayerDetailPage';

const ID = '11111111-1111-4111-8111-111111111111';
const detail = (overrides: Partial<PlayerDetail['user']> = {}): PlayerDetail => ({
  user: {
    id: ID,
    name: 'Pat <b>Ticket</b>',
    email: 'pat@example.test',
    phone_number: null,
    account_status: 'active',
    email_verified_at: null,
    created_at: '2030-01-02T03:04:05.000Z',
    referral_code: 'PAT1',
    two_step: false,
    gender: 'female',
    birthdate: '2000-01-15',
    pending_deletion: null,
    erased_at: null,
    ...overrides,
  },
  addresses: [{ address1: null, city: 'Cebu', province: null, country: 'Philippines' }],
  games: [
    {
      game: 'caliber',
      nickname: 'patty',
      level: 7,
      last_session: null,
      registered_at: '2030-01-02T03:04:05.000Z',
      referral_code: null,
    },
  ],
  referrals: { total: 0, latest: [] },
  orders: [],
  sessions: [],
  events: [],
  audit: [],
});

let calls: { method: string; url: string }[];
let bodies: Map<string, unknown>;
let access: string[];
let role: string;
let shown: PlayerDetail;
let sanctions: () => StaffSanction[];
beforeEach(() => {
  sanctions = () => [];
  shown = detail();
  calls = [];
  bodies = new Map();
  access = ['players.read', 'players.act'];
  role = 'support';
  signInAdminInStorage();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ method: init.method ?? 'GET', url });
      if (typeof init.body === 'string') bodies.set(url, JSON.parse(init.body));
      if (url === '/api/admin/access') return jsonResponse({ role, capabilities: access });
      if (url.endsWith('/fulfilment')) return jsonResponse({ entitlements: [], deliveries: [] });
      if (url.startsWith('/api/admin/sanctions?'))
        return jsonResponse({ sanctions: sanctions(), page: 1, has_more: false });
      if (init.method === 'POST')
        return jsonResponse({ message: 'A new verification email is on its way to the player.' });
      return jsonResponse(shown);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderPage = () =>
  renderRoutes([{ path: '/mlg/admin/users/:id', element: <PlayerDetailPage /> }], `/mlg/admin/users/${ID}`);

describe('PlayerDetailPage', () => {
  it('shows the player as text, with empty states for what they do not have', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pat <b>Ticket</b>' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Games' })).getByText('patty')).toBeInTheDocument();
    expect(screen.getByText('No orders.')).toBeInTheDocument();
    expect(screen.getByText('Not signed in anywhere.')).toBeInTheDocument();
    expect(screen.getByText('Cebu, Philippines')).toBeInTheDocument();
  });

  it('words the sign-in history and the staff actions as the audit trail does: labels and names, no raw kinds', async () => {
    shown = detail();
    shown.events = [
      {
        id: 'e1',
        kind: 'sign_in',
        detail: 'password',
        ip: '203.0.113.5',
        device: 'Firefox on Linux',
        created_at: '2030-01-03T00:00:00.000Z',
        user_agent: null,
      },
    ];
    shown.audit = [
      {
        id: 'a1',
        created_at: '2030-01-04T00:00:00.000Z',
        actor_kind: 'admin',
        actor_id: 'x',
        actor_label: 'ana@staff.test',
        actor_name: 'Ana Staff',
        action: 'users.password_reset',
        target: `user:${ID}`,
        target_name: 'Pat',
        details: {},
        ip: null,
      },
    ];
    renderPage();
    const history = await screen.findByRole('region', { name: 'Sign-in history' });
    expect(within(history).getByText('Signed in: with the password')).toBeInTheDocument();
    expect(within(history).queryByText(/sign_in/)).toBeNull();
    const staffActions = screen.getByRole('region', { name: 'Staff actions' });
    expect(within(staffActions).getByText('Password reset email sent')).toBeInTheDocument();
    expect(within(staffActions).getByText('Ana Staff')).toBeInTheDocument();
    expect(within(staffActions).queryByText('users.password_reset')).toBeNull();
  });

  it("shows the player's standing: the sanctions in force, and Place sanction for a role that acts", async () => {
    sanctions = () => [aStaffSanction({ player: ID })];
    renderPage();
    const standing = await screen.findByRole('region', { name: 'Standing' });
    const inForce = await within(standing).findByRole('table', { name: 'Sanctions in force' });
    expect(within(inForce).getByText('One game: Caliber')).toBeInTheDocument();
    expect(await within(standing).findByRole('button', { name: 'Place sanction' })).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'GET', url: `/api/admin/sanctions?player=${ID}&page=1` });
  });

  it('asks before an action, then sends it and says what happened', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('pat@example.test');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend verification email' }));
    expect(
      await screen.findByText('A new verification email is on its way to the player.'),
    ).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'POST', url: `/api/admin/users/${ID}/resend-verification` });
  });

  it('shows a pending deletion and processes an erasure request after a confirmation', async () => {
    shown = detail({
      pending_deletion: { requested_at: '2030-01-02T03:04:05.000Z', erasure_due: '2030-01-09T03:04:05.000Z' },
    });
    renderPage();
    expect(await screen.findByText(/asked to delete their account/)).toHaveTextContent(
      /erased on Jan 9, 2030.*unless they sign in first/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Process erasure request' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('cannot be restored');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'POST', url: `/api/admin/users/${ID}/erase` }),
    );
    expect(bodies.get(`/api/admin/users/${ID}/erase`)).toEqual({});
  });

  it('offers support no erasure of a player who has not asked for it', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'Send password reset' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/access')).toBe(true));
    expect(screen.queryByRole('button', { name: /erase/i })).toBeNull();
  });

  it('lets an owner erase a player who has not asked for it only with a written reason', async () => {
    role = 'owner';
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Erase personal data' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('This player has not asked to delete their account.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await within(dialog).findByText(/Say why you erase this player/)).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/erase'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Why erase without the player's request/), {
      target: { value: 'Court order 2026/118 received by legal.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    await waitFor(() =>
      expect(bodies.get(`/api/admin/users/${ID}/erase`)).toEqual({
        reason: 'Court order 2026/118 received by legal.',
      }),
    );
  });

  it('offers no action on an erased player', async () => {
    shown = detail({ erased_at: '2030-01-09T03:04:05.000Z', name: 'Deleted player' });
    renderPage();
    expect(await screen.findByText(/Personal data erased on/)).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/access')).toBe(true));
    expect(screen.queryByRole('button', { name: /erase/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send password reset' })).toBeNull();
    await screen.findByText('No sanctions: this player is in good standing.');
    expect(screen.queryByRole('button', { name: 'Place sanction' })).toBeNull();
  });

  it('turns off two-step verification only with a reason for the audit', async () => {
    shown = detail({ two_step: true });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off two-step verification' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText(/Say how you checked/)).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/two-step/disable'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/How did you check/), {
      target: { value: 'Video call, matched ID card and last order.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'POST', url: `/api/admin/users/${ID}/two-step/disable` }),
    );
  });

  it("opens an order's items and deliveries, after Xsolla's notes for finance", async () => {
    const order = {
      txnid: 'YG123',
      created_at: '2030-01-03T03:04:05.000Z',
      game: 'yggdra',
      status: 'REFUNDED',
      fraud: { code: 4, reason: 'Potential fraud' },
      dispute: null,
      amount: '99.00',
      currency: 'PHP',
      refund_due: false,
      items: 'Elixir Pack × 1',
    };
    shown = { ...detail(), orders: [order] };
    renderPage();
    expect(await screen.findByText('REFUNDED · Fraud')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Details of order YG123' }));
    const dialog = screen.getByRole('dialog', { name: 'Order YG123' });
    expect(dialog).toHaveTextContent('Refunded for fraud (Xsolla code 4): Potential fraud.');
    expect(await within(dialog).findByText('No webhook was sent for this order.')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'GET', url: '/api/admin/orders/YG123/fulfilment' });
  });

  it('offers no actions to a role that may only read', async () => {
    access = ['players.read'];
    renderPage();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/access')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send password reset' })).toBeNull());
    expect(screen.queryByRole('button', { name: /Suspend/ })).toBeNull();
  });
});
