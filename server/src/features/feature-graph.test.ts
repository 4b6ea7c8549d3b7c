import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FEATURES = path.dirname(fileURLToPath(import.meta.url));

/** Each feature's imports of other features (its code, not its tests). */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const features = fs.readdirSync(FEATURES, { withFileTypes: true }).filter((d) => d.isDirectory());
  for (const { name } of features) {
    const uses = new Set<string>();
    const files = fs.readdirSync(path.join(FEATURES, name), { recursive: true, encoding: 'utf8' });
    for (const file of files) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const text = fs.readFileSync(path.join(FEATURES, name, file), 'utf8');
      const dir = path.dirname(path.join(FEATURES, name, file));
      for (const [, spec] of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
        const target = path.relative(FEATURES, path.resolve(dir, spec!)).split(path.sep)[0]!;
        if (target !== name && !target.startsWith('..')) uses.add(target);
      }
    }
    graph.set(name, uses);
  }
  return graph;
}

/** The import loops among features, each as the features around it. */
function loops(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (feature: string) => {
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

describe('server features', () => {
  it('import each other without a loop: each one can be read (and changed) from the bottom up', () => {
    const graph = featureGraph();
    expect(graph.size).toBeGreaterThan(15);
    expect(loops(graph).map((loop) => loop.join(' → '))).toEqual([]);
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
