import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestQueryClient, signInAdminInStorage, signInPlayerInStorage } from '../test/render';
import { AppProviders } from './Providers';
import { type Session, useSession } from './session';

afterEach(() => localStorage.clear());

/**
 * The app's providers around a probe that hands out the session's actions and records, for each of its
 * renders, the player's token and whether the cache still held the orders.
 */
function renderSession() {
  const client = createTestQueryClient();
  let session: Session | undefined;
  const renders: { token: string | null; cached: boolean }[] = [];
  function Probe() {
    session = useSession();
    renders.push({
      token: session.player.token,
      cached: client.getQueryData(['orders', 'mine']) !== undefined,
    });
    return null;
  }
  render(
    <AppProviders client={client}>
      <Probe />
    </AppProviders>,
  );
  const cached = () => client.getQueryData(['orders', 'mine']);
  client.setQueryData(['orders', 'mine'], { pages: [{ orders: ['an order of this session'] }] });
  return { client, cached, renders, session: () => session as Session };
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

  it("never renders the next session with the last one's answers, even for a frame", () => {
    signInPlayerInStorage();
    const viaThisTab = renderSession();
    act(() =>
      viaThisTab.session().signInPlayer('another-token', { name: 'Bo Player', email: 'bo@example.com' }),
    );
    const thisTabsRenders = viaThisTab.renders.filter(({ token }) => token === 'another-token');
    expect(thisTabsRenders.length).toBeGreaterThan(0);
    expect(thisTabsRenders.filter(({ cached }) => cached)).toEqual([]);

    // Another tab signs in over the session: its write reaches this one as a storage event.
    const viaAnotherTab = renderSession();
    act(() => {
      localStorage.setItem('token', 'other-tab-token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    const otherTabsRenders = viaAnotherTab.renders.filter(({ token }) => token === 'other-tab-token');
    expect(otherTabsRenders.length).toBeGreaterThan(0);
    expect(otherTabsRenders.filter(({ cached }) => cached)).toEqual([]);
  });

  it('keeps the cache when a session begins where there was none', () => {
    const { cached, session } = renderSession();
    act(() => session().signInPlayer('player-token', { name: 'Ann Player', email: 'ann@example.com' }));
    act(() => session().signInAdmin('admin-token', { name: 'Staff' }));
    expect(cached()).toBeDefined();
  });
});
