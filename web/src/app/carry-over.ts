/**
 * A prerendered form (index.html's login or register form) is usable before the app is there:
 * what the visitor types into it, where the focus is, and whether they sent it are followed from
 * the page's start (watchPrerenderedForm) and handed to the app's own form when it replaces the
 * prerendered one (restoreTypedFields). One set of listeners does both, and goes once the app's
 * form has taken over.
 */
const typed = {
  /** The fields' values by name. */
  values: new Map<string, string>(),
  /** The focused field's name. */
  focused: null as string | null,
  /** The form was sent before the app could send it. */
  submitPending: false,
  /** The app's form is there with what was typed: from now on it handles Enter and sending. */
  appMounted: false,
};

const namedField = (target: EventTarget | null) =>
  target instanceof HTMLInputElement && target.name && target.form ? target : null;

const listeners: [keyof DocumentEventMap, (event: Event) => void][] = [
  [
    'input',
    (event) => {
      const field = namedField(event.target);
      if (field) typed.values.set(field.name, field.value);
    },
  ],
  [
    'focusin',
    (event) => {
      const field = namedField(event.target);
      if (field) typed.focused = field.name;
    },
  ],
  // Sent (Enter, or its button): never by the browser, which would put the password in the address.
  ['submit', (event) => holdSubmit(event)],
  [
    'keydown',
    (event) => {
      if (!(event instanceof KeyboardEvent) || event.key !== 'Enter') return;
      // In a prerendered field, or nowhere (the field had just been replaced, taking the focus).
      if (namedField(event.target) || event.target === document.body) holdSubmit(event);
    },
  ],
];

function holdSubmit(event: Event) {
  if (typed.appMounted) return;
  event.preventDefault();
  typed.submitPending = true;
}

/** Follows the prerendered form from the page's start (main.tsx). */
export function watchPrerenderedForm() {
  // Values already there (restored by the browser) count as typed.
  for (const input of document.querySelectorAll<HTMLInputElement>('form input[name]'))
    if (input.value) typed.values.set(input.name, input.value);
  for (const [type, listener] of listeners) document.addEventListener(type, listener, true);
}

function stopWatching() {
  typed.appMounted = true;
  for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
}

const setInputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/**
 * Called in the commit that replaced the page: puts typed values into the app's fields of the same
 * name, as typing would (React hears an input event), focus back where it was, and sends the form
 * if the visitor had sent it. A field the app already filled keeps its value. The app's form may
 * arrive a moment after its first render (its route's code loads on demand), so fields not there
 * yet are filled when they appear, for a few seconds at most. Without a prerendered form, nothing
 * was followed and nothing happens.
 */
export function restoreTypedFields(container: HTMLElement) {
  const pending = new Map(typed.values);
  let focus = typed.focused;
  const field = (name: string) =>
    container.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`);
  const apply = () => {
    for (const [name, value] of pending) {
      const input = field(name);
      if (!input) continue;
      pending.delete(name);
      if (input.value || !setInputValue) continue;
      setInputValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    const target = focus === null ? null : field(focus);
    if (target) {
      target.focus();
      focus = null;
    }
    if (pending.size > 0 || focus !== null) return false;
    if (!typed.submitPending) return true;
    const form = container.querySelector('form');
    if (!form) return false;
    typed.submitPending = false;
    // Once React has taken in the values (its state updates after the input events).
    setTimeout(() => form.requestSubmit(), 0);
    return true;
  };
  if (apply()) return stopWatching();
  const observer = new MutationObserver(() => {
    if (apply()) stop();
  });
  const timer = setTimeout(() => stop(), 5_000);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    stopWatching();
  };
  observer.observe(container, { childList: true, subtree: true });
}
