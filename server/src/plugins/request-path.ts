import type { FastifyRequest } from 'fastify';

/**
 * A request's path as the router reads it: percent-decoded, without its query. The router
 * decodes before it matches (`/%61pi/logout/` reaches the `/api/logout/` route), so every check
 * of what kind of request this is reads the same decoded path; a check of the raw URL would let
 * an encoded prefix past the session, CSRF and Origin rules (docs/security.md).
 */
export function routedPath(req: FastifyRequest): string {
  const raw = req.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A request for the API (`/api/…`), however its path was encoded. */
export const isApiRequest = (req: FastifyRequest) => routedPath(req).startsWith('/api/');

/** A request for a WebSocket endpoint (`/ws/…`), however its path was encoded. */
export const isSocketRequest = (req: FastifyRequest) => routedPath(req).startsWith('/ws/');
