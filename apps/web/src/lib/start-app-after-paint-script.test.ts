import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

// The classic script a page sent drawn loads instead of the app's module script (public/start-app-after-paint.js,
// decision 0078), run as the browser runs it, on the data the server writes (apps/server/src/plugins/web.ts).
// Each test gives it a document of its own: the web tests share one per worker, and the script's listener
// stays on the document it was given.
const script = readFileSync(join(__dirname, '../../public/start-app-after-paint.js'), 'utf8');
const MODULES = {
  entry: '/assets/index-e1.js',
  preloads: ['/assets/react-d4.js', '/assets/LoginPage-a1.js'],
};

/** What the script has added to the head: each element's tag and attributes, in order. */
const added = () =>
  [...doc.head.querySelectorAll('link, script[src]')].map((element) =>
    Object.fromEntries([
      ['tag', element.tagName.toLowerCase()],
      ...[...element.attributes].map((attribute) => [attribute.name, attribute.value]),
    ]),
  );

const EXPECTED = [
  { tag: 'link', rel: 'modulepreload', crossorigin: '', href: '/assets/react-d4.js' },
  { tag: 'link', rel: 'modulepreload', crossorigin: '', href: '/assets/LoginPage-a1.js' },
  { tag: 'script', type: 'module', crossorigin: '', src: '/assets/index-e1.js' },
];

let frames: FrameRequestCallback[];
let doc: Document;
const run = () => new Function('document', script)(doc);
beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  doc = document.implementation.createHTMLDocument();
  vi.spyOn(doc, 'visibilityState', 'get').mockReturnValue('visible');
  doc.head.innerHTML = `<script type="application/json" id="portal-modules">${JSON.stringify(MODULES)}</script>`;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('adds the chunks, then the entry script, after the next frame is painted, never before', () => {
  run();
  vi.runAllTimers();
  expect(added()).toEqual([]);
  expect(frames).toHaveLength(1);
  // The frame's callback runs before its paint: still nothing.
  frames[0]!(0);
  expect(added()).toEqual([]);
  // After it, each element in a task of its own, in order.
  vi.advanceTimersToNextTimer();
  expect(added()).toEqual([]);
  expect(vi.getTimerCount()).toBe(EXPECTED.length);
  vi.runAllTimers();
  expect(added()).toEqual(EXPECTED);
});

it('starts a page opened in a background tab at once (it paints nothing until shown)', () => {
  vi.spyOn(doc, 'visibilityState', 'get').mockReturnValue('hidden');
  run();
  vi.runAllTimers();
  expect(frames).toEqual([]);
  expect(added()).toEqual(EXPECTED);
});

it('notes, by its name, a form to send once the app runs when Enter is pressed while its submit button waits', () => {
  doc.body.innerHTML =
    '<div id="root"><form aria-label="Login"><input name="email"><button type="submit" disabled>Continue</button></form>' +
    '<form aria-label="Other"><input name="code"><button type="submit">Send</button></form></div>';
  run();
  const press = (selector: string, key: string) =>
    doc.querySelector(selector)!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  const noted = () => doc.getElementById('root')!.getAttribute('data-send-when-ready');
  press('input[name="email"]', 'a');
  expect(noted()).toBeNull();
  // A form the app already runs is sent by Enter itself.
  press('input[name="code"]', 'Enter');
  expect(noted()).toBeNull();
  press('input[name="email"]', 'Enter');
  expect(noted()).toBe('Login');
});
