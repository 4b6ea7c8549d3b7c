import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_NAME_PLACEHOLDER, TEXTS } from '@studium/protocol';
import { randomToken } from '../lib/crypto';
import { contentSecurityPolicy } from './security-headers';
import { isApiRequest, isSocketRequest } from './request-path';

/**
 * Serves the built SPA: hashed `/assets/*` cached for a year, `index.html` never cached and
 * stamped with a per-request style nonce that its CSP admits. Unknown non-API GETs get the SPA.
 * Text assets are served from their build-time `.br`/`.gz` copies when the browser accepts them;
 * the service worker script is revalidated on every load so a new version is found at once.
 */
export async function registerStatic(
  app: FastifyInstance,
  webDist: string,
  secure: boolean,
  productName: string,
) {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web build not found: serving the API only (run `npm run build`)');
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ error: TEXTS.server.notFound }));
    return;
  }
  // The page rendered at build time names the product by a placeholder: the setting fills it in.
  const indexHtml = fs
    .readFileSync(indexFile, 'utf8')
    .replaceAll(PRODUCT_NAME_PLACEHOLDER, escapeHtml(productName));

  const sendIndex = (_req: FastifyRequest, reply: FastifyReply) => {
    const nonce = randomToken(16);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', contentSecurityPolicy({ styleNonce: nonce, secure }))
      .send(indexHtml.replaceAll('%CSP_NONCE%', nonce));
  };

  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    cacheControl: false,
    preCompressed: true,
    allowedPath: (pathname) => pathname !== '/index.html',
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      const revalidate = path.basename(filePath).startsWith('sw.js');
      res.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : revalidate ? 'no-cache' : 'public, max-age=3600',
      );
    },
  });
  app.get('/', sendIndex);
  app.setNotFoundHandler((req, reply) => {
    const isPage = req.method === 'GET' && !isApiRequest(req) && !isSocketRequest(req);
    if (isPage && (req.headers.accept ?? '').includes('text/html')) return sendIndex(req, reply);
    return reply.status(404).send({ error: TEXTS.server.notFound });
  });
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
