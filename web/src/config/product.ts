import { PRODUCT_NAME_DEFAULT } from '@studium/protocol';

/** The product name shown in the UI (DESIGN: `PRODUCT_NAME`, 'Studium' by default). */
export const PRODUCT_NAME: string = import.meta.env.VITE_PRODUCT_NAME || PRODUCT_NAME_DEFAULT;
