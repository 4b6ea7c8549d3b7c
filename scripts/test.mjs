// `npm test`: everything CI checks, in order — Chromium and the emoji font for the browser tests, typecheck, lint,
// build, unit + integration tests (SQLite and PostgreSQL), then Playwright in Chromium.
// Ends with one line "tests: N passed, N failed, N skipped" summing both runners.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { BROWSER_PACKAGES, bin, ensureDebianPackages, mustRun, run, step } from './lib.mjs';
import { printResults, runLighthouseBudget } from './lighthouse.mjs';

const report = fs.mkdtempSync(path.join(os.tmpdir(), 'studium-test-'));

function readCounts(file, pick) {
  try {
    return pick(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const add = (c) => {
  totals.passed += c.passed;
  totals.failed += c.failed;
  totals.skipped += c.skipped;
};

try {
  await ensureDebianPackages(BROWSER_PACKAGES);
  step('Typecheck');
  for (const project of ['protocol', 'server', 'web']) await mustRun(bin('tsc'), ['-p', project]);
  step('Lint');
  await mustRun(bin('eslint'), ['.', '--max-warnings=0']);
  step('Format');
  await mustRun(bin('prettier'), ['--check', '.', '--log-level=warn']);
  await buildAll();

  step('Unit and integration tests (SQLite and PostgreSQL)');
  const vitestJson = path.join(report, 'vitest.json');
  const vitestCode = await run(bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]);
  add(
    readCounts(vitestJson, (r) => ({
      passed: r.numPassedTests,
      failed: r.numFailedTests + (vitestCode !== 0 && r.numFailedTests === 0 ? 1 : 0),
      skipped: r.numPendingTests + r.numTodoTests,
    })),
  );

  step('Browser tests (Playwright, Chromium)');
  const pwJson = path.join(report, 'playwright.json');
  const pwCode = await run(
    bin('playwright'),
    ['test', '--config', 'web/playwright.config.ts', '--reporter=list,json'],
    {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
    },
  );
  add(
    readCounts(pwJson, (r) => ({
      passed: r.stats.expected + r.stats.flaky,
      failed: r.stats.unexpected + (pwCode !== 0 && r.stats.unexpected === 0 ? 1 : 0),
      skipped: r.stats.skipped,
    })),
  );

  // Last and alone on the machine: the scores depend on CPU load. One test per page.
  step('First-visit budget (Lighthouse, mobile profile)');
  const pages = await runLighthouseBudget();
  printResults(pages);
  const pagesFailed = pages.filter((p) => p.failures.length > 0).length;
  add({ passed: pages.length - pagesFailed, failed: pagesFailed, skipped: 0 });
} catch (err) {
  console.error(`\n✖ ${err.message ?? err}`);
  totals.failed += 1;
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
