import path from 'node:path';

/** What the bundler tells about a module while it splits the code into chunks. */
interface ModuleFacts {
  code: string | null;
  importedIds: string[];
  dynamicallyImportedIds: string[];
  exports: string[];
}
type ModuleInfoOf = (id: string) => ModuleFacts | null;

/**
 * One chunk for the navbar's signed-in parts and the notification socket (app/signed-in.tsx),
 * fetched in a few requests instead of two dozen.
 *
 * Left to itself, the bundler gives every set of screens that shares a module a chunk of its own:
 * the signed-in parts came in 24 chunks of 0.1–3 KiB, and on a phone's slow link each costs a
 * round trip (six at a time over HTTP/1.1) before a signed-in user's first screen can render.
 * Every signed-in screen loads these parts first, so each module they need goes into their chunk,
 * also when other signed-in screens use it too; a module that the app itself or a screen open
 * to visitors (about, patch notes) needs stays where the bundler puts it, so a visitor never
 * loads this chunk.
 *
 * A module's needs are its static imports, read through the re-exporting index modules (the icon
 * set, a feature's public surface) to the modules the names come from, so a part claims only
 * the icons it uses.
 */
export function screenChunks(srcDir: string) {
  const src = (file: string) => path.join(srcDir, file);
  const APP = ['app/main.tsx', 'app/app.tsx', 'app/stage-react.ts', 'app/stage-libs.ts'].map(src);
  /** The screens a visitor may open, besides the app's own (landing, login, register). */
  const PUBLIC = ['app/routes/about.tsx', 'app/routes/patch-notes.tsx'].map(src);
  const ROUTE = /[\\/]app[\\/]routes[\\/][\w-]+\.tsx$/;
  const SIGNED_IN = src('app/signed-in.tsx');
  const SIDEBAR = src('features/sidebar/components/sidebar-layout.tsx');

  let groups: Map<string, string> | null = null;

  function assign(info: ModuleInfoOf): Map<string, string> {
    /** The modules `roots` need before they run; with `lazy`, also what they load later on their own. */
    const closure = (roots: string[], lazy?: (id: string) => boolean) => {
      const seen = new Set<string>();
      const visit = (id: string) => {
        if (seen.has(id)) return;
        seen.add(id);
        const facts = info(id);
        if (!facts) return;
        const names = importedNames(facts.code ?? '');
        for (const imported of facts.importedIds) throughIndexes(imported, names);
        if (lazy) for (const imported of facts.dynamicallyImportedIds) if (lazy(imported)) visit(imported);
      };
      // An index module leads on only to the modules that the names imported from it come from.
      const throughIndexes = (id: string, names: Set<string>) => {
        const facts = info(id);
        if (!facts || !isReexportIndex(facts.code)) return visit(id);
        if (seen.has(id)) return;
        seen.add(id);
        for (const source of reexportSources(id, facts, names, info)) throughIndexes(source, names);
        seen.delete(id);
      };
      roots.forEach(visit);
      return seen;
    };
    // Whatever a visitor may load (the app, the public screens, what they load later) stays out.
    const signedInOnly = (id: string) => !ROUTE.test(id) && id !== SIGNED_IN && id !== SIDEBAR;
    const visitor = closure([...APP, ...PUBLIC], signedInOnly);
    const result = new Map<string, string>();
    for (const id of closure([SIGNED_IN]))
      if (id !== SIGNED_IN && !visitor.has(id)) result.set(id, 'signed-in');
    return result;
  }

  return {
    debugName: 'screen-chunks',
    name: (id: string, ctx: { getModuleInfo: (id: string) => ModuleFacts | null }) => {
      if (!groups) {
        const known = new Map<string, ModuleFacts | null>();
        groups = assign((moduleId) => {
          if (!known.has(moduleId)) known.set(moduleId, ctx.getModuleInfo(moduleId));
          return known.get(moduleId)!;
        });
      }
      return groups.get(id) ?? null;
    },
    // Only the modules named here: what the app needs stays out of these chunks.
    includeDependenciesRecursively: false,
  };
}

/** Every name a module imports with `import { a, b as c } from '…'` (their exported names). */
function importedNames(code: string): Set<string> {
  const names = new Set<string>();
  for (const match of code.matchAll(/import\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["'][^"']+["']/g))
    for (const part of match[1]!.split(','))
      names.add(
        part
          .trim()
          .split(/\s+as\s+/)[0]!
          .trim(),
      );
  return names;
}

const parsed = new Map<string, string[]>();

/** The statements of a module's code, comments and directives left out. */
function statementsOf(code: string): string[] {
  let statements = parsed.get(code);
  if (statements) return statements;
  statements = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .split(/;|\n(?=\s*(?:import|export)\b)/)
    .map((statement) => statement.trim())
    .filter((statement) => statement && !/^["']use (?:strict|client)["']$/.test(statement));
  parsed.set(code, statements);
  return statements;
}

const FROM = String.raw`\s*from\s*["']([^"']+)["']`;
const IMPORT = new RegExp(String.raw`^import\s*(?:\{([^}]*)\}|\*\s*as\s+([\w$]+))` + FROM + '$');
const EXPORT_FROM = new RegExp(String.raw`^export\s*(?:\{([^}]*)\}|\*(?:\s*as\s+([\w$]+))?)` + FROM + '$');
const EXPORT_LOCAL = /^export\s*\{[^}]*\}$/;

/**
 * A module that only passes on other modules' exports (an icon set's or a package's index): its
 * statements are imports and exports, nothing of its own.
 */
function isReexportIndex(code: string | null): boolean {
  if (!code) return false;
  let answer = indexes.get(code);
  if (answer === undefined) {
    const statements = statementsOf(code);
    answer =
      statements.length > 0 &&
      statements.every((s) => IMPORT.test(s) || EXPORT_FROM.test(s) || EXPORT_LOCAL.test(s));
    indexes.set(code, answer);
  }
  return answer;
}
const indexes = new Map<string, boolean>();

/** The names of an import or export list, both sides of each `a as b`. */
const listNames = (list: string) =>
  list.split(',').flatMap((part) =>
    part
      .trim()
      .split(/\s+as\s+/)
      .map((name) => name.trim()),
  );

/** Per index module: each import or export statement's names and the module it comes from. */
const indexLinks = new Map<string, { list?: string[]; namespace?: string; source: string }[]>();

/** The modules an index passes `names` on from. */
function reexportSources(
  indexId: string,
  index: ModuleFacts,
  names: Set<string>,
  info: ModuleInfoOf,
): string[] {
  let links = indexLinks.get(indexId);
  if (!links) {
    const bare = (id: string) => id.replace(/\.[cm]?[jt]sx?$/, '');
    const byPath = new Map(index.importedIds.map((id) => [bare(id), id]));
    const resolve = (specifier: string) =>
      specifier.startsWith('.')
        ? byPath.get(bare(path.resolve(path.dirname(indexId), specifier)))
        : index.importedIds.find((id) => id.includes(`/node_modules/${specifier}/`));
    links = [];
    for (const statement of statementsOf(index.code ?? '')) {
      const match = IMPORT.exec(statement) ?? EXPORT_FROM.exec(statement);
      const source = match && resolve(match[3]!);
      if (source)
        links.push({ list: match[1] ? listNames(match[1]) : undefined, namespace: match[2], source });
    }
    indexLinks.set(indexId, links);
  }
  return links
    .filter(({ list, namespace, source }) =>
      list
        ? list.some((name) => names.has(name))
        : namespace
          ? names.has(namespace)
          : // `export * from`: when that module exports one of the names, or passes on another's.
            (info(source)?.exports ?? []).some((name) => names.has(name)) ||
            /^export\s*\*\s*from/m.test(info(source)?.code ?? ''),
    )
    .map(({ source }) => source);
}
