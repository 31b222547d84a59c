import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../lib/storage';
import { createTestQueryClient } from '../test/render';
import {
  fontsHeld,
  holdFontsUnlessLoadedBefore,
  noteWhenFontsLoad,
  releaseFonts,
  whenFirstPageDrawn,
} from './fonts';

afterEach(() => {
  releaseFonts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Whether `promise` has settled by now (after the microtasks and timers due). */
async function settled(promise: Promise<unknown>) {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('Open Sans on a page the app draws', () => {
  it('is held back on a first visit, and not once it has loaded in this browser', () => {
    holdFontsUnlessLoadedBefore();
    expect(fontsHeld()).toBe(true);
    expect(document.documentElement.classList.contains('fonts-held')).toBe(true);
    releaseFonts();
    expect(fontsHeld()).toBe(false);

    storage.setFontsLoaded();
    holdFontsUnlessLoadedBefore();
    expect(fontsHeld()).toBe(false);
  });

  it('is noted as loaded once the browser says its face is ready, at once or when a load completes', () => {
    let loaded = false;
    const listeners: (() => void)[] = [];
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: {
        check: () => loaded,
        addEventListener: (_: string, listener: () => void) => listeners.push(listener),
      },
    });
    noteWhenFontsLoad();
    expect(storage.haveFontsLoaded()).toBe(false);
    loaded = true;
    for (const listener of listeners) listener();
    expect(storage.haveFontsLoaded()).toBe(true);

    localStorage.clear();
    noteWhenFontsLoad();
    expect(storage.haveFontsLoaded()).toBe(true);
    Reflect.deleteProperty(document, 'fonts');
  });

  it('is let through once the first page has its data and the browser has been idle since', async () => {
    vi.useFakeTimers();
    const client = createTestQueryClient();
    let answer: (value: string) => void = () => undefined;
    void client.fetchQuery({
      queryKey: ['profile'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    let routerReady = false;
    const drawn = whenFirstPageDrawn(client, () => routerReady);
    // jsdom has no requestIdleCallback: a moment (200 ms) stands in for it.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settled(drawn)).toBe(false);
    routerReady = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settled(drawn)).toBe(false);
    answer('Ada');
    await vi.advanceTimersByTimeAsync(250);
    expect(await settled(drawn)).toBe(true);
  });

  it('is let through after 4 s whatever the first page is still waiting for', async () => {
    vi.useFakeTimers();
    const client = createTestQueryClient();
    void client.fetchQuery({ queryKey: ['never'], queryFn: () => new Promise(() => undefined) });
    const drawn = whenFirstPageDrawn(client, () => true);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(await settled(drawn)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(drawn)).toBe(true);
    // And it stops asking.
    const asks = vi.spyOn(client, 'isFetching');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asks).not.toHaveBeenCalled();
  });
});
