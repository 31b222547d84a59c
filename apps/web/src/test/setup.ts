import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { takeEarly } from '../lib/early-requests';

// Pages are lazy chunks that vitest transforms on first import: on a busy machine that alone can take more
// than testing-library's default second, and a waitFor would fail while the page is still arriving.
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out, so nothing is ever resized: an observer that never reports.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  cleanup();
  localStorage.clear();
  // The entry's early requests a test started are dropped as the app drops them, on another page: the tests of a
  // worker share the module. (The server's render is tested without a window.)
  if (typeof window === 'undefined') return;
  const address = window.location.href;
  window.history.replaceState(null, '', '/a-test-ended');
  takeEarly('/', undefined);
  window.history.replaceState(null, '', address);
});
