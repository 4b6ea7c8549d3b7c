import { setNonce } from 'get-nonce';

/**
 * The server replaces `%CSP_NONCE%` in index.html with a per-request nonce allowed by
 * `style-src`. Libraries that inject <style> elements (react-remove-scroll via get-nonce) must
 * carry it, or the CSP blocks them.
 */
export function installCspNonce(): string | null {
  const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
  // In `vite dev` the placeholder is not replaced and no CSP is sent.
  if (!nonce || nonce.includes('%')) return null;
  setNonce(nonce);
  return nonce;
}
