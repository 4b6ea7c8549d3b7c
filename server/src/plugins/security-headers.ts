import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './request-path';

/**
 * The CSP of docs/security.md; `style-src` also admits the per-request nonce of index.html, or
 * one more source (the hash of the API page's style sheet).
 */
export function contentSecurityPolicy(opts: {
  styleNonce?: string;
  styleSource?: string;
  secure: boolean;
}): string {
  const { styleNonce, styleSource, secure } = opts;
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    `style-src 'self'${styleNonce ? ` 'nonce-${styleNonce}'` : ''}${styleSource ? ` ${styleSource}` : ''}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (secure) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** Headers on every response; `no-store` on the API (docs/security.md). */
export function registerSecurityHeaders(app: FastifyInstance, secure: boolean) {
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', contentSecurityPolicy({ secure }));
    }
    // A route may opt into caching (profile pictures); every other API answer is no-store.
    if (isApiRequest(req) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
