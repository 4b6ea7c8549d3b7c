import { z } from 'zod';

/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 description of the API, generated from the route table
 * by protocol/src/openapi.ts (docs/operations.md, "API description"). Only its frame is checked
 * here; the validator of the server's tests checks the rest.
 */
export const openApiDocument = z.looseObject({
  openapi: z.string().startsWith('3.1.'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type OpenApiDocument = z.infer<typeof openApiDocument>;

/** Names of the session and CSRF credentials (docs/security.md), as the document declares them. */
export const API_CREDENTIALS = {
  sessionCookie: 'sessionid',
  csrfCookie: 'csrftoken',
  csrfHeader: 'X-CSRFToken',
} as const;
