// Loaded (deferred) by the pages the server sends drawn, prerendered or rendered with their data: they are on
// screen from their HTML, so the app's modules are fetched once that HTML is painted rather than beside it,
// where on a phone they hold the first paint back (decision 0078). The server lists them as data
// (`portal-modules`: the entry script and every chunk the page needs, for modulepreload); a classic script,
// since the CSP's script-src 'self' allows no inline script.
(() => {
  const modules = JSON.parse(document.getElementById('portal-modules').textContent);
  const add = (tag, attributes) => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.head.appendChild(element);
  };
  // Each element is added in a task of its own: a browser takes up to several milliseconds to start each
  // fetch, and forty of them in one task block a slow phone's input for 50 to 250 ms (Lighthouse's TBT).
  // Tasks queued together run in their order.
  const start = () => {
    for (const href of modules.preloads)
      setTimeout(() => add('link', { rel: 'modulepreload', crossorigin: '', href }), 0);
    setTimeout(() => add('script', { type: 'module', crossorigin: '', src: modules.entry }), 0);
  };
  // Enter in a form whose submit button still waits for the app (decision 0070) sends nothing now; the app's
  // container notes the form (by its name: a render may replace the markup), and the app sends it once it has
  // taken the form over (shell/typed-values.ts), with what was typed.
  document.addEventListener(
    'keydown',
    (event) => {
      const field = event.target;
      if (event.key !== 'Enter' || !(field instanceof HTMLInputElement) || !field.form) return;
      if (field.form.querySelector('button[type="submit"]:disabled'))
        document
          .getElementById('root')
          .setAttribute('data-send-when-ready', field.form.getAttribute('aria-label') ?? '');
    },
    true,
  );
  // A frame's callbacks run just before it is painted; the task they queue runs after. A tab opened in the
  // background paints nothing (and runs no frame callbacks) until shown, so its app starts at once.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
