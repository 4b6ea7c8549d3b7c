// `npm run bench`: builds the server bundle when stale, then runs bench/ (about 8-12 minutes with the search section,
// loopback only), prints the table and writes its parts of docs/benchmarks.md (replaceBlocks).
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from './build.mjs';
import { ROOT, step } from './lib.mjs';
import { markdown, printTable, replaceBlocks } from '../bench/report.mjs';
import { BENCH_ENV, runBench } from '../bench/run.mjs';
import { clusterMarkdown, clusterRows, runClusterBench } from '../bench/cluster.mjs';
import { printSearch, runSearchBench, searchMarkdown } from '../bench/search.mjs';

const started = performance.now();
const file = path.join(ROOT, 'docs/benchmarks.md');
// Each part is written as soon as it is measured: a later part that fails keeps the earlier ones.
function save(parts) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  fs.writeFileSync(file, replaceBlocks(previous, parts));
}
await buildServer();
step(
  'Benchmarking (Studium vs a bare ws relay, then reads at 1M messages, then party candidate search at 100k parties)',
);
const results = await runBench({ serverScript: path.join(ROOT, 'server/dist/main.js') });
if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
save({ fanout: markdown(results, 'npm run bench', (performance.now() - started) / 1000) });
step('Benchmarking the scale-out (3 processes behind nginx vs one, on PostgreSQL + Redis)');
const scaleOut = await runClusterBench({
  serverScript: path.join(ROOT, 'server/dist/main.js'),
  env: BENCH_ENV,
});
save({ cluster: clusterMarkdown(scaleOut) });
step('Benchmarking message search at 1M messages (SQLite, then PostgreSQL)');
const search = await runSearchBench({ serverScript: path.join(ROOT, 'server/dist/main.js') });
const seconds = (performance.now() - started) / 1000;
console.log(
  `\n  Bench server: MESSAGE_RATE_LIMIT=${BENCH_ENV.MESSAGE_RATE_LIMIT} (default 10 at once, then 1/s per user); the 120 frames/min`,
);
console.log(
  '  per-socket budget is unchanged and respected by the load. Each fan-out figure: best of 2 alternating runs per side.\n',
);
printTable(results);
for (const row of clusterRows(scaleOut)) console.log(row.join('  '));
printSearch(search);
save({
  fanout: markdown(results, 'npm run bench', seconds),
  cluster: clusterMarkdown(scaleOut),
  search: searchMarkdown(search),
});
console.log(`\n  Results written to ${path.relative(ROOT, file)}`);
process.exit(0);
