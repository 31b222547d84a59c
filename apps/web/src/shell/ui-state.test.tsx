import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../lib/storage';
import { UiStateProvider, useUiState } from './ui-state';

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
