// Where one feature folder may reach into another (docs/architecture.md, "Import rules"). The
// paths are resolved, so `../rooms/rooms.repository` and `../../rooms/rooms.repository` from a
// subfolder are the same module; only relative imports can reach a feature folder.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The feature a file belongs to, and the file's path inside it ('' for the folder itself). */
function placeIn(featuresDir, file) {
  const relative = path.relative(path.join(ROOT, featuresDir), file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [feature, ...inside] = relative.split(path.sep);
  return { feature, inside: inside.join('/') };
}

/**
 * A rule that reports each import (static, re-export or dynamic) from a feature under
 * `featuresDir` into another feature's module for which `forbidden(inside)` holds.
 */
function boundaryRule({ featuresDir, forbidden, description, message }) {
  return {
    meta: { type: 'problem', docs: { description }, schema: [], messages: { forbidden: message } },
    create(context) {
      const own = placeIn(featuresDir, context.filename);
      if (!own) return {};
      const check = (source) => {
        if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
        if (!source.value.startsWith('.')) return;
        const target = placeIn(featuresDir, path.resolve(path.dirname(context.filename), source.value));
        if (!target || target.feature === own.feature || !forbidden(target.inside)) return;
        context.report({ node: source, messageId: 'forbidden', data: { feature: target.feature } });
      };
      return {
        ImportDeclaration: (node) => check(node.source),
        ExportNamedDeclaration: (node) => check(node.source),
        ExportAllDeclaration: (node) => check(node.source),
        ImportExpression: (node) => check(node.source),
      };
    },
  };
}

export default {
  meta: { name: 'studium-feature-boundaries' },
  rules: {
    // A server feature's repository is its own: what others may use of its storage, its service
    // exports (and the rules that go with a write stay in one place).
    'no-foreign-repository': boundaryRule({
      featuresDir: 'server/src/features',
      forbidden: (inside) => /\.repository(\.ts)?$/.test(inside),
      description: "A server feature never imports another feature's repository.",
      message:
        "{{feature}}'s repository is its own: import what you need from {{feature}}'s service (add it to the list at its end).",
    }),
    // A web feature shows others a small public surface, its index.ts; the rest is its own.
    'feature-public-surface': boundaryRule({
      featuresDir: 'web/src/features',
      forbidden: (inside) => !/^(index(\.tsx?)?)?$/.test(inside),
      description: "A web feature imports another feature only through that feature's index.ts.",
      message:
        'Import {{feature}} through its public surface, features/{{feature}}/index.ts (export what you need there), not its internals.',
    }),
  },
};
