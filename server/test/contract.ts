import { z } from 'zod';
import { API_ERROR, findApiRoute } from '@studium/protocol';

/** Keys sorted at every level, so two values compare by content only. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * Parses `value` with its protocol schema and throws when it does not match: a wrong type, a
 * missing field, or a field the schema does not name (a presenter that sends more than its
 * contract). Response schemas have no transforms, so a matching value parses to itself.
 */
export function expectContract<T>(schema: z.ZodType<T>, value: unknown, what = 'value'): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `${what} does not match its protocol schema:\n${z.prettifyError(parsed.error)}\n${JSON.stringify(value)}`,
    );
  }
  if (JSON.stringify(canonical(parsed.data)) !== JSON.stringify(canonical(value))) {
    throw new Error(`${what} has fields its protocol schema does not name:\n${JSON.stringify(value)}`);
  }
  return parsed.data;
}

/**
 * Checks an HTTP answer against the API table: a success against its route's response schema,
 * a failure against the error body. Paths outside the table are not checked.
 */
export function expectAnswerContract(method: string, path: string, status: number, json: unknown) {
  const route = findApiRoute(method, path);
  if (!route || json === undefined) return;
  const what = `${method} ${path} (${status})`;
  if (status === 403 && route.forbidden) expectContract(z.union([route.forbidden, API_ERROR]), json, what);
  else if (status >= 400) expectContract(API_ERROR, json, what);
  else if (route.response) expectContract(route.response, json, what);
}
