import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../../lib/query-keys';
import { forgetUserQueries, readsSettled } from './use-auth-actions';

describe('forgetUserQueries', () => {
  it('drops unseen answers at once, and a shown one only when its screen lets go of it', async () => {
    const client = new QueryClient();
    let fetches = 0;
    const shownKey = ['rooms', 'tree'];
    client.setQueryData(sessionKeys.all, { is_authenticated: true });
    client.setQueryData(['rankings'], { rows: [] });
    const observer = new QueryObserver(client, {
      queryKey: shownKey,
      queryFn: () => ++fetches,
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => client.getQueryData(shownKey)).toBe(1);

    forgetUserQueries(client);
    expect(client.getQueryData(['rankings'])).toBeUndefined();
    expect(client.getQueryData(sessionKeys.all)).toEqual({ is_authenticated: true });
    // Still shown: kept, and the screen's next render asks the server for nothing.
    expect(client.getQueryData(shownKey)).toBe(1);
    observer.setOptions({ queryKey: shownKey, queryFn: () => ++fetches, staleTime: Infinity });
    expect(fetches).toBe(1);

    unsubscribe();
    expect(client.getQueryCache().find({ queryKey: shownKey })).toBeUndefined();
  });
});

describe('readsSettled', () => {
  it('waits for the reads in flight, and no longer than its limit', async () => {
    const client = new QueryClient();
    let answer!: (value: number) => void;
    void client.prefetchQuery({
      queryKey: ['profile'],
      queryFn: () => new Promise<number>((r) => (answer = r)),
    });
    let settled = false;
    const waiting = readsSettled(client).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    answer(1);
    await waiting;
    expect(client.getQueryData(['profile'])).toBe(1);

    void client.prefetchQuery({ queryKey: ['never'], queryFn: () => new Promise<number>(() => undefined) });
    const started = Date.now();
    await readsSettled(client, 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    await readsSettled(new QueryClient());
  });
});
