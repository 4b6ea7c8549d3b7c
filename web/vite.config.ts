import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { TOAST_DEFAULTS } from '../protocol/src/limits.ts';
import { PRODUCT_NAME_DEFAULT } from '../protocol/src/texts.ts';
import { landingShell } from './vite-plugins/landing-shell.ts';
import { installableApp } from './vite-plugins/installable-app.ts';
import { emojiData } from './vite-plugins/emoji-data.ts';

const API_TARGET = 'http://127.0.0.1:8000';

/**
 * sonner injects its stylesheet with a nonce-less <style> element at import time, which the CSP
 * (`style-src 'self' 'nonce-…'`) blocks. We drop that injection and import `sonner/dist/styles.css`
 * instead. sonner 2 also hard-codes a 45 px swipe threshold and has no option for it; a toast
 * goes with a 20 px swipe (TOAST_DEFAULTS.swipeThresholdPx), as web/e2e/toasts.spec.ts checks.
 */
function sonnerCspPatch(): Plugin {
  return {
    name: 'studium:sonner-csp',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const patched = code
        .replace('function __insertCSS(code) {', 'function __insertCSS(code) {\n  return;')
        .replace(
          /const SWIPE_THRESHOLD = \d+;/,
          `const SWIPE_THRESHOLD = ${TOAST_DEFAULTS.swipeThresholdPx};`,
        );
      if (patched === code) this.warn('sonner patch did not apply; check the sonner version');
      return { code: patched, map: null };
    },
  };
}

/**
 * frimousse (the emoji picker) numbers its grid's rows and columns from 0, where ARIA counts from
 * 1 (axe reports `aria-rowindex="0"` as invalid). The patch numbers them from 1, and shifts the
 * lookup that scrolls the active row into view to match.
 */
function frimousseAriaPatch(): Plugin {
  const fixes: [string, string][] = [
    ['"aria-rowindex":t?void 0:e', '"aria-rowindex":t?void 0:e+1'],
    ['"aria-colindex":t,', '"aria-colindex":t+1,'],
    ['querySelector(`[aria-rowindex="${R}"]`)', 'querySelector(`[aria-rowindex="${R+1}"]`)'],
  ];
  return {
    name: 'studium:frimousse-aria',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]frimousse[\\/]dist[\\/]index\.js$/.test(id)) return null;
      let patched = code;
      for (const [from, to] of fixes) {
        if (!patched.includes(from))
          this.warn(`frimousse patch did not apply (${from}); check the frimousse version`);
        patched = patched.replace(from, to);
      }
      return { code: patched, map: null };
    },
  };
}

/**
 * `@studium/protocol` is pure (constants, zod schemas, types), but bundlers cannot know that, so
 * its unused zod schemas would pull zod into the first-load bundle. Declaring it side-effect free
 * lets tree-shaking drop what the web app does not import.
 */
function protocolSideEffectFree(): Plugin {
  return {
    name: 'studium:protocol-pure',
    transform(_code, id) {
      if (/[\\/]protocol[\\/]src[\\/]/.test(id)) return { moduleSideEffects: false };
      return null;
    },
  };
}

export default defineConfig({
  plugins: [
    sonnerCspPatch(),
    frimousseAriaPatch(),
    protocolSideEffectFree(),
    react(),
    tailwindcss(),
    landingShell(),
    emojiData(),
    installableApp(process.env.PRODUCT_NAME || PRODUCT_NAME_DEFAULT),
    // Every text asset also as .br and .gz, served as they are by the server (index.html is
    // stamped per request, so the server compresses that one itself).
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.html$/] }),
  ],
  // Pre-bundled deps skip plugin transforms; keep the patched packages out so the patches apply in dev too.
  optimizeDeps: { exclude: ['sonner', 'frimousse'] },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/ws': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // The bundle-size budget test reads which chunks each route loads from here.
    manifest: true,
    // Fonts stay files: the CSP's font-src admits no data: URL (KaTeX has some tiny ones).
    assetsInlineLimit: (file) => (/\.(?:woff2?|ttf)$/.test(file) ? false : undefined),
  },
});
