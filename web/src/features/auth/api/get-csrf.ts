import { fetchCsrf } from '../../../lib/api-client';

/** GET /api/csrf/: makes sure the `csrftoken` cookie exists. Failures are ignored (docs/auth.md). */
export async function getCsrf(): Promise<void> {
  try {
    await fetchCsrf();
  } catch {
    /* silent: the app works on without it */
  }
}
