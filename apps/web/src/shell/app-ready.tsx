import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

/** True unless the app is hydrating a page the server sent drawn (a test's render, a page rendered here). */
const AppReady = createContext(true);

/**
 * Answers `useAppReady` for the whole app. `sentDrawn`: the page is the server's markup (the prerender, and
 * the hydration of what it sent): the answer is false then, and turns true once the hydration has committed,
 * in a transition, which React renders in slices. useSyncExternalStore's answer (false on the server, true in
 * the browser) made React render every control that read it again in one task after the hydration: on a
 * shop, 130–180 ms of a phone's main thread (Lighthouse's TBT; decision 0080).
 */
export function AppReadyProvider(props: { sentDrawn: boolean; children: ReactNode }) {
  const [ready, setReady] = useState(!props.sentDrawn);
  useEffect(() => {
    if (!ready) startTransition(() => setReady(true));
  }, [ready]);
  return <AppReady.Provider value={ready}>{props.children}</AppReady.Provider>;
}

/**
 * False while the page is still the server's markup (the server's render and the hydrating one), true once
 * the app runs it: a control of a page sent drawn waits for it, since a press before the app runs does
 * nothing (the shops' buttons, the passkey button, a prerendered form's submit button).
 */
export function useAppReady(): boolean {
  return useContext(AppReady);
}

/** Renders a control that waits for the app with `useAppReady`'s answer, so only it renders again then. */
export function WhenAppReady(props: { children: (ready: boolean) => ReactNode }) {
  return props.children(useAppReady());
}
