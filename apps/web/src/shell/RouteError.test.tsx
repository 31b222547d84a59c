import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { RouteError } from './RouteError';

const reload = vi.fn();
const realLocation = window.location;
let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  reload.mockReset();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...realLocation, reload } });
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
  sessionStorage.clear();
  vi.restoreAllMocks();
});

function renderFailing(error: Error) {
  return renderRoutes(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        hydrateFallbackElement: <span>Loading</span>,
        children: [{ path: 'shop', lazy: () => Promise.reject(error) }],
      },
    ],
    '/shop',
  );
}

describe('RouteError', () => {
  it('reloads once when a page of an older release is gone, then offers the reload itself', async () => {
    const stale = new TypeError('Failed to fetch dynamically imported module: http://x/assets/Shop-old.js');
    renderFailing(stale);
    expect(await screen.findByText('A new version of the portal is available')).toBeInTheDocument();
    // The router renders the lazy route's failure outside act, so the effect may run after the text is shown.
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    cleanup();
    logged.mockClear();

    // The reload came back to the same failure: no loop, the page stays with its button.
    renderFailing(stale);
    expect(await screen.findByText('A new version of the portal is available')).toBeInTheDocument();
    // The effect has run once it logged the error; it did not reload again.
    await waitFor(() => expect(logged).toHaveBeenCalledWith(stale));
    expect(reload).toHaveBeenCalledTimes(1);
    screen.getByRole('button', { name: 'Reload' }).click();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('shows a plain message, never the error text, for any other failure', async () => {
    renderFailing(new Error('<b>internal</b> stack details'));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.queryByText(/internal/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(reload).not.toHaveBeenCalled();
  });
});
