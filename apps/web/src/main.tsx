// The theme's "Open Sans", bundled (served from 'self', which the CSP's font-src allows): the latin subset of
// the weights the app uses (400 body, 500 MUI's medium, 600 and 700 headings and buttons), font-display: swap.
import '@fontsource/open-sans/latin-400.css';
import '@fontsource/open-sans/latin-500.css';
import '@fontsource/open-sans/latin-600.css';
import '@fontsource/open-sans/latin-700.css';
import './shell/font-fallback.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { storage } from './lib/storage';
import { routes } from './router';
import { AppProviders } from './shell/Providers';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const router = createBrowserRouter(routes);
const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

/**
 * The server sends some public screens prerendered, in the device's colour scheme as far as it knows it
 * (decision 0050): `data-prerendered` on #root names that scheme. They were rendered for a visitor with no
 * session and no stored preference; the page is hydrated only if this visitor's first render is the same.
 */
function hydratable(scheme: string | undefined): boolean {
  if (scheme !== 'light' && scheme !== 'dark') return false;
  // A stored session: the guest-only screens redirect, and the chrome would differ.
  if (storage.getToken() || storage.getAdminToken()) return false;
  return storage.isDarkMode() === (scheme === 'dark') && storage.getAccent() === 'primary';
}

/** Resolves once the router has matched the address and loaded its lazy routes (preloaded by the server). */
function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

const prerendered = container.dataset.prerendered;
if (hydratable(prerendered)) {
  // Hydrated with the page's components already loaded, so the first render is the prerendered one (no
  // fallback spinner), as a transition: it runs in slices and input stays responsive (Lighthouse's TBT).
  void routerReady().then(() => {
    delete container.dataset.prerendered;
    startTransition(() => {
      hydrateRoot(container, app);
    });
  });
} else {
  // Rendered here: a page the server did not prerender, or one this visitor would see differently. A page
  // prerendered in the other colour scheme goes at once (hidden meanwhile by its own style on a device of
  // the other scheme); otherwise it stays until the render replaces it, so nothing flashes.
  if (prerendered && storage.isDarkMode() !== (prerendered === 'dark')) container.replaceChildren();
  delete container.dataset.prerendered;
  const root = createRoot(container);
  // The first render as a transition: React renders it in slices and lets the browser breathe in between,
  // instead of one long task that blocks input while the page's components are created (Lighthouse's TBT).
  startTransition(() => root.render(app));
}
