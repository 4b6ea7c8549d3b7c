import type { FastifyError, FastifyInstance } from 'fastify';
import { TEXTS } from '@studium/protocol';
import { AppError } from '../lib/errors';

/** One error shape for the whole API: `{error, fields?}` (a 403 may add what it concerns); 5xx details never leave the server. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.status === 401 || err.status === 403)
        req.log.info({ status: err.status, url: req.url }, 'access denied');
      if (err.headers) void reply.headers(err.headers);
      return reply
        .status(err.status)
        .send({ error: err.message, ...(err.fields && { fields: err.fields }), ...err.extra });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 413) return reply.status(413).send({ error: TEXTS.server.bodyTooLarge });
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ error: status === 415 ? 'Unsupported content type.' : TEXTS.server.invalidInput });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: err.message, url: req.url }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ error: TEXTS.server.unavailable });
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: TEXTS.server.internal });
  });
}

// Connection exceptions (class 08), shutdown / starting up (57P01-57P03), statement timeout
// (57014), and the pool's own connect and read timeouts: the database is away, not broken.
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '57014',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'SQLITE_BUSY',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/;

/** Whether an error says the database cannot be reached right now (answered 503, not 500). */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return UNAVAILABLE_MESSAGES.test(err.message);
}
