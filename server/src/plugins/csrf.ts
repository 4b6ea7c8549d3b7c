import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TEXTS } from '@studium/protocol';
import type { AppContext } from '../context';
import { hmac, randomToken, safeEqual, sha256 } from '../lib/crypto';
import { Forbidden } from '../lib/errors';
import { SESSION_COOKIE } from './session';
import { isApiRequest, routedPath } from './request-path';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Signed double-submit token bound to the session cookie it was issued with: `nonce.mac`.
 * A token minted before login stops working after login, so login rotates it.
 */
export function issueCsrfToken(secret: string, sessionCookie: string | undefined): string {
  const nonce = randomToken(16);
  return `${nonce}.${hmac(secret, `${nonce}.${sha256(sessionCookie ?? '')}`)}`;
}

export function isValidCsrfToken(
  secret: string,
  token: string | undefined,
  sessionCookie: string | undefined,
): boolean {
  if (!token || token.length > 200) return false;
  const [nonce, mac, extra] = token.split('.');
  if (!nonce || !mac || extra !== undefined) return false;
  return safeEqual(mac, hmac(secret, `${nonce}.${sha256(sessionCookie ?? '')}`));
}

export function setCsrfCookie(reply: FastifyReply, ctx: AppContext, token: string) {
  // Readable by the SPA (it copies it into X-CSRFToken), as Django's CSRF_COOKIE_HTTPONLY=False.
  void reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    maxAge: 365 * 24 * 3600,
  });
}

/**
 * The one rule for an `Origin` header, on unsafe API requests and on socket upgrades alike
 * (docs/security.md): none at all (not a browser) passes, `null` never does; otherwise it must be
 * listed in ALLOWED_ORIGINS exactly, or be this server's own public origin — scheme, host and
 * port. An `https` page may not drive a plain `http` server, nor the other way round.
 */
export function isAllowedOrigin(req: FastifyRequest, ctx: AppContext): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (origin === 'null') return false;
  const normalized = origin.replace(/\/$/, '');
  if (ctx.config.allowedOrigins.includes(normalized)) return true;
  const own = publicOrigin(req);
  return own !== null && normalized === own;
}

/**
 * `scheme://host[:port]` as browsers name this server: the scheme of the connection, or of
 * `X-Forwarded-Proto` when TRUST_PROXY=1 (Fastify's `req.protocol`), and the `Host` header (nginx
 * passes the client's on). Null when the Host is missing or more than a host and port.
 */
function publicOrigin(req: FastifyRequest): string | null {
  const host = req.headers.host;
  if (!host) return null;
  let url: URL;
  try {
    url = new URL(`${req.protocol}://${host}`);
  } catch {
    return null;
  }
  const isWeb = url.protocol === 'http:' || url.protocol === 'https:';
  const isBareHost = !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
  // `origin` drops a default port (`:443` after https), as browsers do in the Origin header.
  return isWeb && isBareHost ? url.origin : null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** True once the CSRF token of this unsafe request has been checked. */
    csrfVerified: boolean;
  }
}

/** Django's form field for the token, accepted instead of the header on multipart uploads. */
export const CSRF_FIELD = 'csrfmiddlewaretoken';
// Multipart routes whose handler reads the token from the form (the picture upload).
const FIELD_TOKEN_ROUTES = new Set(['POST /api/profile/']);

/** Throws 403 unless `token` matches the `csrftoken` cookie and is bound to this session. */
export function assertCsrfToken(req: FastifyRequest, ctx: AppContext, token: string | undefined) {
  const cookie = req.cookies[CSRF_COOKIE];
  if (
    !token ||
    !cookie ||
    !safeEqual(token, cookie) ||
    !isValidCsrfToken(ctx.csrfSecret, token, req.cookies[SESSION_COOKIE])
  ) {
    req.log.info({ url: req.url }, 'csrf check failed');
    throw new Forbidden(TEXTS.server.csrfFailed);
  }
  req.csrfVerified = true;
}

const acceptsFieldToken = (req: FastifyRequest) =>
  FIELD_TOKEN_ROUTES.has(`${req.method} ${routedPath(req)}`) &&
  req.headers['content-type']?.startsWith('multipart/form-data') === true;

/**
 * Rejects every unsafe /api request without a valid X-CSRFToken or from a foreign Origin. A
 * multipart upload without the header is let through to its route, which checks the
 * `csrfmiddlewaretoken` field with assertCsrfToken before doing anything (`csrfVerified` is
 * false until then).
 */
export function registerCsrf(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('csrfVerified', false);
  app.addHook('onRequest', async (req) => {
    if (!UNSAFE.has(req.method) || !isApiRequest(req)) return;
    if (!isAllowedOrigin(req, ctx)) {
      req.log.warn({ origin: req.headers.origin, url: req.url }, 'cross-origin request refused');
      throw new Forbidden(TEXTS.server.originRefused);
    }
    const header = req.headers[CSRF_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token && acceptsFieldToken(req)) return;
    assertCsrfToken(req, ctx, token);
  });
}
