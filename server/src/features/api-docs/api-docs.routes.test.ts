import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CREDENTIALS, API_ROUTES, API_SOCKETS, openApiDocument } from '@studium/protocol';
import { buildOpenApiDocument, FEATURES, PATH_PARAMS } from '@studium/protocol/openapi';
import { TestClient } from '../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';
import { CSRF_COOKIE, CSRF_HEADER } from '../../plugins/csrf';
import { SESSION_COOKIE } from '../../plugins/session';

type Operation = {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

/** `METHOD /path/{param}/` for every route under `prefix`, HEAD (Fastify's own) left out. */
function registeredUnder(routes: RouteOptions[], prefix: string): string[] {
  return routes
    .filter((r) => r.url.startsWith(prefix))
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => ({ m, url: r.url })))
    .filter(({ m }) => m !== 'HEAD')
    .map(({ m, url }) => `${m} ${url.replace(/:([A-Za-z_]+)/g, '{$1}')}`);
}

/** What differs between the registered routes and the table, one line naming each route. */
export function coverageProblems(registered: string[], table: string[], tableName: string): string[] {
  const listed = new Set(table);
  const served = new Set(registered);
  return [
    ...[...served]
      .filter((r) => !listed.has(r))
      .map((r) => `${r} is registered by the server but has no entry in ${tableName} (protocol/src/api.ts)`),
    ...[...listed]
      .filter((r) => !served.has(r))
      .map(
        (r) =>
          `${r} has an entry in ${tableName} (protocol/src/api.ts) but the server registers no such route`,
      ),
  ].sort();
}

const concretePath = (path: string) =>
  path.replace(/\{([a-z_]+)\}/g, (_m, name: string) => ({ role: 'tutor', username: 'nobody' })[name] ?? '1');

describe('the coverage check', () => {
  it('names a route without an entry and an entry without a route', () => {
    expect(
      coverageProblems(['GET /api/a/', 'POST /api/b/{id}/'], ['GET /api/a/', 'DELETE /api/c/'], 'API_ROUTES'),
    ).toEqual([
      'DELETE /api/c/ has an entry in API_ROUTES (protocol/src/api.ts) but the server registers no such route',
      'POST /api/b/{id}/ is registered by the server but has no entry in API_ROUTES (protocol/src/api.ts)',
    ]);
  });
});

describe('the route table', () => {
  it('names a known feature and describes every path parameter of every entry', () => {
    const problems = [...API_ROUTES, ...API_SOCKETS.map((s) => ({ ...s, method: 'GET' }))].flatMap((r) => [
      ...(r.feature in FEATURES
        ? []
        : [`${r.method} ${r.path}: add its feature "${r.feature}" to FEATURES (protocol/src/api-doc.ts)`]),
      ...[...r.path.matchAll(/\{([a-z_]+)\}/g)]
        .filter(([, name]) => !(name! in PATH_PARAMS))
        .map(
          ([, name]) => `${r.method} ${r.path}: describe {${name}} in PATH_PARAMS (protocol/src/openapi.ts)`,
        ),
    ]);
    expect(problems).toEqual([]);
  });
});

describe.each(DIALECTS)('the API description on %s', (dialect) => {
  let server: TestServer;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    server = await startTestServer(dialect, {}, { onRoute: (route) => void routes.push(route) });
  });
  afterAll(async () => server?.close());

  it('has an API_ROUTES entry for every /api/ route the server registers, and no other', () => {
    const table = API_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(coverageProblems(registeredUnder(routes, '/api/'), table, 'API_ROUTES')).toEqual([]);
  });

  it('has an API_SOCKETS entry for every /ws/ route, and no other', () => {
    const table = API_SOCKETS.map((s) => `GET ${s.path}`);
    expect(coverageProblems(registeredUnder(routes, '/ws/'), table, 'API_SOCKETS')).toEqual([]);
  });

  it('serves a valid OpenAPI 3.1 document with a success schema for every operation', async () => {
    const client = new TestClient(server.baseUrl);
    const res = await client.get('/api/openapi.json');
    expect(res.status).toBe(200);
    const document = openApiDocument.parse(res.json);
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.info.title).toBe(`${server.ctx.config.productName} API`);

    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op: op as Operation })),
    );
    expect(operations).toHaveLength(API_ROUTES.length);
    for (const { path, method, op } of operations) {
      const success = Object.entries(op.responses).filter(([status]) => /^2\d\d$/.test(status));
      expect(success, `${method.toUpperCase()} ${path} documents one success answer`).toHaveLength(1);
      const media = Object.values(success[0]![1].content ?? {});
      expect(media.length, `${method.toUpperCase()} ${path} has a success media type`).toBe(1);
      expect(media[0]!.schema, `${method.toUpperCase()} ${path} has a success schema`).toBeTruthy();
    }

    // Every reference names a schema the document has.
    const refs = [...res.text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
    expect(refs.filter((name) => !(name in schemas))).toEqual([]);
  });

  it('is generated once from the table, public and cacheable, with a 304 on its ETag', async () => {
    const visitor = new TestClient(server.baseUrl);
    const res = await visitor.get('/api/openapi.json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const expected = buildOpenApiDocument({ title: server.ctx.config.productName, version: '' });
    expect({ ...res.json, info: { ...(res.json.info as object), version: '' } }).toEqual(expected);
    const etag = res.headers.get('etag')!;
    const again = await visitor.request('GET', '/api/openapi.json', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('declares the session and CSRF credentials the server uses', async () => {
    const res = await new TestClient(server.baseUrl).get('/api/openapi.json');
    const schemes = (res.json.components as { securitySchemes: Record<string, { name: string }> })
      .securitySchemes;
    expect(schemes.sessionCookie!.name).toBe(SESSION_COOKIE);
    expect(schemes.csrfCookie!.name).toBe(CSRF_COOKIE);
    expect(schemes.csrfHeader!.name.toLowerCase()).toBe(CSRF_HEADER);
    expect(API_CREDENTIALS.sessionCookie).toBe(SESSION_COOKIE);
  });

  it('serves the page under a strict CSP, naming every operation', async () => {
    const res = await new TestClient(server.baseUrl).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe');
    expect(res.text).not.toContain('<script');
    for (const route of API_ROUTES) expect(res.text).toContain(`<code>${route.path}</code>`);
    // The rest of the app keeps its own policy.
    const other = await new TestClient(server.baseUrl).get('/api/session/');
    expect(other.headers.get('content-security-policy')).not.toContain('sha256-');
    expect(other.headers.get('cache-control')).toBe('no-store');
  });

  it('marks public exactly the routes a visitor may call', async () => {
    const visitor = new TestClient(server.baseUrl);
    await visitor.csrf();
    const wrong: string[] = [];
    for (const route of API_ROUTES) {
      const path = concretePath(route.path);
      const res = await visitor.request(route.method, path, route.method === 'GET' ? {} : { body: {} });
      if (route.public ? res.status === 401 : res.status !== 401)
        wrong.push(`${route.method} ${route.path}: ${res.status} to a visitor`);
      if (route.path === '/api/logout/') await visitor.csrf();
    }
    expect(wrong).toEqual([]);
  });
});
