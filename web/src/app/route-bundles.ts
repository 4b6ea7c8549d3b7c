// Build-time check, run in Node against web/dist: how much JavaScript each route loads.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** One chunk of Vite's build manifest (web/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const KIB = 1024;
/** The landing page is read before anything else; other routes may load the app. */
export const LANDING_BUDGET_BYTES = 80 * KIB;
export const ROUTE_BUDGET_BYTES = 250 * KIB;
/** Login and register: a visitor's first screens after the landing page (the math and emoji load on demand). */
export const AUTH_BUDGET_BYTES = 200 * KIB;

const ENTRY = 'index.html';
/** The app itself: the router, data layer, landing, login and register (see main.tsx). */
const APP = 'src/app/app.tsx';
const LAZY_ROUTE = /^src\/app\/routes\/([\w-]+)\.tsx$/;

export interface RouteBundle {
  route: string;
  files: string[];
  gzipBytes: number;
  budgetBytes: number;
  /** What the route's own code loads right after it renders (e.g. the chat's markdown renderer). */
  deferredGzipBytes: number;
}

export function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The chunks a page needs before it renders: the given ones and their static imports. */
function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key]!.file).sort();
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/**
 * Gzipped JavaScript per route: the landing page loads the entry alone; login and register the
 * entry and the app; every lazy route the entry, the app and its own chunk, with static imports.
 */
export function routeBundles(dist: string): RouteBundle[] {
  const manifest = readManifest(dist);
  const bytes = (files: string[]) => files.reduce((sum, file) => sum + gzipSize(path.join(dist, file)), 0);
  const measure = (route: string, keys: string[], budgetBytes: number, own?: string): RouteBundle => {
    const files = staticClosure(manifest, keys);
    const deferredKeys = own
      ? staticClosure(manifest, [own]).flatMap((file) => {
          const key = Object.keys(manifest).find((k) => manifest[k]!.file === file)!;
          return manifest[key]!.dynamicImports ?? [];
        })
      : [];
    const deferred = staticClosure(manifest, deferredKeys).filter((file) => !files.includes(file));
    return { route, files, gzipBytes: bytes(files), budgetBytes, deferredGzipBytes: bytes(deferred) };
  };
  const lazy = Object.keys(manifest)
    .map((key) => LAZY_ROUTE.exec(key))
    .filter((match) => match !== null)
    .map((match) => measure(`/${match[1]}`, [ENTRY, APP, match[0]], ROUTE_BUDGET_BYTES, match[0]));
  return [
    measure('/ (landing)', [ENTRY], LANDING_BUDGET_BYTES),
    measure('/login, /register', [ENTRY, APP], AUTH_BUDGET_BYTES),
    ...lazy,
  ];
}
