// The first-visit budget: Lighthouse (mobile profile: slow 4G, 4× CPU slowdown) against the
// production build served as `npm start` serves it, with Debian's Chromium. Pages: the landing
// page, /login, and /home and a chat room for a logged-in user. Each page is one test, passed
// when every score meets its target. Run by scripts/test.mjs after the browser tests (alone on the
// machine: the scores depend on CPU load), or by itself: `node scripts/lighthouse.mjs`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { ROOT, step } from './lib.mjs';
import { KIB, routeBundles } from '../web/src/app/route-bundles.ts';
import { CHROMIUM_PATH, disableFeaturesSwitch } from '../web/e2e/chromium.ts';

/** chrome-launcher's own `--disable-features` list, which ours (given after it) must repeat. */
const launcherDisabledFeatures = (
  chromeLauncher.Launcher.defaultFlags().find((flag) => flag.startsWith('--disable-features=')) ?? '='
)
  .split('=')[1]
  .split(',')
  .filter(Boolean);
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-gpu',
  disableFeaturesSwitch(launcherDisabledFeatures),
];
const PASSWORD = 'lighthouse-budget-42';
const CHAT_ROOM = 'humanities.philosophy';

/**
 * The phone we emulate. Lighthouse slows the CPU down 4× by default, a factor meant for a fast
 * desktop; on a slower or busier host the same factor emulates a much slower phone, and the
 * scores swing with the machine (a CI host scored /home 80 where a quiet one scores 96). So the
 * factor is calibrated, as Lighthouse's throttling guide recommends: each run measures the host
 * (Lighthouse's BenchmarkIndex) and the factor is chosen to bring it down to a mid-tier phone,
 * which Chrome DevTools' CPU calibration puts at BenchmarkIndex 1000 (a Pixel 5). Never below 1×.
 */
const MID_TIER_PHONE_INDEX = 1000;
const slowdownFor = (benchmarkIndex) =>
  Math.max(1, Math.round((benchmarkIndex / MID_TIER_PHONE_INDEX) * 10) / 10);
/**
 * Minimum scores (0–100) and the landing page's first contentful paint. /home and a chat room for
 * a signed-in user come with their frame in the page (their layout and loading states, prerendered
 * like the login form; the app loads after it has been painted), so their largest paint (the
 * chat's composer placeholder) comes with the first one. Every page is held to the same bar. The
 * chat room was held lower (75) until 0.10.10: its first run in a new browser scored 77–94 in some
 * budget runs, most of its longest task being the protocol's schemas built as the app's modules
 * were evaluated; the web build now builds each schema when it is first used
 * (web/vite-plugins/lazy-schemas.ts, docs/benchmarks.md). Until 0.10.2 the signed-in pages were
 * measured without their session and were the login form.
 */
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 };
const LANDING_FCP_MS = 1800;

/**
 * The machine's CPU time so far (/proc/stat, in clock ticks): all of it, and the part the
 * hypervisor gave to other virtual machines while this one had work to run (steal). Null where
 * the kernel does not say (not Linux).
 */
function cpuTicks() {
  try {
    const fields = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    // user nice system idle iowait irq softirq steal (guest time is counted in user already)
    return { total: fields.slice(0, 8).reduce((sum, n) => sum + n, 0), steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

/**
 * A run during which other machines took this share of the CPU or more measured the host's
 * neighbours as much as the page: Lighthouse's calibration measures the CPU once, before the
 * load, and a neighbour's burst during the load reads as the page's long tasks.
 */
const STOLEN_SHARE_LIMIT = 0.1;

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The built server on its own port and throw-away database, as web/e2e/start-server.mjs starts it. */
async function startServer(port) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studium-lighthouse-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(ROOT, 'web/dist'),
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/session/`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('the server did not start in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, stop };
}

/** Registers and logs in a user through the API; returns its Cookie header and a room's id. */
/**
 * Puts the session's cookies into the browser's own cookie jar, through the DevTools protocol, so
 * the page and every request it makes carry them. (A `Cookie` header set as an extra header does
 * not reach the page's own requests: the pages measured as signed in were the login page.)
 */
async function setBrowserCookies(port, base, cookieHeader) {
  const version = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error('cannot reach the browser to set its cookies'));
  });
  const cookies = cookieHeader.split('; ').map((pair) => {
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: base };
  });
  const answer = new Promise((resolve) => (socket.onmessage = (event) => resolve(JSON.parse(event.data))));
  socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies } }));
  const reply = await answer;
  socket.close();
  if (reply.error) throw new Error(`setting the session cookies failed: ${reply.error.message}`);
}

async function signIn(base) {
  const cookies = new Map();
  const call = async (method, url, body) => {
    const headers = {
      accept: 'application/json',
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (body)
      Object.assign(headers, {
        'content-type': 'application/json',
        'x-csrftoken': cookies.get('csrftoken') ?? '',
      });
    const res = await fetch(base + url, { method, headers, body: body && JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const username = `lh_${Date.now().toString(36)}`;
  await call('GET', '/api/csrf/');
  await call('POST', '/api/register/', { username, password: PASSWORD });
  await call('POST', '/api/login/', { username, password: PASSWORD });
  const room = await call('GET', `/api/rooms/${encodeURIComponent(CHAT_ROOM)}/`);
  return { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), roomId: room.id };
}

function check(name, lhr, targets, fcpMs, slowdown) {
  const scores = Object.fromEntries(
    Object.keys(targets).map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const fcp = lhr.audits['first-contentful-paint']?.numericValue ?? Infinity;
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity;
  const failures = Object.entries(targets)
    .filter(([id, min]) => scores[id] < min)
    .map(([id, min]) => `${id} ${scores[id]} < ${min}`);
  if (fcpMs !== undefined && fcp > fcpMs) failures.push(`FCP ${Math.round(fcp)} ms > ${fcpMs} ms`);
  // A run Lighthouse could not finish scores 0 (for example NO_FCP): say why, not only the score.
  if (lhr.runtimeError) failures.push(`  run error: ${lhr.runtimeError.code} (${lhr.runtimeError.message})`);
  // What to fix: the failing audits of the failing categories.
  for (const id of Object.keys(targets).filter((c) => scores[c] < targets[c])) {
    for (const ref of lhr.categories[id].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 0.9)
        failures.push(`  ${id}: ${audit.id} (${audit.displayValue ?? audit.score})`);
    }
  }
  const benchmarkIndex = Math.round(lhr.environment.benchmarkIndex);
  const runError = lhr.runtimeError?.code;
  return { name, scores, fcp, lcp, targets, fcpMs, failures, slowdown, benchmarkIndex, runError };
}

/** Runs the budget; returns one result per page. */
export async function runLighthouseBudget() {
  const port = await freePort();
  const server = await startServer(port);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const { cookie, roomId } = await signIn(server.base);
    const pages = [
      { name: 'landing (/)', url: '/', targets: TARGETS, fcpMs: LANDING_FCP_MS },
      { name: '/login', url: '/#/login', targets: TARGETS },
      { name: '/home (logged in)', url: '/#/home', targets: TARGETS, cookie },
      {
        name: `chat room ${CHAT_ROOM} (logged in)`,
        url: `/#/chat/${roomId}`,
        targets: TARGETS,
        cookie,
      },
    ];
    const run = (url, categories, slowdown) =>
      lighthouse(server.base + url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
        // Lighthouse's own mobile profile (slow 4G), with the calibrated CPU factor.
        throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown },
      });
    // The first measurement of the host: a run of the landing page at Lighthouse's own 4×. Every
    // run measures the host again, and the next run uses that figure.
    let slowdown = slowdownFor((await run('/', ['performance'], 4)).lhr.environment.benchmarkIndex);
    let signedIn = false;
    const measure = async (page) => {
      // The pages of a visitor come first; from the first signed-in page on, the browser holds the session.
      if (page.cookie && !signedIn) {
        await setBrowserCookies(chrome.port, server.base, page.cookie);
        signedIn = true;
      }
      const before = cpuTicks();
      const { lhr } = await run(page.url, Object.keys(page.targets), slowdown);
      const after = cpuTicks();
      // A page that sent the browser elsewhere (a signed-in page to the login form) measured another page.
      if (new URL(lhr.finalDisplayedUrl).hash !== new URL(server.base + page.url).hash)
        throw new Error(`${page.name}: the page ended at ${lhr.finalDisplayedUrl}, not the page meant`);
      const result = check(page.name, lhr, page.targets, page.fcpMs, slowdown);
      if (before && after && after.total > before.total)
        result.stolen = (after.steal - before.steal) / (after.total - before.total);
      slowdown = slowdownFor(lhr.environment.benchmarkIndex);
      return result;
    };
    const results = [];
    for (const page of pages) {
      // A page below target is measured again, up to three runs in all: its score moves a few
      // points from run to run (the first measurement of /login after the landing page is often
      // the lowest); a real regression fails every run. A run Lighthouse could not finish
      // (NO_NAVSTART: its trace lacks the page's navigation, in about one budget run of three on
      // Debian's Chromium) measured nothing, and a run during which other machines took a tenth of
      // the CPU or more measured them too: neither counts among the three. At most two such runs
      // are repeated, the busy host's after a pause.
      // The performance of the runs before the last, printed beside it: how far the reruns were needed.
      const earlier = [];
      let counted = 0;
      let repeated = 0;
      for (;;) {
        const result = await measure(page);
        const hostBusy = (result.stolen ?? 0) >= STOLEN_SHARE_LIMIT;
        const failed = result.failures.length > 0;
        if (failed && (result.runError || hostBusy) && repeated < 2) repeated += 1;
        else counted += 1;
        if (!failed || counted === 3) {
          results.push(earlier.length > 0 ? { ...result, retried: earlier.length + 1, earlier } : result);
          break;
        }
        if (hostBusy) await new Promise((resolve) => setTimeout(resolve, 10_000));
        earlier.push(
          `${result.scores.performance}${result.runError ? ` (${result.runError})` : ''}${hostBusy ? ` (${stolenText(result.stolen)})` : ''}`,
        );
      }
    }
    return results;
  } finally {
    chrome.kill();
    await server.stop();
  }
}

/** "23 % of the CPU to other machines": the steal share of a run, as printed. */
const stolenText = (share) => `${Math.round(share * 100)} % of the CPU to other machines`;

export function printResults(results) {
  for (const r of results) {
    const scores = Object.entries(r.scores)
      .map(([id, s]) => `${id} ${s}`)
      .join(', ');
    const mark = r.failures.length ? '✖' : '✓';
    console.log(
      `  ${mark} ${r.name}: ${scores}; FCP ${(r.fcp / 1000).toFixed(1)} s, LCP ${(r.lcp / 1000).toFixed(1)} s; CPU ${r.slowdown}× slower (host ${r.benchmarkIndex}${r.stolen >= 0.01 ? `, ${stolenText(r.stolen)}` : ''})${r.retried ? ` (run ${r.retried}; performance before: ${r.earlier.join(', ')})` : ''}`,
    );
    for (const failure of r.failures) console.log(`      ${failure}`);
  }
}

// docs/benchmarks.md keeps this section between the markers; `npm run bench` replaces only its own parts.
export const SECTION_START = '<!-- first-visit:start -->';
export const SECTION_END = '<!-- first-visit:end -->';

/** The section of docs/benchmarks.md: Lighthouse scores and each route's gzipped JavaScript. */
export function budgetSection(results, seconds) {
  const fmtScore = (r, id) => `${r.scores[id]} (≥ ${r.targets[id]})`;
  const bundles = routeBundles(path.join(ROOT, 'web/dist'));
  return [
    SECTION_START,
    '## First visit on a phone',
    '',
    `Command: \`node scripts/lighthouse.mjs\` (${Math.round(seconds)} s; \`npm test\` runs the same budget). Measured ${new Date().toISOString().slice(0, 16)}Z`,
    `on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}, load average ${os.loadavg()[0].toFixed(1)} at the end (Lighthouse's simulated throttling still`,
    'depends on the CPU time the page really takes, so a busy machine scores lower).',
    '',
    "Lighthouse 13, mobile profile (slow 4G; the CPU slowed down to a mid-tier phone's, BenchmarkIndex 1000, from the host's own",
    "BenchmarkIndex measured in the run before), Debian's Chromium, against the production build served as `npm start` serves it;",
    '/home and the chat room with a logged-in user, who has come through the landing page and /login as a new user does.',
    '',
    '| page | performance | accessibility | best practices | FCP | LCP | CPU slowdown (host) | met |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${fmtScore(r, 'performance')} | ${fmtScore(r, 'accessibility')} | ${fmtScore(r, 'best-practices')} | ${(r.fcp / 1000).toFixed(1)} s${r.fcpMs ? ` (≤ ${r.fcpMs / 1000} s)` : ''} | ${(r.lcp / 1000).toFixed(1)} s | ${r.slowdown}× (${r.benchmarkIndex}${r.stolen >= 0.01 ? `; ${stolenText(r.stolen)}` : ''}) | ${r.failures.length ? 'NO' : 'yes'} |`,
    ),
    '',
    'JavaScript each route loads before it renders (its chunks and their static imports, gzipped), checked by',
    '`web/src/app/route-bundles.test.ts`:',
    '',
    '| route | JavaScript (gzip) | budget | met | loaded later (gzip) |',
    '|---|---|---|---|---|',
    ...bundles.map(
      (b) =>
        `| ${b.route} | ${(b.gzipBytes / KIB).toFixed(1)} KiB | ${b.budgetBytes / KIB} KiB | ${b.gzipBytes <= b.budgetBytes ? 'yes' : 'NO'} | ${b.deferredGzipBytes ? `${(b.deferredGzipBytes / KIB).toFixed(1)} KiB` : ''} |`,
    ),
    '',
    '"Loaded later" is what a route\'s code imports on its own once it runs: dialogs on demand, and the chat\'s markdown',
    'renderer, which arrives once a message shows or the browser is idle after the room has rendered. Every page also',
    "gets a 1.2 KiB blocking boot script (the stored theme, the route's modules asked for at once, the frame of /home or a",
    "chat, a chat's session and room asked for early) and the service worker registration.",
    SECTION_END,
  ].join('\n');
}

/** Replaces (or appends) the section in docs/benchmarks.md. */
export function writeBudgetSection(section) {
  const file = path.join(ROOT, 'docs/benchmarks.md');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf(SECTION_START);
  const end = text.indexOf(SECTION_END);
  const rest = start >= 0 && end > start ? text.slice(0, start) + text.slice(end + SECTION_END.length) : text;
  fs.writeFileSync(file, `${rest.trimEnd()}\n\n${section}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  step('Lighthouse budget (mobile profile)');
  const results = await runLighthouseBudget();
  printResults(results);
  writeBudgetSection(budgetSection(results, (performance.now() - started) / 1000));
  console.log('\n  Results written to docs/benchmarks.md');
  process.exit(results.some((r) => r.failures.length) ? 1 : 0);
}
