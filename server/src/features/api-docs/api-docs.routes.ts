import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildOpenApiDocument } from '@studium/protocol/openapi';
import type { AppContext } from '../../context';
import { contentSecurityPolicy } from '../../plugins/security-headers';
import { renderApiDocsPage } from './api-docs.page';

/** Both answers change only with a new server build: a browser may keep them a while. */
const CACHE_CONTROL = 'public, max-age=3600';

const digest = (text: string, encoding: 'hex' | 'base64') =>
  createHash('sha256').update(text).digest(encoding);

/** The API's OpenAPI document and its page, built once at start (docs/operations.md). */
export function apiDocsRoutes(app: FastifyInstance, ctx: AppContext) {
  const document = buildOpenApiDocument({ title: ctx.config.productName, version: '' });
  // The version is a digest of the document: it changes exactly when the API does.
  (document.info as { version: string }).version = digest(JSON.stringify(document), 'hex').slice(0, 12);
  const json = JSON.stringify(document);
  const { html, styleSource } = renderApiDocsPage(document, (css) => `'sha256-${digest(css, 'base64')}'`);
  const pageCsp = contentSecurityPolicy({ secure: ctx.config.secureCookies, styleSource });

  const send = (req: FastifyRequest, reply: FastifyReply, type: string, body: string) => {
    const etag = `"${digest(body, 'hex').slice(0, 16)}"`;
    void reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(type).send(body);
  };

  app.get('/api/openapi.json', async (req, reply) =>
    send(req, reply, 'application/json; charset=utf-8', json),
  );
  app.get('/api/docs', async (req, reply) => {
    void reply.header('content-security-policy', pageCsp);
    return send(req, reply, 'text/html; charset=utf-8', html);
  });
}
