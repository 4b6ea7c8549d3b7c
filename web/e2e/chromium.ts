// How the browser tests, the README's screenshots and the first-visit budget start Debian's Chromium.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Chromium features turned off on top of each tool's own list. Chromium 156 builds the address
 * bar's suggestion popup as two WebUI pages (chrome://omnibox-popup.top-chrome/ and its AI-mode
 * page) in a renderer of their own for every new window, headless too, where no address bar is
 * ever shown: about 0.8 s of CPU a window. Playwright opens a window for every browser context,
 * so the browser tests paid it for every context, on a two-core machine beside the pages under
 * test (docs/benchmarks.md, "The test suite's time").
 */
export const EXTRA_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * One `--disable-features` switch holding a tool's own list and ours. Chromium reads only the
 * last `--disable-features` on its command line, so ours, given after the tool's, must repeat it.
 */
export function disableFeaturesSwitch(toolDefaults: readonly string[]): string {
  return `--disable-features=${[...new Set([...toolDefaults, ...EXTRA_DISABLED_FEATURES])].join(',')}`;
}

/**
 * The features Playwright itself turns off (it passes them as its own `--disable-features`),
 * read from the playwright-core it runs: Playwright has no API for its default switches.
 */
export function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const bundle = fs.readFileSync(
    path.join(path.dirname(require.resolve('playwright-core/package.json')), 'lib/coreBundle.js'),
    'utf8',
  );
  const list = /\bdisabledFeatures = \[([\s\S]*?)\]/.exec(bundle)?.[1];
  const names = [...(list ?? '').replace(/\/\/.*$/gm, '').matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]!);
  if (names.length === 0)
    throw new Error(
      "Playwright's own --disable-features list was not found in playwright-core; web/e2e/chromium.ts reads it to keep it beside ours",
    );
  return names;
}

/** The switches every Playwright launch of Chromium gets (the browser tests and the screenshots). */
export function playwrightChromiumArgs(): string[] {
  return [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-gpu',
    disableFeaturesSwitch(playwrightDisabledFeatures()),
  ];
}
