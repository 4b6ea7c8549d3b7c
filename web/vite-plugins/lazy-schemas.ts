import type { Plugin } from 'vite';

/**
 * The protocol's schemas, built when the app first uses them instead of when their module is
 * evaluated.
 *
 * Every module of `@studium/protocol` builds its zod schemas at its top level, and the web app
 * imports them from the package's index: a first visit evaluated about 250 schemas before the
 * first screen rendered, most of them for screens the visitor had not opened (a chat room parses
 * perhaps thirty kinds of answer). Building them was the largest part of the app's module
 * evaluation, the longest task of a cold load (docs/benchmarks.md, "The chat room's first run").
 *
 * In the web build each top-level `const` of a protocol module whose value is a schema (a call
 * chain on `z`, or a schema method such as `.extend()` called on another schema) is wrapped in
 * `lazySchema(() => …)`: a stand-in that builds the schema on its first use and hands every
 * property and method to it from then on. The server, the tests and the API documents use the
 * modules as written.
 */
export function lazySchemas(): Plugin {
  return {
    name: 'studium:lazy-schemas',
    resolveId(id) {
      return id === HELPER_ID ? RESOLVED_HELPER_ID : null;
    },
    load(id) {
      return id === RESOLVED_HELPER_ID ? HELPER_SOURCE : null;
    },
    transform(code, id) {
      if (!PROTOCOL_MODULE.test(id) || /\.test\.ts$/.test(id)) return null;
      const program = this.parse(code) as unknown as Node;
      const edits = lazyEdits(program);
      if (edits.length === 0) return null;
      let out = code;
      for (const edit of edits.sort((a, b) => b.at - a.at))
        out = out.slice(0, edit.at) + edit.text + out.slice(edit.at);
      return { code: `import { lazySchema as ${WRAP} } from '${HELPER_ID}';\n${out}`, map: null };
    },
  };
}

const PROTOCOL_MODULE = /[\\/]protocol[\\/]src[\\/][\w-]+\.ts$/;
const HELPER_ID = 'studium:lazy-schema';
const RESOLVED_HELPER_ID = '\0studium:lazy-schema';
const WRAP = '__lazySchema';

/**
 * The stand-in. Its methods are the schema's own, bound to it, so inside zod `this` is always the
 * real schema; zod's `instanceof` reads `_zod.traits`, which the stand-in hands over too.
 */
export const HELPER_SOURCE = `
export function lazySchema(build) {
  let real;
  const schema = () => (real ??= build());
  const bound = new Map();
  return new Proxy({}, {
    get(_, key) {
      const s = schema();
      const value = s[key];
      if (typeof value !== 'function') return value;
      let fn = bound.get(key);
      if (fn === undefined || fn.original !== value) {
        fn = value.bind(s);
        fn.original = value;
        bound.set(key, fn);
      }
      return fn;
    },
    has: (_, key) => key in schema(),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor(_, key) {
      const d = Reflect.getOwnPropertyDescriptor(schema(), key);
      return d && { ...d, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
`;

/** Zod methods whose result is not a schema: a call ending in one of them is left as it is. */
const NOT_SCHEMA = new Set([
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'spa',
  'encode',
  'decode',
  'safeEncode',
  'safeDecode',
  'toJSONSchema',
  'registry',
  'config',
  'isOptional',
  'isNullable',
]);

/** Methods that make a schema from the schema they are called on. */
const SCHEMA_METHODS = new Set([
  'extend',
  'safeExtend',
  'pick',
  'omit',
  'partial',
  'required',
  'merge',
  'optional',
  'nullable',
  'nullish',
  'array',
  'or',
  'and',
  'refine',
  'superRefine',
  'transform',
  'pipe',
  'default',
  'prefault',
  'catch',
  'readonly',
  'describe',
  'meta',
  'brand',
  'check',
  'min',
  'max',
  'length',
  'strict',
  'passthrough',
  'strip',
  'catchall',
  'keyof',
  'exclude',
  'extract',
]);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The edits that wrap each top-level schema `const` of a module in `__lazySchema(() => …)`. */
export function lazyEdits(program: Node): { at: number; text: string }[] {
  const schemas = new Set<string>(['z']);
  const imported = new Set<string>();
  const edits: { at: number; text: string }[] = [];
  for (const statement of program.body as Node[]) {
    if (statement.type === 'ImportDeclaration' && String((statement.source as Node).value).startsWith('./')) {
      for (const specifier of statement.specifiers as Node[])
        imported.add((specifier.local as Node).name as string);
    }
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (!declaration || declaration.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node;
      const init = declarator.init as Node | null;
      if (id.type !== 'Identifier' || !init || !isSchemaExpression(init, schemas, imported)) continue;
      schemas.add(id.name as string);
      edits.push({ at: init.start, text: `/* @__PURE__ */ ${WRAP}(() => ` }, { at: init.end, text: ')' });
    }
  }
  return edits;
}

/**
 * A call chain that ends in a schema: rooted in `z` (`z.object(…)`, `z.coerce.number()`), or a
 * schema method called on a schema of this module or on one imported (`publicUser.extend(…)`).
 */
function isSchemaExpression(node: Node, schemas: Set<string>, imported: Set<string>): boolean {
  if (node.type !== 'CallExpression') return false;
  const callee = node.callee as Node;
  if (callee.type !== 'MemberExpression' || callee.computed) return false;
  const method = (callee.property as Node).name as string;
  if (NOT_SCHEMA.has(method)) return false;
  let root = callee.object as Node;
  while (root.type === 'CallExpression' || root.type === 'MemberExpression') {
    root = (root.type === 'CallExpression' ? root.callee : root.object) as Node;
  }
  if (root.type !== 'Identifier') return false;
  const name = root.name as string;
  if (name === 'z' || schemas.has(name)) return true;
  // Another protocol module's binding: a schema when the method is one only schemas have.
  return imported.has(name) && SCHEMA_METHODS.has(method) && !/^[A-Z0-9_]+$/.test(name);
}
