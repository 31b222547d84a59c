import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestQueryClient, signInAdminInStorage, signInPlayerInStorage } from '../test/render';
import { AppProviders } from './Providers';
import { type Session, useSession } from './session';

afterEach(() => localStorage.clear());

/** The app's providers around a probe that hands out the session's actions. */
function renderSession() {
  const client = createTestQueryClient();
  let session: Session | undefined;
  function Probe() {
    session = useSession();
    return null;
  }
  render(
    <AppProviders client={client}>
      <Probe />
    </AppProviders>,
  );
  const cached = () => client.getQueryData(['orders', 'mine']);
  client.setQueryData(['orders', 'mine'], { pages: [{ orders: ['an order of this session'] }] });
  return { client, cached, session: () => session as Session };
}

describe("the session's end", () => {
  it("forgets what a player's session fetched once it ends, so the next player on the browser never sees it", () => {
    signInPlayerInStorage();
    const { cached, session } = renderSession();
    act(() => session().updateUser({ name: 'Ann Player', email: 'ann@example.com' }));
    expect(cached()).toBeDefined();

    act(() => session().clearSession());
    expect(cached()).toBeUndefined();
  });

  it("forgets it when a staff member signs out, or another player's session replaces the first", () => {
    signInAdminInStorage();
    const staff = renderSession();
    act(() => staff.session().clearAdminSession());
    expect(staff.cached()).toBeUndefined();

    signInPlayerInStorage();
    const player = renderSession();
    act(() => player.session().signInPlayer('another-token', { name: 'Bo Player', email: 'bo@example.com' }));
    expect(player.cached()).toBeUndefined();
  });

  it('keeps the cache when a session begins where there was none', () => {
    const { cached, session } = renderSession();
    act(() => session().signInPlayer('player-token', { name: 'Ann Player', email: 'ann@example.com' }));
    act(() => session().signInAdmin('admin-token', { name: 'Staff' }));
    expect(cached()).toBeDefined();
  });
});
