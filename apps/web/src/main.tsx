// The theme's "Open Sans", bundled (served from 'self', which the CSP's font-src allows): the latin subset of
// the weights the app uses (400 body, 500 MUI's medium, 600 and 700 headings and buttons), font-display: swap.
import '@fontsource/open-sans/latin-400.css';
import '@fontsource/open-sans/latin-500.css';
import '@fontsource/open-sans/latin-600.css';
import '@fontsource/open-sans/latin-700.css';
import './shell/font-fallback.css';
import { nextTask } from './lib/tasks';
import { startFirstRequestsEarly } from './shell/first-requests';
import { holdFontsUnlessLoadedBefore, noteWhenFontsLoad } from './shell/fonts';
import { keepTypedValues } from './shell/typed-values';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
noteWhenFontsLoad();
// What is typed into the server's markup until the app takes the page over is given back to its forms.
if (container.dataset.prerendered) keepTypedValues(container);
// A page the app draws paints its text first, then asks for Open Sans, on a first visit (decision 0100).
else holdFontsUnlessLoadedBefore();
// The page's first requests leave now, not once the app has loaded and asks for them (decision 0096).
startFirstRequestsEarly();
void startInStages(container);

/**
 * The app's modules are evaluated in stages, a task each, rather than in one (decision 0085): React, then what
 * the providers need (MUI and Emotion with the theme, React Router, TanStack Query), then the app's own start,
 * then the first page's chunks, then the router (every route ranked, the page rendered). On a phone each is a
 * task of about 50 ms where all together were one of 150 to 300 ms that held input back (Lighthouse's TBT).
 * Their chunks are linked from the head beside the entry (vite.config.ts), so no stage waits for the network.
 */
async function startInStages(container: HTMLElement) {
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('./shell/Providers');
  await nextTask();
  const { start } = await import('./start');
  await nextTask();
  await start(container);
}
