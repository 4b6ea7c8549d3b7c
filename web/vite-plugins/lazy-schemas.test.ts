import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HELPER_SOURCE, lazyEdits } from './lazy-schemas';

const PROTOCOL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../protocol/src');
const modules = fs.readdirSync(PROTOCOL).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** The names of the top-level consts the plugin wraps in a module. */
function wrappedNames(file: string): Set<string> {
  const code = fs.readFileSync(path.join(PROTOCOL, file), 'utf8');
  const program = parseAst(code, { lang: 'ts' }) as unknown as Parameters<typeof lazyEdits>[0];
  const starts = new Set(lazyEdits(program).map((e) => e.at));
  const names = new Set<string>();
  const visit = (node: { type: string; [k: string]: unknown }) => {
    const declaration =
      node.type === 'ExportNamedDeclaration' ? (node.declaration as typeof node | null) : node;
    if (declaration?.type !== 'VariableDeclaration') return;
    for (const d of declaration.declarations as { id: { name: string }; init: { start: number } | null }[])
      if (d.init && starts.has(d.init.start)) names.add(d.id.name);
  };
  for (const statement of program.body as { type: string }[]) visit(statement);
  return names;
}

/** The stand-in, evaluated as the web build serves it. */
const lazySchema = new Function(
  `${HELPER_SOURCE.replace('export function', 'function')}; return lazySchema;`,
)() as <T>(build: () => T) => T;

describe('lazy protocol schemas in the web build', () => {
  it.each(modules)('%s: wraps every exported schema and nothing else', async (file) => {
    const exported = (await import(path.join(PROTOCOL, file))) as Record<string, unknown>;
    const wrapped = wrappedNames(file);
    const schemas = Object.keys(exported).filter((name) => exported[name] instanceof z.ZodType);
    // A schema built inside a function or an object (not a top-level const of its own) is not
    // wrapped, nor is a second name for another schema (`export const a = b;`), which is b's stand-in.
    const source = fs.readFileSync(path.join(PROTOCOL, file), 'utf8');
    const topLevelSchemas = schemas.filter(
      (name) =>
        new RegExp(`^export const ${name}\\b`, 'm').test(source) &&
        !new RegExp(`^export const ${name} = \\w+;`, 'm').test(source),
    );
    expect([...wrapped].filter((name) => name in exported).sort()).toEqual(topLevelSchemas.sort());
  });

  it('builds a schema on its first use, and it parses as the schema does', () => {
    let built = 0;
    const user = lazySchema(() => {
      built += 1;
      return z.strictObject({ id: z.number().int(), name: z.string().min(1) });
    });
    const message = lazySchema(() => z.object({ author: user, text: z.string() }));
    const kind = lazySchema(() =>
      z.discriminatedUnion('type', [
        z.object({ type: z.literal('a'), n: z.number() }),
        z.object({ type: z.literal('b'), user }),
      ]),
    );
    expect(built).toBe(0);
    expect(message.parse({ author: { id: 1, name: 'ada' }, text: 'hi' })).toEqual({
      author: { id: 1, name: 'ada' },
      text: 'hi',
    });
    expect(built).toBe(1);
    const bad = message.safeParse({ author: { id: 1.5, name: '' }, text: 'hi' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['author.id', 'author.name']);
    expect(user instanceof z.ZodType).toBe(true);
    expect(kind.parse({ type: 'b', user: { id: 2, name: 'b' } })).toEqual({
      type: 'b',
      user: { id: 2, name: 'b' },
    });
    // Methods that make new schemas, and a method taken off the stand-in, keep working.
    const withEmail = user.extend({ email: z.email() }).optional();
    expect(withEmail.parse(undefined)).toBeUndefined();
    const { parse } = user;
    expect(parse({ id: 3, name: 'c' })).toEqual({ id: 3, name: 'c' });
    expect(Object.keys(user.shape)).toEqual(['id', 'name']);
    expect(built).toBe(1);
  });
});
