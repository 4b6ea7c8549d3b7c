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
  // A beat, not a loop per failure: each tick asks again only the failed queries on screen (none:
  // nothing is fetched), leaving a request still on its way to finish.
  const retry = () =>
    void client.refetchQueries(
      { type: 'active', predicate: failedUnreachable },
      { throwOnError: false, cancelRefetch: false },
    );
  const timer = setInterval(retry, RECOVER_MS);
  window.addEventListener('online', retry);
  return () => {
    clearInterval(timer);
    window.removeEventListener('online', retry);
  };
}
