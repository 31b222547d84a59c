// The theme's "Open Sans", bundled (served from 'self', which the CSP's font-src allows): the latin subset of
// the weights the app uses (400 body, 500 MUI's medium, 600 and 700 headings and buttons), font-display: swap.
import '@fontsource/open-sans/latin-400.css';
import '@fontsource/open-sans/latin-500.css';
import '@fontsource/open-sans/latin-600.css';
import '@fontsource/open-sans/latin-700.css';
import './shell/font-fallback.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { storage } from './lib/storage';
import { createRoutes } from './router';
import { startSessionCheck } from './shell/guards';
import { hydratable, pageData } from './shell/hydration';
import { AppProviders, createQueryClient } from './shell/Providers';
import type { PageDeclaration } from './shell/pages';
import { keepTypedValues } from './shell/typed-values';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const prerendered = container.dataset.prerendered;
// What is typed into the server's markup until the app takes the page over is given back to its forms.
if (prerendered) keepTypedValues(container);
// The browser evaluates the entry's modules in one task; the router (every route ranked, the page's lazy
// modules started) comes in the next, so that neither is as long a task on a phone as both together.
setTimeout(() => start(container), 0);

function start(container: HTMLElement) {
  const queryClient = createQueryClient();
  const data = pageData();
  if (data) hydrate(queryClient, data);
  const router = createBrowserRouter(createRoutes(queryClient));
  // A player page's session check starts now, beside the page's code, not once that code has run.
  const token = storage.getToken();
  const opensPlayerPage = router.state.matches.some(
    (match) => (match.route.handle as PageDeclaration | undefined)?.audience === 'player',
  );
  if (token && storage.isAuthenticated() && opensPlayerPage)
    startSessionCheck(queryClient, token, router.state.location.pathname);
  const app = (
    <StrictMode>
      <AppProviders client={queryClient}>
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

  if (hydratable(prerendered, container.dataset.session)) {
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
  const root = createRoot(container);
  // The first render as a transition: React renders it in slices and lets the browser breathe in between,
  // instead of one long task that blocks input while the page's components are created (Lighthouse's TBT).
  startTransition(() => root.render(app));
}
