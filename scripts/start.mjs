// `npm start`: build what changed, then run the server in this process (Ctrl-C shuts it down).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll } from './build.mjs';
import { ROOT } from './lib.mjs';

await buildAll();
process.chdir(ROOT);
// Human-readable logs in a terminal; JSON (for log shippers) otherwise.
if (process.stdout.isTTY) process.env.LOG_FORMAT ??= 'pretty';
await import(pathToFileURL(path.join(ROOT, 'server/dist/main.js')).href);
