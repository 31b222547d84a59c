import { startTransition, useDeferredValue, useEffect, useState } from 'react';

/**
 * Whether a page (or a part of one) that waits for an answer is shown: true at once when it is true from the
 * first render (a page the server sent drawn hydrates with it), but once the answer comes later the page is
 * rendered in the background, in slices the browser can interrupt, while the waiting state stays on screen.
 * Rendered at once, a dashboard was one task of a second on a phone, the profile of 150 ms (issue #35,
 * decision 0081).
 */
export function useRevealedInBackground(ready: boolean): boolean {
  return useDeferredValue(ready);
}

/**
 * False on a component's first render, then true in a render and a commit of their own, started once that
 * first commit is done: a part of a page below its fold, so that the page's first paint does not wait for its
 * components to be created. A page revealed in the background is still committed in one task (decision 0090).
 */
export function useShownAfterFirstCommit(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown;
}
