import { createContext, use } from 'react';
import { PRODUCT_NAME_DEFAULT } from '@studium/protocol';
import { useSessionQuery } from '../features/auth/api/get-session';

/**
 * The name shown until the session answer names the product: the default one, or in the frames
 * rendered at build time before any session (app/prerender.tsx) the placeholder that the server
 * fills with its `PRODUCT_NAME` as it sends the page.
 */
export const ProductNameUntilKnown = createContext(PRODUCT_NAME_DEFAULT);

/**
 * The product name shown in the UI: the server's `PRODUCT_NAME` setting, read at run time from
 * the session answer ('Studium' until it arrives, or when it failed).
 */
export function useProductName(): string {
  const untilKnown = use(ProductNameUntilKnown);
  return useSessionQuery().data?.product_name ?? untilKnown;
}
