import { createHash } from 'node:crypto';
import pg from 'pg';

/** Distinct statements a process prepares; later ones run unnamed (each connection keeps its own). */
const MAX_PREPARED = 256;

const names = new Map<string, string>();

/** The statement's name, the same in every connection; undefined once the cap is reached. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_PREPARED) return known;
  const name = `s_${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`;
  names.set(text, name);
  return name;
}

/**
 * A PostgreSQL connection that prepares each parameterized statement once (docs/benchmarks.md).
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it on every run; on the send
 * path that was most of the database's work per message. A named statement is parsed and
 * planned once per connection, then only bound and run. Statements without parameters (`begin`,
 * savepoints, `commit`) and those past the cap go unnamed, as before.
 */
export class PreparingClient extends pg.Client {
  // pg's query() has many overloads; Kysely calls query(text, values) and awaits the promise.
  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0) {
      const name = statementName(text);
      if (name) return super.query({ text, values, name }) as never;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}
