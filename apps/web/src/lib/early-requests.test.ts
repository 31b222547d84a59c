import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { startEarly, takeEarly } from './early-requests';

const bearer = (token: string) => ({ method: 'GET', headers: { Authorization: `Bearer ${token}` } });

function stubFetch() {
  const fetch = vi.fn(async (_path: string, _init?: RequestInit) => jsonResponse({ ok: true }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('early requests', () => {
  it("starts each GET with the session's bearer and hands its answer to the same call, once", async () => {
    window.history.replaceState(null, '', '/profile');
    const fetch = stubFetch();
    startEarly(['/api/user-info', '/api/profile'], 'player-token');
    expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/api/user-info', '/api/profile']);
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer player-token');

    const answer = takeEarly('/api/profile', bearer('player-token'));
    expect(await (await answer)?.json()).toEqual({ ok: true });
    expect(takeEarly('/api/profile', bearer('player-token'))).toBeUndefined();
    expect(takeEarly('/api/user-info', bearer('player-token'))).toBeDefined();
  });

  it('hands nothing to another session, another method or another path', () => {
    window.history.replaceState(null, '', '/profile');
    stubFetch();
    startEarly(['/api/profile'], 'player-token');
    expect(takeEarly('/api/profile', bearer('another-token'))).toBeUndefined();
    expect(takeEarly('/api/profile', undefined)).toBeUndefined();
    expect(takeEarly('/api/profile', { ...bearer('player-token'), method: 'POST' })).toBeUndefined();
    expect(takeEarly('/api/profile?page=2', bearer('player-token'))).toBeUndefined();
    expect(takeEarly('/api/profile', bearer('player-token'))).toBeDefined();
  });

  it('drops what is left once the app shows another page, even back on the first', () => {
    window.history.replaceState(null, '', '/profile');
    stubFetch();
    startEarly(['/api/user-info', '/api/profile'], 'player-token');
    window.history.replaceState(null, '', '/orders');
    expect(takeEarly('/api/profile', bearer('player-token'))).toBeUndefined();
    window.history.replaceState(null, '', '/profile');
    expect(takeEarly('/api/user-info', bearer('player-token'))).toBeUndefined();
  });

  it("leaves a failed request to the call that reads it, and nobody's when none does", async () => {
    window.history.replaceState(null, '', '/profile');
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    // Not a vi.fn: a mock's record of its results would handle the rejection itself.
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    startEarly(['/api/user-info', '/api/profile'], 'player-token');
    await expect(takeEarly('/api/profile', bearer('player-token'))).rejects.toThrow('Failed to fetch');
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
