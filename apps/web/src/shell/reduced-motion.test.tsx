import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { ThemeProvider } from '@mui/material/styles';
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppTheme } from './Layout';
import { UiStateProvider } from './ui-state';

/** A device that asks for reduced motion (and a light scheme). */
function stubStillDevice() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((media: string) =>
      Object.assign(new EventTarget(), { matches: media === '(prefers-reduced-motion: reduce)', media }),
    ),
  );
}

let pageRenders = 0;

function Page({ dialogOpen = false }: { dialogOpen?: boolean }) {
  pageRenders += 1;
  return (
    <ThemeProvider theme={useAppTheme()}>
      <Button variant="contained">Save</Button>
      <Dialog open={dialogOpen}>
        <DialogTitle>Confirm</DialogTitle>
      </Dialog>
    </ThemeProvider>
  );
}

const inShell = (page: React.ReactNode) => <UiStateProvider>{page}</UiStateProvider>;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a device that asks for reduced motion', () => {
  it('hydrates a page the server drew in one render, with its style classes', async () => {
    // The server draws every page for a device in motion (it has no media queries to ask).
    const container = document.createElement('div');
    container.innerHTML = renderToString(inShell(<Page />));
    document.body.append(container);
    const drawnClass = screen.getByRole('button', { name: 'Save' }).className;

    stubStillDevice();
    pageRenders = 0;
    const mismatches: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, inShell(<Page />), { onRecoverableError: (error) => mismatches.push(error) }),
    );
    expect(pageRenders).toBe(1);
    expect(mismatches).toEqual([]);
    expect(screen.getByRole('button', { name: 'Save' }).className).toBe(drawnClass);
    act(() => root.unmount());
    container.remove();
  });

  it('closes a dialog at once, where a device in motion lets it fade out', () => {
    vi.useFakeTimers();
    const closeAfter1ms = () => {
      const { rerender, unmount } = render(inShell(<Page dialogOpen />));
      rerender(inShell(<Page dialogOpen={false} />));
      act(() => vi.advanceTimersByTime(1));
      const stillOpen = screen.queryByRole('dialog', { hidden: true }) !== null;
      unmount();
      return stillOpen;
    };
    expect(closeAfter1ms()).toBe(true);
    stubStillDevice();
    expect(closeAfter1ms()).toBe(false);
  });
});
