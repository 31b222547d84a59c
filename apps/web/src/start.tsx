import { hydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { storage } from './lib/storage';
import { evaluatePageChunks } from './lib/tasks';
import { createRoutes, startFirstPageData } from './router';
import { fontsHeld, releaseFonts, whenFirstPageDrawn } from './shell/fonts';
import { guestDestination, pathOf, startAdminMfaCheck, startSessionCheck } from './shell/guards';
import { hydratable, pageData } from './shell/hydration';
import { AppProviders, createQueryClient } from './shell/Providers';
import type { PageDeclaration } from './shell/pages';
import { startStaffAccessCheck } from './shell/staff-access';

/**
 * Starts the requests a stored session's page makes first, beside the page's code, not once that code has run:
 * for a player page, or for the page a guest page sends a signed-in player to, the session check; for a
 * back-office page, the admin's two-step status, which every admin page waits for, and what the role allows;
 * a player page's own first request too (router.tsx, PAGE_DATA). The entry started most of them already
 * (shell/first-requests.ts): these calls take its answers. Resolves once the page's first data is asked for.
 */
export async function startFirstRequests(queryClient: QueryClient, routes: RouteObject[]): Promise<void> {
  const token = storage.getToken();
  const pages = (matchRoutes(routes, window.location) ?? []).map(
    (match) => match.route.handle as PageDeclaration | undefined,
  );
  const audiences = pages.map((page) => page?.audience);
  const checked = audiences.includes('player')
    ? window.location.pathname
    : audiences.includes('guest')
      ? pathOf(guestDestination(window.location.search))
      : null;
  if (token && storage.isAuthenticated() && checked) startSessionCheck(queryClient, token, checked);
  const adminToken = storage.getAdminToken();
  if (adminToken && storage.isAdminAuthenticated() && audiences.includes('admin')) {
    startAdminMfaCheck(queryClient, adminToken);
    startStaffAccessCheck(queryClient, adminToken);
  }
  await startFirstPageData(queryClient, pages.at(-1));
}

/**
 * Starts the app on its container: hydrates the page the server sent drawn when this visitor would see it so,
 * or renders it (main.tsx loads this module once React and MUI have been evaluated, each in a task of its own).
 * The router is created once the first page's chunks have been evaluated, a task each: it would evaluate them
 * in one as it imports the page.
 */
export async function start(container: HTMLElement) {
  const prerendered = container.dataset.prerendered;
  const queryClient = createQueryClient();
  const data = pageData();
  if (data) hydrate(queryClient, data);
  const routes = createRoutes(queryClient);
  void startFirstRequests(queryClient, routes);
  await evaluatePageChunks();
  const router = createBrowserRouter(routes);
  const hydrating = hydratable(prerendered, container.dataset.session);
  const app = (
    <StrictMode>
      <AppProviders client={queryClient} sentDrawn={hydrating}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );

  /** Resolves once the router has matched the address and loaded its lazy routes (preloaded by the server). */
  const routerReady = () =>
    new Promise<void>((resolve) => {
      if (router.state.initialized) return resolve();
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });

  if (hydrating) {
    // Hydrated with the page's components already loaded, so the first render is the prerendered one (no
    // fallback spinner), as a transition: it runs in slices and input stays responsive (Lighthouse's TBT).
    void routerReady().then(() => {
      delete container.dataset.prerendered;
      delete container.dataset.session;
      startTransition(() => {
        hydrateRoot(container, app);
      });
    });
    return;
  }
  // Rendered here: a page the server did not prerender, or one this visitor would see differently. A page
  // prerendered in the other colour scheme goes at once (hidden meanwhile by its own style on a device of
  // the other scheme); otherwise it stays until the render replaces it, so nothing flashes.
  if (prerendered && storage.isDarkMode() !== (prerendered === 'dark')) container.replaceChildren();
  delete container.dataset.prerendered;
  delete container.dataset.session;
  // Open Sans, held back on a page the app draws, is asked for once this page is drawn (decision 0100).
  if (fontsHeld()) void whenFirstPageDrawn(queryClient, () => router.state.initialized).then(releaseFonts);
  const root = createRoot(container);
  // The first render as a transition: React renders it in slices and lets the browser breathe in between,
  // instead of one long task that blocks input while the page's components are created (Lighthouse's TBT).
  startTransition(() => root.render(app));
}
