import { PRODUCT_NAME_DEFAULT } from '@studium/protocol';
import { useSessionQuery } from '../features/auth/api/get-session';

/**
 * The product name shown in the UI: the server's `PRODUCT_NAME` setting, read at run time from
 * the session answer ('Studium' until it arrives, or when it failed).
 */
export function useProductName(): string {
  return useSessionQuery().data?.product_name ?? PRODUCT_NAME_DEFAULT;
}
