// Loaded instead of the app's module script by the pages that arrive drawn: the prerendered entry screens and
// the pages the server renders (decisions 0050, 0062, 0077). Such a page is usable on screen from its HTML,
// so the app (its entry script and the chunks it preloads, named on this script's data attributes) is fetched
// and started once the page has painted its content, not before: the first paint of a phone on a slow link
// never waits for the app. A page opened hidden (a background tab paints nothing) starts it at once, and so
// does a browser that does not report paints.
(() => {
  const { entry, preload = '' } = document.currentScript.dataset;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preload.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    start();
    return;
  }
  // A frame is not painted content yet (a navigation's paint holding, a font's block period): the first
  // contentful paint is.
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', start, { once: true });
  // Whatever happens to the paint, the page never stays without its app.
  setTimeout(start, 3000);
})();
