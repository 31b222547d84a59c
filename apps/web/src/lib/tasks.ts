// No React here: main.tsx imports this before any of the app's stages (decision 0085).

/**
 * Resolves in a task of its own, so that what came before and what comes after are separate tasks. Not
 * `setTimeout`: a tab opened in the background runs timers at most once a second, which would start the app
 * up to four seconds late; `scheduler.yield` (Chromium) or a message runs at once there.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * The first page's chunks, which the head links as `modulepreload` (the route's preloads, decision 0048),
 * evaluated one per task before the router imports the page, which would evaluate them all in one (on the
 * shops: the contract's schemas, zod, the page's components). The head lists a chunk after the chunks it
 * imports (vite.config.ts), so each finds its imports evaluated; a stage's chunk, evaluated already, costs
 * nothing. One that fails to load is left to the router, which says so.
 */
export async function evaluatePageChunks() {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')) {
    await import(/* @vite-ignore */ link.href).catch(() => undefined);
    await nextTask();
  }
}
