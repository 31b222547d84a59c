// First: zod must be jitless before the contract's schemas are built (lib/zod-jitless.ts).
import './lib/zod-jitless';
// The theme's "Open Sans", bundled (served from 'self', which the CSP's font-src allows): the latin subset of
// the weights the app uses (400 body, 500 MUI's medium, 600 and 700 headings and buttons), font-display: swap.
import '@fontsource/open-sans/latin-400.css';
import '@fontsource/open-sans/latin-500.css';
import '@fontsource/open-sans/latin-600.css';
import '@fontsource/open-sans/latin-700.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './router';
import { AppProviders } from './shell/Providers';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The first render as a transition: React renders it in slices and lets the browser breathe in between,
// instead of one long task that blocks input while the page's components are created (Lighthouse's TBT).
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  ),
);
