// `npm run dev`: the API server (rebuilt bundle) on :8000 and Vite with hot reload on :5173,
// which proxies /api and /ws to the server. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServer } from './build.mjs';
import { ROOT, bin } from './lib.mjs';

await buildServer();
const env = {
  ...process.env,
  LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
  ALLOWED_ORIGINS: 'http://127.0.0.1:5173,http://localhost:5173',
};
const children = [
  spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], { cwd: ROOT, stdio: 'inherit', env }),
  spawn(bin('vite'), ['--host', '127.0.0.1'], { cwd: path.join(ROOT, 'web'), stdio: 'inherit', env }),
];
console.log('\n  Open http://127.0.0.1:5173 (hot reload). The server rebuilds on the next `npm run dev`.\n');
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
