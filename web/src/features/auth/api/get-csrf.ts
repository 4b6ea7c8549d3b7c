import { fetchCsrf } from '../../../lib/api-client';

/** GET /api/csrf/: makes sure the `csrftoken` cookie exists. Failures are ignored (spec §7). */
export async function getCsrf(): Promise<void> {
  try {
    await fetchCsrf();
  } catch {
    /* silent by spec */
  }
}
