import { type ReactNode, useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the page is still the server's markup (the server's render and the hydrating one), true once
 * the app runs it: a control of a page sent drawn waits for it, since a press before the app runs does
 * nothing (the shops' buttons, the passkey button, a prerendered form's submit button).
 */
export function useAppReady(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** Renders a control that waits for the app with `useAppReady`'s answer, so only it renders again then. */
export function WhenAppReady(props: { children: (ready: boolean) => ReactNode }) {
  return props.children(useAppReady());
}
