import { fetchCsrf } from '../../../lib/api-client';
import { readCookie } from '../../../lib/cookies';

/**
 * Profile and password actions need the CSRF cookie (spec §5): fetched once more if it is
 * missing; false when it still is (the caller shows 'Please refresh the page and try again').
 */
export async function ensureCsrfCookie(): Promise<boolean> {
  if (readCookie('csrftoken')) return true;
  await fetchCsrf().catch(() => undefined);
  return Boolean(readCookie('csrftoken'));
}
