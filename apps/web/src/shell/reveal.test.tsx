import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useRevealedInBackground, useShownAfterFirstCommit } from './reveal';

let shownInRenders: boolean[] = [];

function GuardedPage({ ready }: { ready: boolean }) {
  const shown = useRevealedInBackground(ready);
  shownInRenders.push(shown);
  return shown ? <h1>Overall Dashboard</h1> : <p role="status">Checking your session…</p>;
}

describe('a page revealed in the background', () => {
  it('keeps the waiting state in the render that learns the answer, then shows the page in a render of its own', () => {
    shownInRenders = [];
    const { rerender } = render(<GuardedPage ready={false} />);
    act(() => rerender(<GuardedPage ready />));
    // The urgent render still waits; the page comes in the deferred one, which React renders interruptibly.
    expect(shownInRenders).toEqual([false, false, true]);
    expect(screen.getByRole('heading', { name: 'Overall Dashboard' })).toBeInTheDocument();
  });

  it('shows a page that is ready from the start at once, and hydrates the server’s markup of it', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<GuardedPage ready />);
    document.body.append(container);
    shownInRenders = [];
    const mismatches: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, <GuardedPage ready />, {
        onRecoverableError: (error) => mismatches.push(error),
      }),
    );
    expect(shownInRenders).toEqual([true]);
    expect(mismatches).toEqual([]);
    act(() => root.unmount());
    container.remove();
  });
});

describe('a part shown after the first commit', () => {
  it('is left out of the first commit, then committed on its own, also inside a page revealed in the background', async () => {
    const commits: string[] = [];
    function Dashboard() {
      const below = useShownAfterFirstCommit();
      useLayoutEffect(() => {
        commits.push(below ? 'charts' : 'first screen');
      }, [below]);
      return (
        <>
          <h1>Overall Dashboard</h1>
          {below && <section aria-label="Charts" />}
        </>
      );
    }
    function Guarded({ ready }: { ready: boolean }) {
      return useRevealedInBackground(ready) ? <Dashboard /> : <p role="status">Checking your session…</p>;
    }
    const { rerender } = render(<Guarded ready={false} />);
    await act(async () => rerender(<Guarded ready />));
    expect(commits).toEqual(['first screen', 'charts']);
    expect(screen.getByRole('region', { name: 'Charts' })).toBeInTheDocument();
  });
});
