import { act, screen } from '@testing-library/react';
import { useRef } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppReadyProvider, WhenAppReady } from './app-ready';
import { FormSubmitButton } from './FormSubmitButton';

let pageRenders = 0;

/** A prerendered sign-in form's page: its submit button and its passkey button wait for the app. */
function SignInPage() {
  pageRenders += 1;
  const form = useRef<HTMLFormElement>(null);
  return (
    <main>
      <form ref={form} aria-label="Sign in">
        <input name="email" aria-label="Email" />
        <FormSubmitButton formRef={form}>Continue</FormSubmitButton>
      </form>
      <WhenAppReady>
        {(ready) => (
          <button type="button" disabled={!ready}>
            Use a passkey
          </button>
        )}
      </WhenAppReady>
    </main>
  );
}

describe('the controls of a page sent drawn', () => {
  it('wait in the server’s markup, and once hydrated only they render again, not the page', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <AppReadyProvider sentDrawn>
        <SignInPage />
      </AppReadyProvider>,
    );
    document.body.append(container);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeDisabled();

    pageRenders = 0;
    const root = await act(async () =>
      hydrateRoot(
        container,
        <AppReadyProvider sentDrawn>
          <SignInPage />
        </AppReadyProvider>,
      ),
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeEnabled();
    // The hydrating render only: the page's own second render was one long task on a phone.
    expect(pageRenders).toBe(1);
    act(() => root.unmount());
    container.remove();
  });

  it('are ready from their first render on a page the app renders itself', async () => {
    const seen: boolean[] = [];
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <AppReadyProvider sentDrawn={false}>
          <WhenAppReady>
            {(ready) => {
              seen.push(ready);
              return <button type="button">Add to Cart</button>;
            }}
          </WhenAppReady>
        </AppReadyProvider>,
      ),
    );
    // Never false, not even for a frame: only a page sent drawn has controls waiting for the app.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every(Boolean)).toBe(true);
    act(() => root.unmount());
    container.remove();
  });
});
