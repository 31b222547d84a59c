import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../lib/storage';
import { UiStateProvider, useHideChrome, useRouteChrome, useUiState } from './ui-state';

/** A device whose colour scheme can be turned, as a phone turns dark at sunset. */
function stubDevice(dark: boolean) {
  const device = Object.assign(new EventTarget(), { matches: dark, media: '(prefers-color-scheme: dark)' });
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => device),
  );
  const removed = vi.spyOn(device, 'removeEventListener');
  const turn = (dark: boolean) =>
    act(() => {
      device.matches = dark;
      device.dispatchEvent(new Event('change'));
    });
  return { turn, removed };
}

function Scheme() {
  const { darkMode, sidebarType } = useUiState();
  return (
    <p data-testid="scheme">
      {darkMode ? 'dark' : 'light'} {sidebarType}
    </p>
  );
}

const scheme = () => screen.getByTestId('scheme').textContent;

describe('UiStateProvider', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("follows a change of the device's colour scheme while the page is open, until dark mode is chosen", () => {
    const { turn, removed } = stubDevice(false);
    const { unmount } = render(
      <UiStateProvider>
        <Scheme />
      </UiStateProvider>,
    );
    expect(scheme()).toBe('light bg-white');
    turn(true);
    expect(scheme()).toBe('dark bg-default');

    // Light chosen in the configurator on a dark device: it stays whatever the device does.
    act(() => storage.setDarkMode(false));
    expect(scheme()).toBe('light bg-white');
    turn(false);
    turn(true);
    expect(scheme()).toBe('light bg-white');

    unmount();
    expect(removed).toHaveBeenCalledWith('change', expect.any(Function));
  });

  it('draws the device scheme of the moment it mounts', () => {
    stubDevice(true);
    render(
      <UiStateProvider>
        <Scheme />
      </UiStateProvider>,
    );
    expect(scheme()).toBe('dark bg-default');
  });
});

describe('useHideChrome', () => {
  let shellRenders = 0;

  /** The shell as Layout draws it: without chrome when the screen or its route hides it. */
  function Shell() {
    shellRenders += 1;
    const ui = useUiState();
    const routeChrome = useRouteChrome();
    const hidden = ui.chromeHidden || !!routeChrome;
    return (
      <>
        {!hidden && <nav aria-label="Navbar" />}
        <Outlet />
      </>
    );
  }

  function SignInScreen() {
    useHideChrome();
    return <h1>Sign in</h1>;
  }

  const open = (path: string) => {
    shellRenders = 0;
    const router = createMemoryRouter(
      [
        {
          element: <Shell />,
          children: [
            { path: '/declared', handle: { chrome: 'hidden' }, element: <SignInScreen /> },
            { path: '/undeclared', element: <SignInScreen /> },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    render(
      <UiStateProvider>
        <RouterProvider router={router} />
      </UiStateProvider>,
    );
  };

  it('hides the chrome of a screen whose route does not say so', () => {
    open('/undeclared');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navbar' })).not.toBeInTheDocument();
  });

  it('leaves the shell alone where the route already hides it: the shell is drawn once', () => {
    open('/declared');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navbar' })).not.toBeInTheDocument();
    // A second render would be synchronous, right after a prerendered page hydrates: a long task on a phone.
    expect(shellRenders).toBe(1);
  });
});
