import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../router';
import { startFirstRequests } from '../start';
import {
  createTestQueryClient,
  jsonResponse,
  signInAdminInStorage,
  signInPlayerInStorage,
} from '../test/render';
import { firstRequestsOf, startFirstRequestsEarly } from './first-requests';
import { PAGE_KEYS, PAGES } from './pages';

/** Records every fetch (a plain function: a mock's record of its results would handle its rejections). */
function recordRequests() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    asked.push(`${init?.method ?? 'GET'} ${path}`);
    return jsonResponse({});
  });
  return asked;
}

/** What the app asks first as it starts on the page the window shows (start.tsx), once all has been asked. */
async function startTheApp() {
  const client = createTestQueryClient();
  await startFirstRequests(client, createRoutes(client));
  await waitFor(() => expect(client.isFetching()).toBe(0));
}

const withoutParameters = PAGE_KEYS.filter((key) => !PAGES[key].path.includes(':'));

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe("the entry's first requests", () => {
  it.each(withoutParameters.filter((key) => ['player', 'admin'].includes(PAGES[key].audience)))(
    '%s: what the entry starts is what the app asks first',
    async (key) => {
      signInPlayerInStorage();
      signInAdminInStorage();
      window.history.replaceState(null, '', PAGES[key].path);
      const asked = recordRequests();
      await startTheApp();
      expect([...asked].sort()).toEqual(
        firstRequestsOf(PAGES[key].path)
          ?.paths.map((path) => `GET ${path}`)
          .sort(),
      );
    },
  );

  it.each(withoutParameters.filter((key) => !['player', 'admin'].includes(PAGES[key].audience)))(
    '%s: a page for visitors or everyone has none',
    (key) => {
      expect(firstRequestsOf(PAGES[key].path)).toBeNull();
    },
  );

  it('the app takes the answers of what the entry started: each is asked once', async () => {
    signInPlayerInStorage();
    window.history.replaceState(null, '', PAGES.profile.path);
    const asked = recordRequests();
    startFirstRequestsEarly();
    expect(asked).toEqual(['GET /api/user-info', 'GET /api/profile']);
    await startTheApp();
    expect(asked).toEqual(['GET /api/user-info', 'GET /api/profile']);
  });

  it("starts a back-office page's checks with the admin's session", () => {
    signInAdminInStorage();
    window.history.replaceState(null, '', PAGES.dashboard.path);
    const asked: [string, string | null][] = [];
    vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
      asked.push([path, new Headers(init?.headers).get('Authorization')]);
      return jsonResponse({});
    });
    startFirstRequestsEarly();
    expect(asked).toEqual([
      ['/api/admin/mfa', 'Bearer admin-token'],
      ['/api/admin/access', 'Bearer admin-token'],
    ]);
  });

  it('starts nothing without the session the page needs, nor on a page without first requests', () => {
    const asked = recordRequests();
    window.history.replaceState(null, '', PAGES.profile.path);
    startFirstRequestsEarly();
    localStorage.setItem('token', 'player-token');
    startFirstRequestsEarly();
    signInAdminInStorage();
    startFirstRequestsEarly();
    signInPlayerInStorage();
    window.history.replaceState(null, '', PAGES.login.path);
    startFirstRequestsEarly();
    window.history.replaceState(null, '', '/no-such-page');
    startFirstRequestsEarly();
    expect(asked).toEqual([]);
  });
});
