import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, playwrightChromiumArgs } from './e2e/chromium.ts';

const isCI = Boolean(process.env.CI);
// E2E_PORT lets two suites (e.g. a clean clone and a work tree) run side by side.
const port = Number(process.env.E2E_PORT ?? 8123);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/.output',
  fullyParallel: true,
  workers: 2,
  retries: isCI ? 1 : 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    // The app's service worker answers API reads itself (network first, its copy when offline),
    // and requests it answers never reach page.route: tests that fake a failing API would see
    // the real answer once it controls the page. Only the specs about the installed, offline
    // app let it run (`test.use({ serviceWorkers: 'allow' })`).
    serviceWorkers: 'block',
    // A failed test keeps its trace: each step's DOM, the network and the console. Not the
    // screencast of the page (the trace's filmstrip): encoding it cost about a quarter of the
    // browser tests' time on the two-core machine (docs/benchmarks.md, "The test suite's time").
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: playwrightChromiumArgs(),
    },
  },
  webServer: {
    command: 'node ../web/e2e/start-server.mjs',
    url: `http://127.0.0.1:${port}/api/session/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
