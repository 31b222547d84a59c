// No React here: main.tsx imports this before any of the app's stages (decision 0085), and what it imports is
// evaluated in the entry's task.

/**
 * What a visitor types into a prerendered screen (decision 0050) before the app has taken it over. The
 * takeover loses it: react-hook-form sets each field it registers to its default value, and a page that is
 * rendered rather than hydrated replaces the markup. So the values in the markup when the script starts, and
 * every one typed after, are kept here by form and field, and given back to the app's form once it is ready
 * (FormSubmitButton's `useFormReady`), which also keeps the form from being sent before then.
 */
const typed = new Map<string, string | boolean>();
let listening: HTMLElement | null = null;
/** The forms the server's markup held: only their fields are kept, not what is typed into the app's others. */
const prerenderedForms = new Set<string>();

const fieldKey = (field: HTMLInputElement) =>
  `${field.form?.getAttribute('aria-label') ?? ''}\u0000${field.name}`;
const isToggle = (field: HTMLInputElement) => field.type === 'checkbox' || field.type === 'radio';

function keep(target: EventTarget | null) {
  if (!(target instanceof HTMLInputElement) || !target.form || !target.name || target.type === 'hidden')
    return;
  if (!prerenderedForms.has(target.form.getAttribute('aria-label') ?? '')) return;
  typed.set(fieldKey(target), isToggle(target) ? target.checked : target.value);
}

function keepEvent(event: Event) {
  keep(event.target);
}

/** Starts keeping what is typed into the forms of `container` (the prerendered page), from what is there now. */
export function keepTypedValues(container: HTMLElement): void {
  for (const form of container.querySelectorAll('form'))
    prerenderedForms.add(form.getAttribute('aria-label') ?? '');
  for (const field of container.querySelectorAll<HTMLInputElement>('form input[name]')) {
    if (isToggle(field) ? field.checked : field.value !== '') keep(field);
  }
  container.addEventListener('input', keepEvent, true);
  container.addEventListener('change', keepEvent, true);
  listening = container;
}

const SEND_WHEN_READY = 'data-send-when-ready';

/**
 * Types the kept values into `form`'s fields the way a person would (so React's handlers see them), then
 * sends the form if it was asked to be sent before the app could.
 */
export function giveBackTypedValues(form: HTMLFormElement): void {
  // Kept until the form is sent, not only until given back: the form given them can be replaced at once by
  // another of its name (its page rendered again), which then gets them too.
  form.addEventListener('submit', () => forget(form), { capture: true, once: true });
  for (const field of form.querySelectorAll<HTMLInputElement>('input[name]')) {
    const value = typed.get(fieldKey(field));
    if (value === undefined) continue;
    if (typeof value === 'boolean') {
      if (field.checked !== value) field.click();
      continue;
    }
    if (field.value === value) continue;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  // Enter pressed before the app could send the form (public/start-app-after-paint.js): sent now.
  const root = document.getElementById('root');
  if (root?.getAttribute(SEND_WHEN_READY) === (form.getAttribute('aria-label') ?? '')) {
    root.removeAttribute(SEND_WHEN_READY);
    form.requestSubmit();
  }
}

/** Forgets what was kept for `form` once it is sent; with nothing left to keep, stops listening. */
function forget(form: HTMLFormElement) {
  const prefix = `${form.getAttribute('aria-label') ?? ''}\u0000`;
  for (const key of typed.keys()) if (key.startsWith(prefix)) typed.delete(key);
  if (typed.size === 0 && listening) {
    listening.removeEventListener('input', keepEvent, true);
    listening.removeEventListener('change', keepEvent, true);
    listening = null;
  }
}
