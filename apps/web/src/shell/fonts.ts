// No React, no contract schemas: main.tsx imports this before any of the app's stages (decision 0100).
import type { QueryClient } from '@tanstack/react-query';
import { storage } from '../lib/storage';

/** On `<html>` while Open Sans is held back: the theme's font stack then starts at its fallback faces. */
const HELD = 'fonts-held';

/**
 * Holds Open Sans back on a page the app draws until that page has drawn its text (`releaseFonts`), unless
 * its faces have loaded in this browser before (they are then in its cache, and the text is drawn in them at
 * once): on a phone's first visit the three faces (57 KB) would otherwise share the link with the scripts and
 * data the page needs first. Meanwhile the text is in local faces sized to Open Sans's metrics
 * (font-fallback.css), so the swap moves nothing.
 */
export function holdFontsUnlessLoadedBefore(): void {
  if (!storage.haveFontsLoaded()) document.documentElement.classList.add(HELD);
}

/** Notes in storage, on any page, once Open Sans has loaded (the next page the app draws need not wait). */
export function noteWhenFontsLoad(): void {
  const note = () => {
    if (document.fonts.check('1em "Open Sans"')) storage.setFontsLoaded();
  };
  note();
  document.fonts.addEventListener('loadingdone', note);
}

export const fontsHeld = () => document.documentElement.classList.contains(HELD);

/** Lets the theme's stack reach Open Sans: the browser asks for the faces the page's text uses. */
export function releaseFonts(): void {
  document.documentElement.classList.remove(HELD);
}

/** However long the first page takes, its text is in Open Sans after this many milliseconds. */
const RELEASED_AT_THE_LATEST_MS = 4_000;

/**
 * Resolves once the page the app opened with is drawn with its first data: at a moment the browser is idle
 * (React's render of the answers committed and painted) with the router ready and no query fetching; or
 * `RELEASED_AT_THE_LATEST_MS` after the call, whichever comes first. It asks the router rather than subscribe
 * to it: a subscriber before RouterProvider's would take the router's first update, which RouterProvider
 * needs (the page stayed on its spinner).
 */
export function whenFirstPageDrawn(queryClient: QueryClient, routerReady: () => boolean): Promise<void> {
  return new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      done = true;
      resolve();
    };
    const whenIdle = (then: () => void) => {
      if ('requestIdleCallback' in window) requestIdleCallback(then, { timeout: 1_000 });
      else setTimeout(then, 200);
    };
    // Asked again every moment until the page is drawn or the time is up, then no more.
    const check = () => {
      if (done) return;
      if (routerReady() && queryClient.isFetching() === 0) finish();
      else setTimeout(() => whenIdle(check), 50);
    };
    whenIdle(check);
    setTimeout(finish, RELEASED_AT_THE_LATEST_MS);
  });
}
