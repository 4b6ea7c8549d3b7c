import type { FastifyError, FastifyInstance } from 'fastify';
import { TEXTS } from '@studium/protocol';
import { AppError } from '../lib/errors';

/** One error shape for the whole API: `{error, fields?}`; 5xx details never leave the server. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.status === 401 || err.status === 403) req.log.info({ status: err.status, url: req.url }, 'access denied');
      if (err.headers) void reply.headers(err.headers);
      return reply.status(err.status).send(err.fields ? { error: err.message, fields: err.fields } : { error: err.message });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 413) return reply.status(413).send({ error: TEXTS.server.bodyTooLarge });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: status === 415 ? 'Unsupported content type.' : TEXTS.server.invalidInput });
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: TEXTS.server.internal });
  });
}
