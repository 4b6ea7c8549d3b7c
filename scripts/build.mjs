// Builds what changed: the server bundle (esbuild) and the web app (Vite). A content hash of
// the inputs is kept next to each output, so an unchanged tree rebuilds nothing.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { ROOT, bin, mustRun, step } from './lib.mjs';

function hashInputs(inputs) {
  const hash = createHash('sha256');
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) {
        if (name === 'node_modules' || name === 'dist' || name.endsWith('.test.ts')) continue;
        visit(path.join(p, name));
      }
    } else {
      hash.update(path.relative(ROOT, p)).update(fs.readFileSync(p));
    }
  };
  for (const input of inputs) visit(path.join(ROOT, input));
  return hash.digest('hex');
}

async function buildIfStale(name, stampFile, inputs, build) {
  const want = hashInputs(inputs);
  const stamp = path.join(ROOT, stampFile);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) return false;
  step(`Building ${name}`);
  await build();
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, want);
  return true;
}

const SHARED = ['protocol/src', 'package-lock.json'];

export async function buildServer() {
  return buildIfStale('server', 'server/dist/.build-hash', ['server/src', ...SHARED], async () => {
    fs.rmSync(path.join(ROOT, 'server/dist'), { recursive: true, force: true });
    await esbuild.build({
      entryPoints: [path.join(ROOT, 'server/src/main.ts')],
      outfile: path.join(ROOT, 'server/dist/main.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      sourcemap: true,
      // Dependencies stay in node_modules; only our own workspaces are bundled.
      plugins: [
        {
          name: 'externals',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@studium/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
      logLevel: 'warning',
    });
  });
}

export async function buildWeb() {
  return buildIfStale(
    'web',
    'web/dist/.build-hash',
    [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/vite-plugins',
      'CHANGELOG.md',
      ...SHARED,
    ],
    // Always a production build, also when a test runner (NODE_ENV=test) asks for it: otherwise
    // React's development builds would ship.
    () =>
      mustRun(bin('vite'), ['build', '--logLevel', 'warn'], {
        cwd: path.join(ROOT, 'web'),
        env: { ...process.env, NODE_ENV: 'production' },
      }),
  );
}

export async function buildAll() {
  await buildServer();
  await buildWeb();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // STUDIUM_BUILD_ONLY=server lets a test build just the bundle it spawns.
  (process.env.STUDIUM_BUILD_ONLY === 'server' ? buildServer() : buildAll()).catch((err) => {
    console.error(err.message ?? err);
    process.exit(1);
  });
}
