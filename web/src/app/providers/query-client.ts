import { QueryClient, type Query } from '@tanstack/react-query';
import { ApiError, NetworkError } from '../../lib/api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (401, 403, 404…) will not change on retry.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
}

/** How often a screen's data that failed because the server could not be reached is asked again. */
export const RECOVER_MS = 3000;

/** The server was not reached, or answered that it cannot serve now: it may well answer later. */
const unreachable = (error: unknown) =>
  error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);

const failedUnreachable = (query: Query) => query.state.status === 'error' && unreachable(query.state.error);

/**
 * A list or a page that failed to load because the server could not be reached loads again by
 * itself once it can: while such a query is on screen it is asked again every few seconds, and at
 * once when the browser comes back online (docs/notifications.md, "Lists in the app"). The user
 * never has to reload the page for it. Returns the function that stops it.
 */
export function recoverUnreachableQueries(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const failing = () => client.getQueryCache().findAll({ type: 'active', predicate: failedUnreachable });
  const schedule = () => {
    if (stopped || timer !== undefined || failing().length === 0) return;
    timer = setTimeout(() => void retry(), RECOVER_MS);
  };
  const retry = async () => {
    timer = undefined;
    await client.refetchQueries({ type: 'active', predicate: failedUnreachable }, { throwOnError: false });
    schedule();
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && unreachable(event.action.error))
      schedule();
    // A screen that shows a query that failed before: asked again on the same beat.
    else if (event.type === 'observerAdded' && failedUnreachable(event.query)) schedule();
  });
  const online = () => {
    clearTimeout(timer);
    void retry();
  };
  window.addEventListener('online', online);
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('online', online);
  };
}
