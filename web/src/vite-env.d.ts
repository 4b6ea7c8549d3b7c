/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Overrides the product name shown in the UI (default 'Studium'). */
  readonly VITE_PRODUCT_NAME?: string;
}
