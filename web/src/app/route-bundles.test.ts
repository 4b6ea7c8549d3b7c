import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KIB, LANDING_BUDGET_BYTES, routeBundles } from './route-bundles';

// Runs after the build (scripts/test.mjs builds first), against what `npm start` serves.
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
const bundles = routeBundles(dist);

describe('JavaScript each route loads, gzipped', () => {
  it('covers the landing page, the auth pages and every lazy route', () => {
    const routes = bundles.map((b) => b.route);
    expect(routes).toEqual(expect.arrayContaining(['/ (landing)', '/login, /register', '/home', '/chat']));
  });

  it(`keeps the landing page within ${LANDING_BUDGET_BYTES / KIB} KiB`, () => {
    const landing = bundles.find((b) => b.route === '/ (landing)')!;
    expect(landing.gzipBytes).toBeLessThanOrEqual(landing.budgetBytes);
  });

  it('loads KaTeX and the emoji picker only on demand, never with the landing, login or register pages', () => {
    for (const route of ['/ (landing)', '/login, /register']) {
      const files = bundles.find((b) => b.route === route)!.files;
      expect(
        files.filter((f) => /\/(?:math|emoji-picker|emoji-picker-popover)-[\w-]+\.js$/.test(f)),
        route,
      ).toEqual([]);
    }
  });

  it.each(bundles.map((b) => [b.route, b] as const))('keeps %s within its budget', (_route, bundle) => {
    expect(
      bundle.gzipBytes,
      `${(bundle.gzipBytes / KIB).toFixed(1)} KiB: ${bundle.files.join(', ')}`,
    ).toBeLessThanOrEqual(bundle.budgetBytes);
  });
});
