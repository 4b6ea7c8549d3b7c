// Shared helpers of the project scripts (run by scripts/bootstrap.sh with a supported Node).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command and throws when it fails. */
export async function mustRun(cmd, args, opts) {
  const code = await run(cmd, args, opts);
  if (code !== 0) throw new Error(`${path.basename(cmd)} ${args.join(' ')} exited with ${code}`);
}

export const step = (text) => console.log(`\n› ${text}`);

/**
 * Installs the Debian packages whose marker file is missing (apt-get, as root). A package that is
 * `required` stops the run when it cannot be installed; the others only warn.
 * @param {{ name: string, file: string, required?: boolean }[]} packages
 */
export async function ensureDebianPackages(packages) {
  const missing = packages.filter((p) => !fs.existsSync(p.file));
  if (missing.length === 0) return;
  const names = missing.map((p) => p.name);
  if (process.getuid?.() !== 0) {
    const required = missing.filter((p) => p.required).map((p) => p.name);
    if (required.length)
      throw new Error(`Missing Debian packages: ${required.join(', ')} (install them as root).`);
    console.warn(`! Missing Debian packages: ${names.join(', ')} (install them as root).`);
    return;
  }
  step(`Installing Debian packages: ${names.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await mustRun('apt-get', ['update', '-qq'], { env });
  await mustRun('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], { env });
}

/** What the browser tests and the screenshots need: Chromium, and a colour emoji font so 👍 renders. */
export const BROWSER_PACKAGES = [
  { name: 'chromium', file: '/usr/bin/chromium', required: true },
  { name: 'fonts-noto-color-emoji', file: '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf' },
];
