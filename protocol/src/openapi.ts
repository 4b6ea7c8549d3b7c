import { z } from 'zod';
import { API_ERROR, API_ROUTES, API_SOCKETS, type ApiRoute } from './api';
import { FEATURES } from './api-doc';
import * as assistants from './assistants';
import * as auth from './auth';
import * as chat from './chat';
import * as docs from './docs';
import { API_CREDENTIALS } from './docs';
import * as dms from './dms';
import * as matchmaking from './matchmaking';
import * as matchmakingParty from './matchmaking-party';
import * as notifications from './notifications';
import * as profile from './profile';
import * as rankings from './rankings';
import * as rooms from './rooms';
import * as users from './users';
import * as ws from './ws';

/**
 * The OpenAPI 3.1 document of the API, generated from the route table of protocol/src/api.ts with
 * zod's own JSON Schema conversion (docs/operations.md, "API description"). Every schema the
 * protocol exports by name becomes a component of that name (`roomDetail` → `RoomDetail`, the
 * name of its TypeScript type); a shape whose request form differs from its answer (defaults,
 * trimming) gets a second component, `…Input`.
 */

export type JsonSchema = { [key: string]: unknown };

/** The features of the route table with their titles: the tags of the document. */
export { FEATURES };

export interface OpenApiOptions {
  /** The product's name (the server's `PRODUCT_NAME` setting): the document's title. */
  title: string;
  version: string;
}

const MODULES: Array<Record<string, unknown>> = [
  auth,
  rooms,
  chat,
  users,
  rankings,
  ws,
  profile,
  dms,
  notifications,
  matchmaking,
  matchmakingParty,
  assistants,
  docs,
];

const COMPONENT_PREFIX = '#/components/schemas/';
// Placeholders the two conversions point their references at, resolved once both are known.
const OUT = 'urn:out:';
const IN = 'urn:in:';

/** What each `{param}` of the paths is; the server's tests check every one is here. */
export const PATH_PARAMS: Record<string, { description: string; schema: JsonSchema }> = {
  room: { description: "A room's numeric id or its unique `path`.", schema: { type: 'string' } },
  id: { description: 'A numeric id.', schema: { type: 'integer', minimum: 1 } },
  role: {
    description: 'A tutoring role.',
    schema: { type: 'string', enum: [...matchmaking.TUTORING_ROLES] },
  },
  username: { description: 'A username.', schema: { type: 'string' } },
  kind: {
    description: 'An assistant: `interview` or `discovery`.',
    schema: { type: 'string', enum: [...assistants.ASSISTANT_KINDS] },
  },
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The protocol's exported schemas by their component names. */
function namedSchemas(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const module of MODULES)
    for (const [name, value] of Object.entries(module))
      if (value instanceof z.ZodType && !names.has(value))
        names.set(value, name[0]!.toUpperCase() + name.slice(1).replace(/Schema$/, ''));
  return names;
}

function mapRefs(value: unknown, rewrite: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapRefs(v, rewrite));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' ? rewrite(v) : mapRefs(v, rewrite),
      ]),
    );
  }
  return value;
}

function collectRefs(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) for (const v of value) collectRefs(v, into);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') into.add(v);
      else collectRefs(v, into);
    }
}

/** Converts every schema of `registry` in one direction; references point at `prefix + id`. */
function convert(registry: z.core.$ZodRegistry<{ id: string }>, io: 'input' | 'output', prefix: string) {
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    uri: (id) => `${prefix}${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return schemas;
}

/**
 * The shared shapes, both directions. Operations refer to them by placeholders (`urn:in:X`,
 * `urn:out:X`) until `finish` knows which forms the document reaches: a shape reached in one form,
 * or in two equal ones, is the component `X`; one reached in two different forms is `X` (the
 * answer) and `XInput` (the request).
 */
function buildComponents(extra: Array<[z.ZodType, string]>) {
  const names = namedSchemas();
  for (const [schema, name] of extra) if (!names.has(schema)) names.set(schema, name);
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of names) registry.add(schema, { id });
  const forms: Record<string, Record<string, JsonSchema>> = {
    [OUT]: convert(registry, 'output', OUT),
    [IN]: convert(registry, 'input', IN),
  };
  const split = (ref: string): [string, string] => {
    const prefix = ref.startsWith(OUT) ? OUT : IN;
    return [prefix, ref.slice(prefix.length)];
  };

  const ref = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => ({
    $ref: `${io === 'input' ? IN : OUT}${names.get(schema)!}`,
  });

  const finish = (document: JsonSchema): Record<string, JsonSchema> => {
    const reached = new Set<string>();
    const queue: string[] = [];
    const visit = (value: unknown) => {
      const refs = new Set<string>();
      collectRefs(value, refs);
      for (const r of refs)
        if ((r.startsWith(OUT) || r.startsWith(IN)) && !reached.has(r)) {
          reached.add(r);
          queue.push(r);
        }
    };
    visit(document);
    while (queue.length) {
      const [prefix, id] = split(queue.pop()!);
      visit(forms[prefix]![id]);
    }
    const twoForms = (id: string) =>
      reached.has(`${OUT}${id}`) &&
      reached.has(`${IN}${id}`) &&
      JSON.stringify(forms[OUT]![id]) !== JSON.stringify(forms[IN]![id]);
    const nameOf = (ref: string) => {
      const [prefix, id] = split(ref);
      return prefix === IN && twoForms(id) ? `${id}Input` : id;
    };
    const resolve = (r: string) =>
      r.startsWith(OUT) || r.startsWith(IN) ? `${COMPONENT_PREFIX}${nameOf(r)}` : r;
    const schemas: Record<string, JsonSchema> = {};
    for (const r of [...reached].sort()) {
      const [prefix, id] = split(r);
      schemas[nameOf(r)] ??= mapRefs(forms[prefix]![id], resolve) as JsonSchema;
    }
    Object.assign(document, mapRefs(document, resolve));
    return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  };
  return { ref, finish };
}

/** `GET /api/rooms/{room}/messages/` → `getRoomsRoomMessages`. */
export function operationId(route: Pick<ApiRoute, 'method' | 'path'>): string {
  const words = route.path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [route.method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1);

function queryParameters(route: ApiRoute): JsonSchema[] {
  if (!route.query) return [];
  const json = z.toJSONSchema(route.query, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
  }));
}

function pathParameters(path: string): JsonSchema[] {
  return [...path.matchAll(/\{([a-z_]+)\}/g)].map(([, name]) => {
    const known = PATH_PARAMS[name!] ?? { description: 'A path parameter.', schema: { type: 'string' } };
    return { name, in: 'path', required: true, ...known };
  });
}

function security(route: ApiRoute): Array<Record<string, string[]>> {
  const scheme: Record<string, string[]> = route.public ? {} : { sessionCookie: [] };
  if (UNSAFE.has(route.method)) Object.assign(scheme, { csrfCookie: [], csrfHeader: [] });
  return Object.keys(scheme).length ? [scheme] : [];
}

const STATUS_TEXT: Record<number, string> = { 200: 'Done.', 201: 'Created.' };

/** The OpenAPI 3.1 document of every route and live connection of protocol/src/api.ts. */
export function buildOpenApiDocument(options: OpenApiOptions): JsonSchema {
  const anonymous: Array<[z.ZodType, string]> = [];
  for (const route of API_ROUTES) {
    const id = pascal(operationId(route));
    if (route.body) anonymous.push([route.body, `${id}Body`]);
    if (route.response) anonymous.push([route.response, `${id}Response`]);
  }
  for (const socket of API_SOCKETS) {
    const id = pascal(operationId({ method: 'GET', path: socket.path }));
    if (socket.client) anonymous.push([socket.client, `${id}ClientFrame`]);
    anonymous.push([socket.server, `${id}ServerFrame`]);
  }
  anonymous.push([API_ERROR, 'ErrorResponse']);
  const { ref, finish } = buildComponents(anonymous);

  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of API_ROUTES) {
    const title = FEATURES[route.feature] ?? route.feature;
    const status = route.status ?? 200;
    const content = route.response
      ? { 'application/json': { schema: ref(route.response, 'output') } }
      : {
          [route.contentType ?? 'application/octet-stream']: {
            schema: { type: 'string', contentMediaType: route.contentType ?? 'application/octet-stream' },
          },
        };
    const operation: JsonSchema = {
      operationId: operationId(route),
      tags: [title],
      summary: route.summary,
      security: security(route),
      parameters: [...pathParameters(route.path), ...queryParameters(route)],
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: ref(route.body, 'input') } },
            },
          }
        : {}),
      responses: {
        [String(status)]: { description: STATUS_TEXT[status] ?? 'Done.', content },
        '4XX': { $ref: '#/components/responses/Error' },
        '5XX': { $ref: '#/components/responses/Error' },
      },
    };
    if (!(operation.parameters as unknown[]).length) delete operation.parameters;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }

  const websockets = API_SOCKETS.map((socket) => ({
    path: socket.path,
    tags: [FEATURES[socket.feature] ?? socket.feature],
    summary: socket.summary,
    security: [{ sessionCookie: [] }],
    ...(socket.path.includes('{') ? { parameters: pathParameters(socket.path) } : {}),
    client: socket.client ? ref(socket.client, 'input') : null,
    server: ref(socket.server, 'output'),
  }));

  const document: JsonSchema = {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `${options.title} API`,
      version: options.version,
      description: [
        `JSON over HTTP. The session is the \`${API_CREDENTIALS.sessionCookie}\` cookie (set by \`POST /api/login/\`);`,
        `every state-changing call sends \`${API_CREDENTIALS.csrfHeader}\` equal to the \`${API_CREDENTIALS.csrfCookie}\``,
        'cookie (from `GET /api/csrf/`). Failures answer `ErrorResponse` with 400 (invalid input), 401 (not',
        'logged in), 403 (forbidden, CSRF or Origin), 404, 409 (conflicts with the current state), 410 (an',
        'expired export), 413 (body or file too large), 415 (unsupported content type), 429 (rate limited,',
        'with `Retry-After`), 500 or 503 (the database is unreachable, with `Retry-After`; or the server is',
        'stopping).',
        '',
        'Live connections are WebSockets, listed under `x-websockets` with the frames each side sends:',
        ...API_SOCKETS.map((s) => `- \`${s.path}\`: ${s.summary}`),
      ].join('\n'),
    },
    tags: [...new Set([...Object.keys(FEATURES), ...API_ROUTES.map((r) => r.feature)])]
      .filter((feature) => API_ROUTES.some((r) => r.feature === feature))
      .map((feature) => ({
        name: FEATURES[feature] ?? feature,
        description: `Schemas in \`protocol/src/${feature}.ts\`.`,
      })),
    paths,
    components: {
      schemas: {},
      responses: {
        Error: {
          description: 'The error: a text to show, and per-field texts for form input.',
          content: { 'application/json': { schema: ref(API_ERROR, 'output') } },
        },
      },
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: API_CREDENTIALS.sessionCookie,
          description: 'The session, set by `POST /api/login/`.',
        },
        csrfCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: API_CREDENTIALS.csrfCookie,
          description: 'The CSRF token, set by `GET /api/csrf/` and rotated by login and logout.',
        },
        csrfHeader: {
          type: 'apiKey',
          in: 'header',
          name: API_CREDENTIALS.csrfHeader,
          description: `The value of the \`${API_CREDENTIALS.csrfCookie}\` cookie, on every state-changing call.`,
        },
      },
    },
    'x-websockets': websockets,
  };
  // After the rest: the components are the shapes the document reaches.
  const schemas = finish(document);
  (document.components as JsonSchema).schemas = schemas;
  return document;
}
