/**
 * The build-time prerender of the public entry screens (decision 0050), built by `vite build --ssr` and run by
 * scripts/prerender-web.mjs: each path rendered with React's own static renderer inside the app's providers
 * and router (the same tree main.tsx hydrates), in light and in dark, with Emotion's critical CSS.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from './router';
import { documentTitle } from './shell/PageTitle';
import { AppProviders } from './shell/Providers';
import { createAppTheme, type Mode } from './shell/theme';

/**
 * The screens a visitor opens first that look the same for everyone: no session, no per-visitor data, so
 * nothing in them depends on the device but its colour scheme. The sign-in screens hide the chrome (their
 * route says so); the SDK page has it, whose width state is CSS (decision 0061), and its list, a request,
 * arrives after hydration as on any visit. Not /register: its only control is the game picker, a controlled
 * select that navigates, and a game picked before the app has hydrated would navigate to /register/ (React
 * restores the controlled value first).
 */
export const PRERENDERED_PATHS = [
  '/login',
  '/login/caliber',
  '/login/talesrunner',
  '/register/caliber',
  '/register/talesrunner',
  '/password/request',
  '/confirmation/resend',
  '/sdk-downloads',
];

export const SCHEMES: readonly Mode[] = ['light', 'dark'];

/**
 * The interface preferences as the app reads them from local storage (lib/storage.ts): none stored but the
 * colour scheme, which the client takes from the device until one is chosen.
 */
function presetStorage(scheme: Mode): void {
  const values: Record<string, string> = { darkMode: String(scheme === 'dark') };
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => values[key] ?? null,
      setItem: () => undefined,
      removeItem: () => undefined,
      clear: () => undefined,
    },
  });
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * While the script has not run, a device whose colour scheme is not the prerendered one sees its own
 * background rather than the other scheme's page (main.tsx then renders the page in the right scheme).
 */
function schemeGuard(scheme: Mode): string {
  const other: Mode = scheme === 'dark' ? 'light' : 'dark';
  const background = createAppTheme(other, 'primary').palette.background.default;
  const root = `#root[data-prerendered="${scheme}"]`;
  return (
    `<style>@media (prefers-color-scheme: ${other}) {${root}{visibility:hidden}` +
    `html:has(${root}){background:${background};color-scheme:${other}}}</style>`
  );
}

export interface PrerenderedPage {
  /** The page's markup, to go inside #root. */
  html: string;
  /** Emotion's style tags for that markup, and the scheme guard, to go into <head>. */
  head: string;
  title: string;
}

/** Renders one path in one colour scheme, once the router has loaded the path's lazy routes. */
export async function renderPage(path: string, scheme: Mode): Promise<PrerenderedPage> {
  presetStorage(scheme);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
  const { location, matches } = router.state;
  if (location.pathname !== path || matches.length === 0) {
    throw new Error(`prerender: ${path} does not render itself (it went to ${location.pathname})`);
  }
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const { prelude } = await prerender(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
    // React moves a large Suspense boundary (the side navigation) out of place, to be put back by an inline
    // script that the CSP (script-src 'self') blocks: every boundary stays in place, whatever its size.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await readAll(prelude);
  // A part that still waited for something (a lazy part, data) would be finished by such a script.
  if (html.includes('<script'))
    throw new Error(`prerender: ${path} needs an inline script to finish, which the CSP blocks`);
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  router.dispose();
  const title = documentTitle(matches.map((match) => ({ handle: match.route.handle })));
  return { html, head: styles + schemeGuard(scheme), title };
}
