// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { RECOVER_MS, recoverUnreachableQueries } from './query-client';

let client: QueryClient;
let stop: () => void;
const unsubscribes: Array<() => void> = [];

beforeEach(() => {
  vi.useFakeTimers();
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  stop = recoverUnreachableQueries(client);
});

afterEach(() => {
  unsubscribes.splice(0).forEach((u) => u());
  stop();
  client.clear();
  vi.useRealTimers();
});

/** A list on screen whose server fails with `failure` until `up` is set. */
function listOnScreen(failure: () => Error) {
  const list = { calls: 0, up: false };
  const observer = new QueryObserver(client, {
    queryKey: ['list', Math.random()],
    queryFn: async () => {
      list.calls += 1;
      if (!list.up) throw failure();
      return 'rows';
    },
  });
  unsubscribes.push(observer.subscribe(() => {}));
  return { list, result: () => observer.getCurrentResult() };
}

describe('recoverUnreachableQueries', () => {
  it('asks a list that failed without an answer again every few seconds, until it loads', async () => {
    const { list, result } = listOnScreen(() => new NetworkError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(0);
    expect(result().status).toBe('error');
    await vi.advanceTimersByTimeAsync(RECOVER_MS);
    expect(list.calls).toBe(2);
    expect(result().status).toBe('error');
    list.up = true;
    await vi.advanceTimersByTimeAsync(RECOVER_MS);
    expect(result().data).toBe('rows');
    // Loaded, it is not asked again.
    await vi.advanceTimersByTimeAsync(RECOVER_MS * 3);
    expect(list.calls).toBe(3);
  });

  it('asks again at once when the browser is back online', async () => {
    const { list, result } = listOnScreen(() => new ApiError(503, { error: 'unavailable' }));
    await vi.advanceTimersByTimeAsync(0);
    list.up = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(result().data).toBe('rows');
    expect(list.calls).toBe(2);
  });

  it('never asks again what the server refused, nor a list no screen shows', async () => {
    const refused = listOnScreen(() => new ApiError(404, { error: 'Not found.' }));
    const hidden = { calls: 0 };
    await client
      .fetchQuery({
        queryKey: ['hidden'],
        queryFn: async () => {
          hidden.calls += 1;
          throw new NetworkError('Failed to fetch');
        },
      })
      .catch(() => undefined);
    await vi.advanceTimersByTimeAsync(RECOVER_MS * 3);
    expect(refused.result().status).toBe('error');
    expect(refused.list.calls).toBe(1);
    expect(hidden.calls).toBe(1);
  });
});
