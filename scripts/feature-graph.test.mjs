// Feature folders import each other without a loop, on the server and in the web app: each
// feature can be read, tested and changed from the bottom up (docs/architecture.md). Where one
// feature may reach into another, ESLint reports first (scripts/eslint-rules/); the repository
// check below stays as a second guard.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib.mjs';

/** Each feature's imports of other features (its code, not its tests). */
function featureGraph(featuresDir) {
  const graph = new Map();
  const features = fs.readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory());
  for (const { name } of features) {
    const uses = new Set();
    for (const file of fs.readdirSync(path.join(featuresDir, name), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const full = path.join(featuresDir, name, file);
      for (const [, spec] of fs.readFileSync(full, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
        const target = path.relative(featuresDir, path.resolve(path.dirname(full), spec)).split(path.sep)[0];
        if (target !== name && !target.startsWith('..')) uses.add(target);
      }
    }
    graph.set(name, uses);
  }
  return graph;
}

/** The import loops in a graph, each as the features around it. */
function loops(graph) {
  const found = [];
  const state = new Map();
  const trail = [];
  const visit = (feature) => {
    state.set(feature, 'open');
    trail.push(feature);
    for (const next of graph.get(feature) ?? []) {
      if (state.get(next) === 'open') found.push([...trail.slice(trail.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    trail.pop();
    state.set(feature, 'done');
  };
  for (const feature of graph.keys()) if (!state.has(feature)) visit(feature);
  return found;
}

describe('feature folders', () => {
  it.each([['server/src/features'], ['web/src/features']])(
    'in %s import each other without a loop',
    (dir) => {
      const graph = featureGraph(path.join(ROOT, dir));
      expect(graph.size).toBeGreaterThan(15);
      expect(loops(graph).map((loop) => loop.join(' → '))).toEqual([]);
    },
  );

  it("on the server never read another feature's repository: its service says what others may use", () => {
    const featuresDir = path.join(ROOT, 'server/src/features');
    const reaching = [];
    for (const file of fs.readdirSync(featuresDir, { recursive: true, encoding: 'utf8' })) {
      if (!/\.ts$/.test(file) || /\.test\.ts$/.test(file)) continue;
      const own = file.split(path.sep)[0];
      const text = fs.readFileSync(path.join(featuresDir, file), 'utf8');
      for (const [, feature, module] of text.matchAll(/from '\.\.\/([a-z-]+)\/([\w.-]+)'/g))
        if (feature !== own && /repository$/.test(module)) reaching.push(`${file} → ${feature}/${module}`);
    }
    expect(reaching).toEqual([]);
  });

  it('finds a loop when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(loops(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
