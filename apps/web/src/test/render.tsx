import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders, createQueryClient } from '../shell/Providers';

/**
 * Renders routes inside the portal's providers at the given URL; returns the router to inspect its location.
 * Its query client is the portal's without retries: a failed call shows at once instead of after the real
 * back-off of 1 and 2 seconds (no test here is about the retry policy).
 */
export function renderRoutes(routes: RouteObject[], url: string, client = createTestQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** The portal's query client without retries (see renderRoutes), for a test that works with it before render. */
export function createTestQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

export function signInPlayerInStorage(role?: string) {
  localStorage.setItem('token', 'player-token');
  localStorage.setItem('isAuthenticated', 'true');
  localStorage.setItem('user', JSON.stringify({ name: 'Ann Player', email: 'ann@example.com' }));
  if (role) localStorage.setItem('role', role);
}

export function signInAdminInStorage() {
  localStorage.setItem('admin_token', 'admin-token');
  localStorage.setItem('adminAuthenticated', 'true');
  localStorage.setItem('admin', JSON.stringify({ name: 'Staff' }));
}

/**
 * Renders `ui` with the portal's query client without retries (createTestQueryClient), so a failed call shows
 * at once: a fresh one, or `client` for a test that fills its cache first.
 */
export function renderWithQueryClient(ui: ReactNode, client = createTestQueryClient()) {
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** A JSON reply as fetch answers it. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stubs fetch with replies held back: every request waits until `answer()` sends it `body` with `status` (the
 * latest request; call again for the next). The mock tells what was asked.
 */
export function heldReplies(body: unknown, status = 200) {
  let answer = () => {};
  const fetchMock = vi.fn(
    (_url: string, _init?: RequestInit) =>
      new Promise<Response>((resolve) => {
        answer = () => resolve(jsonResponse(body, status));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, answer: () => answer() };
}

/**
 * Stubs `matchMedia` as a window `width` px wide answers it: its min-width and max-width queries by the width,
 * any other query not matching. For a component's phone or desktop branch (jsdom has no layout).
 */
export function stubWindowWidth(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      return {
        matches: Boolean((min && width >= Number(min[1])) || (max && width <= Number(max[1]))),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
      };
    }),
  );
}
