import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createTestQueryClient,
  heldReplies,
  renderWithQueryClient,
  signInAdminInStorage,
} from '../test/render';
import { SessionProvider } from './session';
import { startStaffAccessCheck, useStaffAccess } from './staff-access';

function Role() {
  const staff = useStaffAccess();
  return (
    <p>{staff.role ? `role ${staff.role}, export ${staff.grants('players.export')}` : 'role unknown'}</p>
  );
}

describe('useStaffAccess', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses the answer asked for as the app started (start.tsx) instead of asking again', async () => {
    signInAdminInStorage();
    const { fetchMock, answer } = heldReplies({ role: 'support', capabilities: ['players.read'] });
    const client = createTestQueryClient();
    startStaffAccessCheck(client, 'admin-token');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/access');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer admin-token' });
    renderWithQueryClient(
      <SessionProvider>
        <Role />
      </SessionProvider>,
      client,
    );
    expect(screen.getByText('role unknown')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('role support, export false')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
