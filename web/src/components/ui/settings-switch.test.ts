// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { SettingsSwitch } from './settings-switch';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true);

interface Setting {
  enabled: boolean;
}

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let load: ReturnType<typeof deferred<Setting>>;
let saves: { next: boolean; answer: ReturnType<typeof deferred<Setting>> }[];

function Row() {
  const query = useQuery({ queryKey: ['setting'], queryFn: () => load.promise, retry: false });
  const mutation = useMutation({
    mutationFn: (next: boolean) => {
      const answer = deferred<Setting>();
      saves.push({ next, answer });
      return answer.promise;
    },
  });
  return createElement(SettingsSwitch<Setting>, {
    query,
    isOn: (setting) => setting.enabled,
    mutation,
    icon: Eye,
    label: 'Show me',
    help: 'When off, nobody sees you.',
    savedText: (on) => (on ? 'Now on' : 'Now off'),
    saveFailedText: 'Could not save',
  });
}

let container: HTMLDivElement;
let root: Root;

/** Lets the query client's batched notifications and React's renders run. */
async function settle() {
  for (let i = 0; i < 3; i += 1) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  }
}

function theSwitch(): HTMLElement {
  const found = container.querySelector<HTMLElement>('[role="switch"]');
  if (!found) throw new Error('no switch');
  return found;
}

const saving = () =>
  [...container.querySelectorAll('[role="status"]')].some((el) => el.textContent === 'Saving…');

async function loaded(enabled: boolean) {
  load.resolve({ enabled });
  await settle();
}

async function click() {
  await act(() => theSwitch().click());
  await settle();
}

beforeEach(() => {
  load = deferred<Setting>();
  saves = [];
  toast.success.mockClear();
  toast.error.mockClear();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const client = new QueryClient();
  act(() => root.render(createElement(QueryClientProvider, { client }, createElement(Row))));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('SettingsSwitch', () => {
  it('shows a loading placeholder, then the labelled switch with its help text', async () => {
    expect(container.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe('Loading');
    expect(container.querySelector('[role="switch"]')).toBeNull();

    await loaded(true);
    const toggle = theSwitch();
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toggle.hasAttribute('aria-busy')).toBe(false);
    const label = container.querySelector('label');
    expect(label?.textContent).toBe('Show me');
    expect(label?.htmlFor).toBe(toggle.id);
    const help = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toBe('When off, nobody sees you.');
  });

  it('offers a retry when the setting fails to load', async () => {
    load.reject(new Error('down'));
    await settle();
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Failed to load this setting');
    expect(alert?.querySelector('button')?.textContent).toBe('Retry');
  });

  it('shows the new state while saving, ignores flips until saved, then toasts the saved state', async () => {
    await loaded(true);
    await click();
    expect(saves.map((s) => s.next)).toEqual([false]);
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
    expect(theSwitch().getAttribute('aria-busy')).toBe('true');
    expect(saving()).toBe(true);

    await click();
    expect(saves).toHaveLength(1);
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');

    saves[0]?.answer.resolve({ enabled: false });
    await settle();
    expect(toast.success).toHaveBeenCalledWith('Now off');
    expect(toast.error).not.toHaveBeenCalled();
    expect(saving()).toBe(false);
    expect(theSwitch().hasAttribute('aria-busy')).toBe(false);
  });

  it("toasts the server's reason for a failed save, or the fallback, and shows the saved state again", async () => {
    await loaded(false);
    await click();
    expect(theSwitch().getAttribute('aria-checked')).toBe('true');
    saves[0]?.answer.reject(new ApiError(400, { error: 'Not now' }));
    await settle();
    expect(toast.error).toHaveBeenLastCalledWith('Not now');
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');

    await click();
    saves[1]?.answer.reject(new Error('offline'));
    await settle();
    expect(toast.error).toHaveBeenLastCalledWith('Could not save');
    expect(toast.success).not.toHaveBeenCalled();
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
  });
});
