// Starts the built server for the Playwright suite on port E2E_PORT (default 8123) with a fresh, throw-away
// database and relaxed auth rate limits (every test registers users).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const serverMain = path.join(root, 'server', 'dist', 'main.js');

if (!fs.existsSync(serverMain)) {
  console.error(`[e2e] ${serverMain} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studium-e2e-'));
const child = spawn(process.execPath, [serverMain], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: process.env.E2E_PORT ?? '8123',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '10000/1000',
    LOGIN_FAILED_RATE_LIMIT: '10000/1000',
    REGISTER_RATE_LIMIT: '10000/1000',
    MESSAGE_RATE_LIMIT: '10000/1000',
    REACTION_RATE_LIMIT: '10000/1000',
    CONVERSATION_RATE_LIMIT: '10000/1000',
    UPLOAD_RATE_LIMIT: '10000/1000',
    SEARCH_RATE_LIMIT: '10000/1000',
    WEB_DIST: path.join(root, 'web', 'dist'),
  },
});

const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    child.kill(signal);
  });
}

child.on('exit', (code, signal) => {
  cleanup();
  process.exit(code ?? (signal ? 0 : 1));
});
