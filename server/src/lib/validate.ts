import type { z } from 'zod';
import { Invalid } from './errors';

/**
 * The one validation layer: parses input with a protocol schema, or throws Invalid carrying a
 * message per field (the first problem of each field) and the first message as the summary.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) fields[k] ??= 'Unknown field.';
      continue;
    }
    fields[key] ??= issue.message;
  }
  const summary = Object.values(fields)[0] ?? 'Invalid input.';
  delete fields._;
  throw new Invalid(summary, Object.keys(fields).length > 0 ? fields : undefined);
}
