/**
 * What a visitor typed into a prerendered form (index.html's login or register form) before the
 * app replaced it with its own: the fields' values by name, and the focused field.
 */
export interface TypedFields {
  values: Map<string, string>;
  focused: string | null;
  /** Stops following the prerendered form (restoreTypedFields calls it). */
  stop: () => void;
}

/**
 * What the prerendered form holds now, and what is typed into it until the app has replaced it:
 * the app renders in a transition, so the visitor may go on typing for a moment.
 */
export function readTypedFields(container: HTMLElement): TypedFields {
  const values = new Map<string, string>();
  for (const input of container.querySelectorAll<HTMLInputElement>('input[name]'))
    if (input.value) values.set(input.name, input.value);
  const active = document.activeElement;
  const typed: TypedFields = {
    values,
    focused: active instanceof HTMLInputElement && container.contains(active) ? active.name : null,
    stop: () => {
      container.removeEventListener('input', onInput, true);
      container.removeEventListener('focusin', onFocus, true);
    },
  };
  const onInput = (event: Event) => {
    if (event.target instanceof HTMLInputElement && event.target.name)
      values.set(event.target.name, event.target.value);
  };
  const onFocus = (event: Event) => {
    if (event.target instanceof HTMLInputElement && event.target.name) typed.focused = event.target.name;
  };
  container.addEventListener('input', onInput, true);
  container.addEventListener('focusin', onFocus, true);
  return typed;
}

const setInputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

let appMounted = false;
let submitPending = false;

/**
 * A prerendered form sent (Enter, or its button) before the app is there is sent by the app once
 * it has the typed values: never by the browser, which would put the password in the address.
 */
export function watchPrerenderedSubmit() {
  const hold = (event: Event) => {
    if (appMounted) return;
    event.preventDefault();
    submitPending = true;
  };
  document.addEventListener('submit', hold, true);
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Enter') return;
      const { target } = event;
      // In a prerendered field, or nowhere (the field had just been replaced, taking the focus).
      if ((target instanceof HTMLInputElement && target.form) || target === document.body) hold(event);
    },
    true,
  );
}

/**
 * Puts typed values into the app's fields of the same name, as typing would (React hears an input
 * event), focus back where it was, and sends the form if the visitor had sent it. A field the app already filled keeps its value. The app's
 * form may arrive a moment after its first render (its route's code loads on demand), so fields not
 * there yet are filled when they appear, for a few seconds at most.
 */
export function restoreTypedFields(container: HTMLElement, typed: TypedFields) {
  typed.stop();
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
    // The app's form is there with what was typed: from now on it handles Enter and sending.
    appMounted = true;
    if (!submitPending) return true;
    const form = container.querySelector('form');
    if (!form) return false;
    submitPending = false;
    // Once React has taken in the values (its state updates after the input events).
    setTimeout(() => form.requestSubmit(), 0);
    return true;
  };
  if (apply()) return;
  const observer = new MutationObserver(() => {
    if (apply()) stop();
  });
  const timer = setTimeout(() => stop(), 5_000);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    appMounted = true;
  };
  observer.observe(container, { childList: true, subtree: true });
}
