// `npm test`: everything CI checks, in order — Chromium and the emoji font for the browser tests, typecheck, lint,
// build, unit + integration tests (SQLite and PostgreSQL), then Playwright in Chromium.
// Ends with one line "tests: N passed, N failed, N skipped" summing both runners.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { BROWSER_PACKAGES, ROOT, bin, ensureDebianPackages, run, step } from './lib.mjs';
import { printResults, runLighthouseBudget } from './lighthouse.mjs';

const report = fs.mkdtempSync(path.join(os.tmpdir(), 'studium-test-'));

function readCounts(file, pick) {
  try {
    return pick(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

/**
 * Runs lanes of commands side by side, each lane's commands one after another, each command's
 * output printed whole when it ends (so two lanes' lines never mix). Every lane runs to its end;
 * then the first failure, if any, stops the run.
 * @param {Array<Array<[string, string[]]>>} lanes
 */
async function checksSideBySide(lanes) {
  const runLane = async (lane) => {
    for (const [cmd, args] of lane) {
      const started = Date.now();
      const { code, output } = await runQuietly(cmd, args);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`  ${code === 0 ? '✓' : '✖'} ${path.basename(cmd)} ${args.join(' ')} (${seconds} s)`);
      if (output.trim()) console.log(output.trimEnd());
      if (code !== 0) throw new Error(`${path.basename(cmd)} ${args.join(' ')} exited with ${code}`);
    }
  };
  const failed = (await Promise.allSettled(lanes.map(runLane))).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** A command's exit code and its output (stdout and stderr, in order). */
function runQuietly(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
/** The failed tests' names, printed again beside the totals so the end of a long log names them. */
const failedNames = [];

/** Each failed vitest test as "file › title", from its JSON report. */
function vitestFailures(file) {
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    return r.testResults.flatMap((f) => {
      const where = path.relative(ROOT, f.name);
      const tests = f.assertionResults
        .filter((t) => t.status === 'failed')
        .map((t) => `${where} › ${t.fullName}`);
      return tests.length > 0 || f.status !== 'failed'
        ? tests
        : [`${where} (${(f.message ?? 'failed').split('\n')[0]})`];
    });
  } catch {
    return [];
  }
}

/** Each failed Playwright test as "file:line › title", from its JSON report. */
function playwrightFailures(file) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected')
          out.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`);
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  try {
    for (const suite of JSON.parse(fs.readFileSync(file, 'utf8')).suites ?? []) walk(suite, []);
  } catch {
    // no report: the run's own output says why
  }
  return out;
}
const add = (c) => {
  totals.passed += c.passed;
  totals.failed += c.failed;
  totals.skipped += c.skipped;
};

try {
  // Chromium is installed (apt, mostly waiting on the network) while the checks run; only the
  // browser tests need it.
  const browserReady = ensureDebianPackages(BROWSER_PACKAGES).then(
    () => null,
    (err) => err,
  );
  step('Typecheck, lint and format (two at a time)');
  await checksSideBySide([
    [
      [bin('tsc'), ['-p', 'protocol']],
      [bin('tsc'), ['-p', 'server']],
      [bin('tsc'), ['-p', 'web']],
    ],
    [
      [bin('eslint'), ['.', '--max-warnings=0']],
      [bin('prettier'), ['--check', '.', '--log-level=warn']],
    ],
  ]);
  await buildAll();
  const browserMissing = await browserReady;
  if (browserMissing) throw browserMissing;

  step('Unit and integration tests (SQLite and PostgreSQL)');
  const vitestJson = path.join(report, 'vitest.json');
  const vitestCode = await run(bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]);
  failedNames.push(...vitestFailures(vitestJson));
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
  failedNames.push(...playwrightFailures(pwJson));
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
  for (const p of pages) if (p.failures.length > 0) failedNames.push(`First-visit budget › ${p.name}`);
  const pagesFailed = pages.filter((p) => p.failures.length > 0).length;
  add({ passed: pages.length - pagesFailed, failed: pagesFailed, skipped: 0 });
} catch (err) {
  console.error(`\n✖ ${err.message ?? err}`);
  totals.failed += 1;
}

if (failedNames.length > 0) console.log(`\nFailed:\n${failedNames.map((n) => `  ✖ ${n}`).join('\n')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
